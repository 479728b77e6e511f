/// JSON text written byte by byte into a buffer: what the page reads from the module's memory.
/// Embedded Swift has no Codable; the page's JSON is small and flat.
struct JSONWriter {
    private(set) var bytes: [UInt8] = []

    init() { bytes.reserveCapacity(4096) }

    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func number(_ value: Int) { number(Int64(value)) }

    /// An integer (Int is 32 bits on wasm32: instants and local seconds are Int64).
    mutating func number(_ value: Int64) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude, digits: [UInt8] = []
        repeat {
            digits.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        bytes.append(contentsOf: digits.reversed())
    }

    /// A JSON string: quotes, backslashes and control characters escaped, the rest as UTF-8.
    mutating func string(_ text: String) {
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

    mutating func optionalString(_ text: String?) {
        if let text { string(text) } else { raw("null") }
    }
}
