/// User text made safe to quote in an error message or a log line: control and format characters
/// (C0, DEL, C1, bidirectional overrides, zero-width characters) escaped as `\u{1B}`, and cut
/// after `limit` scalars with "…" — an echoed argument can neither act on a terminal nor be huge.
public enum PrintableText {
    /// `text` escaped and cut; `limit` nil keeps every scalar.
    public static func escaped(_ text: String, limit: Int? = 40) -> String {
        let scalars = text.unicodeScalars, limit = limit ?? .max
        let shown = scalars.prefix(limit).map { scalar in
            switch scalar.properties.generalCategory {
            case .control, .format: scalar.escaped(asASCII: true)
            default: String(scalar)
            }
        }.joined()
        return scalars.count > limit ? shown + "…" : shown
    }
}
