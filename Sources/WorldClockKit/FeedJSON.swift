import WireCore

#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// The feed's JSON encoding: stable key order, slashes unescaped.
package enum FeedJSON {
    /// `value` as the feed's JSON: keys sorted, slashes unescaped, indented when `pretty` (by the
    /// one pretty-printer of wire bytes, `JSONWriter.pretty`).
    public static func encode<Value: Encodable>(_ value: Value, pretty: Bool = false) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // These plain value types (strings, integers, no floats) always encode: a failure is a bug
        // in a type, stopped with its name rather than written as an empty object.
        do {
            let compact = try encoder.encode(value)
            return pretty ? Data(JSONWriter.pretty(Array(compact))) : compact
        } catch { preconditionFailure("encoding \(Value.self) as JSON failed: \(error)") }
    }

    /// Pretty JSON followed by a newline, as the CLI prints it.
    public static func encodeLine<Value: Encodable>(_ value: Value) -> Data {
        encode(value, pretty: true) + Data("\n".utf8)
    }
}
