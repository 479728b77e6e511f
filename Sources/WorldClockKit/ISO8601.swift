public import WireCore

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// ISO 8601 text for instants and local times, and the one parser of a user's `--at` / `?at=`.
///
/// Both directions use the proleptic Gregorian calendar for every year (Foundation's calendar
/// switches to Julian before 1582-10-15) and integer arithmetic only.
public enum ISO8601 {
    /// "2026-11-23T10:00:00Z".
    public static func utc(_ instant: Date) -> String {
        ISOText.utc(Int64(instant.timeIntervalSince1970.rounded(.down)))
    }

    /// "2026-11-23T19:00:00+09:00".
    public static func local(_ local: LocalDateTime, offset: Int) -> String {
        ISOText.local(local, offset: offset)
    }

    /// Longer input is refused before it is read (the longest sensible instant is about 35 bytes).
    package static let maximumInstantLength = 64

    /// The earliest and latest instants `parseInstant` accepts: 0001-01-01T00:00:00Z and
    /// 9999-12-31T23:59:59Z, in seconds since 1970.
    package static let acceptedSeconds: ClosedRange<Int64> = -62_135_596_800...253_402_300_799

    /// Parses an RFC 3339 date-time (section 5.6), strictly:
    /// `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`; `t` and `z` may be lower case (RFC 3339 allows
    /// it); no spaces, no other offset forms (`+0900`, `+09`, `+09:00:00`, `GMT`), nothing after it.
    ///
    /// - The date must exist in the proleptic Gregorian calendar (no 2026-02-30), year 0001–9999,
    ///   and the instant, once the offset is applied, must lie in 0001-01-01T00:00:00Z…9999-12-31T23:59:59Z.
    /// - Seconds are 00–59; `60` is a leap second and only accepted as 23:59:60 UTC on the last
    ///   day of a month (where ITU-R TF.460 may put one). POSIX time has no leap seconds, so it is
    ///   read as the next day's 00:00:00Z.
    /// - A fraction of a second (any number of digits) is accepted and dropped: the feed counts
    ///   whole seconds.
    /// - Throws: `InstantError` naming what is wrong.
    public static func parseInstant(_ text: String) throws(InstantError) -> Date {
        Date(timeIntervalSince1970: TimeInterval(try parseSeconds(text)))
    }

    /// `parseInstant` as whole seconds since 1970-01-01T00:00:00Z.
    package static func parseSeconds(_ text: String) throws(InstantError) -> Int64 {
        let length = text.utf8.count
        guard length > 0 else { throw InstantError(text: text, reason: "it is empty") }
        guard length <= maximumInstantLength else {
            throw InstantError(text: text, reason: "it is \(length) bytes long; an instant is at most \(maximumInstantLength)")
        }
        var reader = Reader(bytes: Array(text.utf8), text: text)
        let year = try reader.number(digits: 4, "the year (4 digits, 0001–9999)")
        try reader.expect("-", after: "the year")
        let month = try reader.number(digits: 2, "the month (2 digits, 01–12)")
        try reader.expect("-", after: "the month")
        let day = try reader.number(digits: 2, "the day (2 digits)")
        guard !reader.atEnd else {
            throw reader.error("it is a date without a time; give a full date-time such as 2026-07-15T12:00:00Z")
        }
        try reader.expect("T", orLower: true, after: "the date", hint: reader.peek == UInt8(ascii: " ") ? " (RFC 3339's T, not a space)" : "")
        let hour = try reader.number(digits: 2, "the hour (2 digits, 00–23)")
        try reader.expect(":", after: "the hour")
        let minute = try reader.number(digits: 2, "the minutes (2 digits, 00–59)")
        guard reader.peek == UInt8(ascii: ":") else {
            throw reader.error("the seconds are missing; write HH:MM:SS, e.g. 12:00:00")
        }
        try reader.expect(":", after: "the minutes")
        let second = try reader.number(digits: 2, "the seconds (2 digits, 00–59)")
        if reader.peek == UInt8(ascii: ".") || reader.peek == UInt8(ascii: ",") {
            guard reader.peek == UInt8(ascii: ".") else { throw reader.error("the fraction of a second must follow a '.', not a ','") }
            reader.advance()
            guard reader.skipDigits() > 0 else { throw reader.error("a '.' after the seconds must be followed by digits") }
        }
        let offset = try reader.offset()
        guard reader.atEnd else {
            throw reader.error("unexpected \"\(InstantError.printable(reader.rest))\" after the UTC offset")
        }

        guard year >= 1 else { throw InstantError(text: text, reason: "year 0000 is out of range; years are 0001–9999") }
        guard (1...12).contains(month) else { throw InstantError(text: text, reason: "month \(twoDigits(month)) is not 01–12") }
        let monthLength = daysIn(month: month, year: year)
        guard (1...monthLength).contains(day) else {
            throw InstantError(text: text, reason: "\(monthNames[month - 1]) \(year) has \(monthLength) days, not \(twoDigits(day))")
        }
        guard hour <= 23 else { throw InstantError(text: text, reason: "hour \(twoDigits(hour)) is not 00–23") }
        guard minute <= 59 else { throw InstantError(text: text, reason: "minute \(twoDigits(minute)) is not 00–59") }
        guard second <= 60 else { throw InstantError(text: text, reason: "second \(twoDigits(second)) is not 00–59") }

        let localSeconds =
            Int64(daysFromCivil(year: year, month: month, day: day)) * 86_400
            + Int64(hour * 3600 + minute * 60 + min(second, 59))
        var seconds = localSeconds - Int64(offset)
        if second == 60 {
            let utc = LocalDateTime(secondsSinceEpoch: seconds)
            guard utc.hour == 23, utc.minute == 59, utc.day == daysIn(month: utc.month, year: utc.year) else {
                throw InstantError(text: text, reason: "second 60 is a leap second, only accepted at 23:59:60 UTC on the last day of a month")
            }
            seconds += 1
        }
        guard acceptedSeconds.contains(seconds) else {
            throw InstantError(text: text, reason: "the instant is outside 0001-01-01T00:00:00Z…9999-12-31T23:59:59Z")
        }
        return seconds
    }

    /// Reads the text left to right; errors say what was expected where.
    private struct Reader {
        let bytes: [UInt8]
        let text: String
        var index = 0

        var atEnd: Bool { index == bytes.count }
        var peek: UInt8? { atEnd ? nil : bytes[index] }
        var rest: String { String(decoding: bytes[index...], as: UTF8.self) }
        mutating func advance() { index += 1 }

        func error(_ reason: String) -> InstantError { InstantError(text: text, reason: reason) }

        /// What stands at the reader's position, for messages.
        var found: String {
            guard !atEnd else { return "the end of the text" }
            let scalar = String(decoding: bytes[index...], as: UTF8.self).unicodeScalars.first!
            return "\"\(InstantError.printable(String(scalar)))\""
        }

        /// `count` digits; with `alone`, a digit after them is an error (20260-…).
        mutating func number(digits count: Int, _ what: String, alone: Bool = true) throws(InstantError) -> Int {
            var value = 0
            for position in 0..<count {
                guard let byte = peek, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else {
                    throw error(
                        "expected \(what) at byte \(index + 1), found \(found)"
                            + (position > 0 ? " after \(position) digit\(position == 1 ? "" : "s")" : ""))
                }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
                advance()
            }
            if alone, let byte = peek, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                throw error("\(what) has more than \(count) digits")
            }
            return value
        }

        mutating func expect(_ character: Character, orLower: Bool = false, after what: String, hint: String = "") throws(InstantError) {
            let byte = character.asciiValue!
            guard let next = peek, next == byte || (orLower && next == byte | 0x20) else {
                throw error("expected '\(character)' after \(what) at byte \(index + 1), found \(found)\(hint)")
            }
            advance()
        }

        mutating func skipDigits() -> Int {
            let start = index
            while let byte = peek, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { advance() }
            return index - start
        }

        /// `Z` (0) or `±HH:MM`, in seconds east of UTC.
        mutating func offset() throws(InstantError) -> Int {
            switch peek {
            case UInt8(ascii: "Z"), UInt8(ascii: "z"):
                advance()
                return 0
            case UInt8(ascii: "+"), UInt8(ascii: "-"):
                let sign = peek == UInt8(ascii: "-") ? -1 : 1
                advance()
                let hours = try number(digits: 2, "the offset's hours (±HH:MM)", alone: false)
                guard peek == UInt8(ascii: ":") else {
                    throw error("the UTC offset must be ±HH:MM with a colon (+09:00), found \(found) after its hours")
                }
                advance()
                let minutes = try number(digits: 2, "the offset's minutes (±HH:MM)")
                guard hours <= 23, minutes <= 59 else {
                    throw error(
                        """
                        the UTC offset \(sign < 0 ? "-" : "+")\(twoDigits(hours)):\(twoDigits(minutes)) is not a valid ±HH:MM (hours 00–23, \
                        minutes 00–59)
                        """
                    )
                }
                return sign * (hours * 3600 + minutes * 60)
            case nil:
                throw error("the UTC offset is missing; end with Z or ±HH:MM (2026-07-15T12:00:00Z, 2026-07-15T21:00:00+09:00)")
            case UInt8(ascii: " "):
                throw error("expected Z or ±HH:MM at byte \(index + 1), found a space (in a URL query, send '+' as %2B: a bare '+' means a space)")
            default:
                throw error("expected Z or ±HH:MM at byte \(index + 1), found \(found)")
            }
        }
    }

    private static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July",
        "August", "September", "October", "November", "December",
    ]

    private static func twoDigits(_ n: Int) -> String { zeroPadded(n, width: 2) }

    static func isLeapYear(_ year: Int) -> Bool { (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's days_from_civil,
    /// the inverse of `LocalDateTime(secondsSinceEpoch:)`).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}

/// An `at` that is not an RFC 3339 instant, and why.
public struct InstantError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The text as given (shown escaped and cut to 64 characters).
    public let text: String
    /// What is wrong, in words: "month 13 is not 01–12".
    public let reason: String

    /// An error for `text`, saying `reason`.
    public init(text: String, reason: String) {
        self.text = text
        self.reason = reason
    }

    /// The text, escaped, and why it is no instant, with two examples of one that is.
    public var description: String {
        "\"\(Self.printable(text))\" is not an RFC 3339 instant: \(reason); use e.g. 2026-07-15T12:00:00Z or 2026-07-15T21:00:00+09:00"
    }

    /// Control and format characters escaped, at most 64 scalars: the text is the user's.
    static func printable(_ text: String) -> String {
        PrintableText.escaped(text, limit: ISO8601.maximumInstantLength)
    }
}
