/// JSON text written byte by byte into a buffer, without `Codable` (which Embedded Swift, the web
/// page's module, lacks): the package's one writer of the wire's shapes (the plan, the feed's time
/// and transition, the error envelope, the module's search answers), its one string escaper and its
/// one pretty-printer. The kit's `Codable` types read what it writes.
package struct JSONWriter {
    /// The text so far, in UTF-8.
    public internal(set) var bytes: [UInt8] = []
    /// Whether the object being written has a field already (`field` writes a comma first).
    var fieldWritten = false

    /// An empty buffer, with room for `capacity` bytes (a typical answer by default).
    public init(capacity: Int = 4096) { bytes.reserveCapacity(capacity) }

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
    /// ISO 8601 text and `zeroPadded` beside it), by hand so that Embedded Swift writes them as the
    /// native build does, and with no buffer of its own (the feed writes thousands a body).
    public static func appendDigits(_ value: Int64, width: Int = 1, to out: inout [UInt8]) {
        if value < 0 { out.append(UInt8(ascii: "-")) }
        let magnitude = value.magnitude
        var scale: UInt64 = 1, count = 1
        while magnitude / scale >= 10 { (scale, count) = (scale * 10, count + 1) }
        for _ in 0..<max(width - count, 0) { out.append(UInt8(ascii: "0")) }
        while scale > 0 {
            out.append(UInt8(ascii: "0") + UInt8(magnitude / scale % 10))
            scale /= 10
        }
    }

    /// `true` or `false`.
    public mutating func bool(_ value: Bool) {
        if value { raw("true") } else { raw("false") }
    }

    /// A JSON string, escaped by `escape(_:_:)`.
    public mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { Self.escape($0) { bytes.append(contentsOf: $0) } }
        bytes.append(UInt8(ascii: "\""))
    }

    /// `text` as a JSON string with its quotes.
    public static func quoted(_ text: String) -> String {
        var json = JSONWriter(capacity: text.utf8.count + 2)
        json.string(text)
        return String(decoding: json.bytes, as: UTF8.self)
    }

    /// The package's one JSON string escaper (the wire, the web module, the log lines): what
    /// Foundation's `JSONEncoder` escapes, as it does (quote, backslash, `\n` `\r` `\t` `\b` `\f`,
    /// other control characters as `\u001f`; slashes and non-ASCII as they are), so that the
    /// bytes the kit's `Codable` types read are the ones they would write. `append` is given each
    /// run of bytes between escapes whole (most often the whole text), then each escape.
    public static func escape(_ text: UnsafeBufferPointer<UInt8>, _ append: (UnsafeBufferPointer<UInt8>) -> Void) {
        var run = 0
        for index in text.indices {
            let byte = text[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            append(UnsafeBufferPointer(rebasing: text[run..<index]))
            run = index + 1
            let hex: StaticString = "0123456789abcdef"
            var escaped: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (UInt8(ascii: "\\"), byte, 0x30, 0x30, 0, 0)
            var count = 2
            switch byte {
            case 0x0A: escaped.1 = UInt8(ascii: "n")
            case 0x0D: escaped.1 = UInt8(ascii: "r")
            case 0x09: escaped.1 = UInt8(ascii: "t")
            case 0x08: escaped.1 = UInt8(ascii: "b")
            case 0x0C: escaped.1 = UInt8(ascii: "f")
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): break
            default: (escaped.1, escaped.4, escaped.5, count) = (UInt8(ascii: "u"), hex.utf8Start[Int(byte >> 4)], hex.utf8Start[Int(byte & 0xF)], 6)
            }
            withUnsafeBytes(of: &escaped) { append(UnsafeBufferPointer(start: $0.baseAddress!.assumingMemoryBound(to: UInt8.self), count: count)) }
        }
        append(UnsafeBufferPointer(rebasing: text[run...]))
    }

    /// A string whose bytes need no escaping (ISO 8601 text, written by `text`) in quotes.
    public mutating func plainString(_ text: (inout [UInt8]) -> Void) {
        bytes.append(UInt8(ascii: "\""))
        text(&bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    /// The error envelope every surface answers a refusal with (the server, `--json`, the web
    /// module): `{"error":{"code":…,"message":…}}`, the shape `FeedError` reads; a warning's is
    /// the same under `"warning"`.
    public static func error(code: String, message: String, warning: Bool = false) -> [UInt8] {
        var json = JSONWriter(capacity: 40 + code.utf8.count + message.utf8.count)
        json.object { json in
            json.field(warning ? "warning" : "error") { json in
                json.object {
                    $0.field("code", code)
                    $0.field("message", message)
                }
            }
        }
        return json.bytes
    }

    /// Compact JSON (as written here) indented as the CLI's `--json` prints it: two spaces a
    /// level, `"key" : value`, an empty array or object as its brackets around a blank line
    /// (Foundation's `.prettyPrinted` form, which the CLI has always printed).
    public static func pretty(_ compact: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(compact.count * 2)
        var depth = 0, index = 0, inString = false, escaped = false
        func newline() {
            out.append(0x0A)
            for _ in 0..<depth * 2 { out.append(0x20) }
        }
        while index < compact.count {
            let byte = compact[index]
            index += 1
            if inString {
                out.append(byte)
                (escaped, inString) = (!escaped && byte == UInt8(ascii: "\\"), escaped || byte != UInt8(ascii: "\""))
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
                out.append(byte)
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                out.append(byte)
                if index < compact.count, compact[index] == byte + 2 {  // } is { + 2, ] is [ + 2
                    out.append(0x0A)
                    newline()
                    out.append(compact[index])
                    index += 1
                } else {
                    depth += 1
                    newline()
                }
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                newline()
                out.append(byte)
            case UInt8(ascii: ","):
                out.append(byte)
                newline()
            case UInt8(ascii: ":"): out += [0x20, byte, 0x20]
            default: out.append(byte)
            }
        }
        return out
    }
}
