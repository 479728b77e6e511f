import Foundation

/// ISO 8601 text for instants and local times, and parsing of a user's `--at` / `?at=`.
public enum ISO8601 {
    /// "2026-11-23T10:00:00Z".
    public static func utc(_ instant: Date) -> String {
        let local = LocalDateTime(secondsSinceEpoch: Int64(instant.timeIntervalSince1970.rounded(.down)))
        return dateTime(local) + "Z"
    }

    /// "2026-11-23T19:00:00+09:00".
    public static func local(_ local: LocalDateTime, offset: Int) -> String {
        dateTime(local) + KoreanTimeFormat.isoOffset(offset)
    }

    private static func dateTime(_ t: LocalDateTime) -> String {
        func pad(_ n: Int, _ width: Int) -> String {
            let digits = String(abs(n))
            return (n < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(t.year, 4))-\(pad(t.month, 2))-\(pad(t.day, 2))T\(pad(t.hour, 2)):\(pad(t.minute, 2)):\(pad(t.second, 2))"
    }

    /// Parses an instant with a UTC designator or offset: 2026-07-15T12:00:00Z,
    /// 2026-07-15T21:00:00+09:00, with optional fractional seconds.
    /// - Throws: `InstantError` saying what form is expected.
    public static func parseInstant(_ text: String) throws(InstantError) -> Date {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.count <= 64 else { throw InstantError(text: String(text.prefix(64)) + "…") }
        for options: ISO8601DateFormatter.Options in [[.withInternetDateTime], [.withInternetDateTime, .withFractionalSeconds]] {
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = options
            if let date = formatter.date(from: trimmed) { return date }
        }
        throw InstantError(text: text)
    }
}

/// An instant that is not ISO 8601.
public struct InstantError: Error, Equatable, Sendable, CustomStringConvertible {
    public let text: String
    public var description: String {
        "\"\(text)\" is not an ISO 8601 instant; use e.g. 2026-07-15T12:00:00Z or 2026-07-15T21:00:00+09:00"
    }
}
