/// User text made safe to quote in an error message or a log line: control and format characters
/// (C0, DEL, C1, bidirectional overrides, zero-width characters) escaped as `\u{1B}`, and cut
/// after `limit` scalars with "…" — an echoed argument can neither act on a terminal nor be huge.
package enum PrintableText {
    /// `text` escaped and cut; `limit` nil keeps every scalar.
    public static func escaped(_ text: String, limit: Int? = 40) -> String {
        let scalars = text.unicodeScalars, limit = limit ?? .max
        // Most text (every table name) has nothing to escape and fits: returned as it is, without
        // a string per scalar.
        var count = 0
        if scalars.allSatisfy({
            count += 1
            return !needsEscape($0)
        }), count <= limit {
            return text
        }
        let shown = scalars.prefix(limit).map { scalar in needsEscape(scalar) ? scalar.escaped(asASCII: true) : String(scalar) }.joined()
        return scalars.count > limit ? shown + "…" : shown
    }

    /// Control and format characters; printable ASCII and Hangul syllables without a property lookup.
    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20..<0x7F, 0xAC00...0xD7A3: false
        default:
            switch scalar.properties.generalCategory {
            case .control, .format: true
            default: false
            }
        }
    }
}
