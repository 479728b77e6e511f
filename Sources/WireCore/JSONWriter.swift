/// JSON text written byte by byte into a buffer, for what Embedded Swift (the web page's module)
/// writes without `Codable`: the plan's one wire shape (`MeetingPlan.wireJSON(weekly:)`, which the
/// kit reads back to encode sorted and indented) and the module's search answers. It lives in
/// WireCore, the lowest module both the planner and the module's search see.
package struct JSONWriter {
    /// The text so far, in UTF-8.
    public private(set) var bytes: [UInt8] = []

    /// An empty buffer, with room for a typical answer.
    public init() { bytes.reserveCapacity(4096) }

    /// `text` as it is: punctuation and keys (`{"start":`).
    public mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// An integer.
    public mutating func number(_ value: Int) { number(Int64(value)) }

    /// An integer (Int is 32 bits on wasm32: instants and local seconds are Int64).
    public mutating func number(_ value: Int64) { Self.appendDigits(value, to: &bytes) }

    /// `value`'s decimal digits appended to UTF-8 bytes, zeros in front up to `width`, a minus
    /// before them when negative: the one digit writer of the package's text (JSON numbers here,
    /// ISO 8601 text and `zeroPadded` beside it), by hand so that Embedded Swift writes
    /// them as the native build does.
    public static func appendDigits(_ value: Int64, width: Int = 1, to out: inout [UInt8]) {
        if value < 0 { out.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude, digits: [UInt8] = []
        repeat {
            digits.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        while digits.count < width { digits.append(UInt8(ascii: "0")) }
        out.append(contentsOf: digits.reversed())
    }

    /// `true` or `false`.
    public mutating func bool(_ value: Bool) {
        if value { raw("true") } else { raw("false") }
    }

    /// A JSON string: quotes, backslashes and control characters escaped, the rest as UTF-8.
    public mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): raw("\\\"")
            case UInt8(ascii: "\\"): raw("\\\\")
            case UInt8(ascii: "\n"): raw("\\n")
            case 0..<0x20:
                raw("\\u00")
                let digits: StaticString = "0123456789abcdef"
                bytes.append(digits.utf8Start[Int(byte >> 4)])
                bytes.append(digits.utf8Start[Int(byte & 0xF)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// A string whose bytes need no escaping (ISO 8601 text, written by `text`) in quotes.
    public mutating func plainString(_ text: (inout [UInt8]) -> Void) {
        bytes.append(UInt8(ascii: "\""))
        text(&bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    /// A string, or `null`.
    public mutating func optionalString(_ text: String?) {
        if let text { string(text) } else { raw("null") }
    }
}
