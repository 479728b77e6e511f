package import WireCore

#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// The bodies the package writes, as `Data`: the wire's bytes (`WireWritable`), keys sorted,
/// slashes unescaped, indented when `pretty` by the one pretty-printer (`JSONWriter.pretty`).
package enum FeedJSON {
    /// `value` as the feed's JSON.
    public static func encode(_ value: some WireWritable, pretty: Bool = false) -> Data {
        let compact = JSONWriter.bytes(of: value)
        return Data(pretty ? JSONWriter.pretty(compact) : compact)
    }
}
