/// A query that names a UTC offset: `UTC+9`, `UTC+09:00`, `+09:00`, `GMT-5`, `+5:30`, `UTC−3`
/// (with U+2212). Search answers it from the zones' rules at the instant shown, not from the
/// tables: an offset is what a row says now.
package struct OffsetQuery: Equatable, Sendable {
    /// Seconds east of UTC.
    public let seconds: Int

    /// The query's offset, or nil when it is not one. A bare number (`9`) is not an offset: it
    /// could be anything; a sign or `UTC`/`GMT` makes it one.
    public init?(_ query: String) {
        var text = Substring(String(query.filter { $0 != " " }.map { $0 == "\u{2212}" ? "-" : $0 }))
        for prefix in ["UTC", "GMT", "utc", "gmt", "Utc", "Gmt", "UT"] where text.hasPrefix(prefix) {
            text = text.dropFirst(prefix.count)
            break
        }
        // UTC or GMT alone is a name search finds (the UTC place, GMT as a zone name), not an offset.
        guard !text.isEmpty else { return nil }
        guard let sign = text.first, sign == "+" || sign == "-" else { return nil }
        text = text.dropFirst()
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        var hours: Int, minutes = 0
        switch parts.count {
        case 1:
            let digits = parts[0]
            guard !digits.isEmpty, digits.count <= 4, digits.allSatisfy({ $0.isASCII }), let value = Int(digits) else { return nil }
            // +9, +09, +0900, +530
            if digits.count <= 2 {
                hours = value
            } else {
                hours = value / 100
                minutes = value % 100
            }
        case 2:
            guard (1...2).contains(parts[0].count), parts[1].count == 2, parts.allSatisfy({ $0.allSatisfy { $0.isASCII } }),
                let h = Int(parts[0]), let m = Int(parts[1])
            else { return nil }
            hours = h
            minutes = m
        default:
            return nil
        }
        guard hours <= 18, minutes <= 59 else { return nil }
        seconds = (sign == "-" ? -1 : 1) * (hours * 3600 + minutes * 60)
    }

    /// "UTC+9", "UTC+5:30", as the rows show offsets.
    public var text: String { Self.text(seconds) }

    /// An offset as the rows show it: "UTC+9", "UTC+5:30", "UTC−3" (with U+2212).
    public static func text(_ seconds: Int) -> String {
        let sign = seconds < 0 ? "\u{2212}" : "+"
        let minutes = abs(seconds) / 60
        let rest = minutes % 60
        return "UTC\(sign)\(minutes / 60)" + (rest == 0 ? "" : (rest < 10 ? ":0" : ":") + String(rest))
    }
}
