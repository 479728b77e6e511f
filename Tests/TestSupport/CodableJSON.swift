import Foundation
import WorldClockKit

/// What the kit's `Codable` types write with Foundation's encoder, keys sorted and slashes as they
/// are: the bytes the wire's one writer (`JSONWriter`, WireCore) must equal, for the tests that
/// hold the two to each other.
package enum CodableJSON {
    /// `value` through `JSONEncoder`, keys sorted, slashes unescaped.
    package static func encode(_ value: some Encodable, pretty: Bool = false) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted] : [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(value)
    }
}

extension CodableJSON {
    /// `body` parsed and written again by `JSONEncoder`, keys sorted, slashes unescaped: what a
    /// body the wire wrote must equal byte for byte (no floats: the wire writes none).
    /// Indented as `.prettyPrinted` when `pretty`.
    package static func writtenAgain(_ body: Data, pretty: Bool = false) throws -> Data {
        try encode(JSONDecoder().decode(WireValue.self, from: body), pretty: pretty)
    }
}
