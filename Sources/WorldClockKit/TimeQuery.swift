#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a person types for "when": `now`, a wall-clock time in the reference zone (`09:00`,
/// `2026-07-15 09:00`, `2026-07-15T09:00`, a date alone), or an instant with its offset
/// (`2026-07-15T09:00:00+09:00`, `12:00Z`). The one reader of the CLI's `--at`.
///
/// Unlike `ISO8601.parseInstant` (the feed's strict RFC 3339), it takes what people write and
/// answers in Korean with the exact reason: "2026년 2월은 28일까지입니다" for 2026-02-30.
public enum TimeQuery: Equatable, Sendable {
    /// Now.
    case now
    /// An instant: the text carried `Z` or an offset. Seconds since 1970 UTC.
    case instant(Int64)
    /// A wall-clock time in the reference zone; `date` nil: today there.
    case wallClock(date: CivilDate?, hour: Int, minute: Int, second: Int)
    /// A time of day at a fixed offset without a date (`12:00Z`): today at that offset.
    case timeOfDay(secondsAfterMidnight: Int, offset: Int)

    /// A calendar date (proleptic Gregorian).
    public struct CivilDate: Equatable, Sendable {
        /// The year (proleptic Gregorian, astronomical numbering).
        public let year: Int
        /// The month, 1–12.
        public let month: Int
        /// The day of the month, 1–31.
        public let day: Int

        /// The date `year`-`month`-`day`, as given: not checked against the calendar.
        public init(year: Int, month: Int, day: Int) {
            self.year = year
            self.month = month
            self.day = day
        }

        /// Days since 1970-01-01.
        public var daysSinceEpoch: Int { ISO8601.daysFromCivil(year: year, month: month, day: day) }
    }

    /// Reads `text`.
    /// - Throws: `TimeQueryError` with the reason in Korean and an example of what is accepted.
    public static func parse(_ text: String) throws(TimeQueryError) -> TimeQuery {
        let trimmed = String(text.unicodeScalars.filter { !$0.properties.isWhitespace || $0 == " " })
            .trimmingSpaces
        guard !trimmed.isEmpty else { throw TimeQueryError(text: text, reason: "비어 있습니다") }
        guard trimmed.utf8.count <= ISO8601.maximumInstantLength else {
            throw TimeQueryError(text: text, reason: "\(trimmed.utf8.count)바이트로 너무 깁니다(최대 \(ISO8601.maximumInstantLength))")
        }
        if ["now", "지금", "NOW", "Now"].contains(trimmed) { return .now }
        var reader = Reader(text: text, bytes: Array(trimmed.utf8))
        var date: CivilDate?
        // A date: four digits and a '-' start it.
        if reader.bytes.count >= 5, reader.bytes[4] == UInt8(ascii: "-") {
            let year = try reader.number(min: 4, max: 4, "연도(네 자리)")
            try reader.expect("-", "연도 뒤")
            let month = try reader.number(min: 1, max: 2, "월")
            try reader.expect("-", "월 뒤")
            let day = try reader.number(min: 1, max: 2, "일")
            guard year >= 1 else { throw reader.error("0년은 없습니다(0001–9999)") }
            guard (1...12).contains(month) else { throw reader.error("\(month)월은 없습니다(1–12월)") }
            let length = ISO8601.daysIn(month: month, year: year)
            guard (1...length).contains(day) else { throw reader.error("\(year)년 \(month)월은 \(length)일까지입니다") }
            date = CivilDate(year: year, month: month, day: day)
            if reader.atEnd { return .wallClock(date: date, hour: 0, minute: 0, second: 0) }
            guard let separator = reader.peek, separator == UInt8(ascii: "T") || separator == UInt8(ascii: "t") || separator == UInt8(ascii: " ")
            else {
                throw reader.error("날짜 뒤에 올 수 없는 글자입니다(받은 것: \"\(reader.restShown)\"). 시각은 T나 빈칸 뒤에 씁니다")
            }
            reader.advance()
            while reader.peek == UInt8(ascii: " ") { reader.advance() }
        }
        let hour = try reader.number(min: 1, max: 2, "시")
        try reader.expect(":", "시 뒤")
        let minute = try reader.number(min: 2, max: 2, "분(두 자리)")
        var second = 0
        if reader.peek == UInt8(ascii: ":") {
            reader.advance()
            second = try reader.number(min: 2, max: 2, "초(두 자리)")
            if reader.peek == UInt8(ascii: ".") {
                reader.advance()
                guard reader.skipDigits() > 0 else { throw reader.error("\".\" 뒤에 초의 소수 자리가 없습니다") }
            }
        }
        guard hour <= 23 else { throw reader.error("\(hour)시는 없습니다(0–23시)") }
        guard minute <= 59 else { throw reader.error("\(minute)분은 없습니다(0–59분)") }
        guard second <= 59 else { throw reader.error("\(second)초는 없습니다(0–59초)") }
        while reader.peek == UInt8(ascii: " ") { reader.advance() }
        guard let offset = try reader.offset() else {
            return .wallClock(date: date, hour: hour, minute: minute, second: second)
        }
        guard reader.atEnd else { throw reader.error("오프셋 뒤에 남은 글자가 있습니다(받은 것: \"\(reader.restShown)\")") }
        guard let date else {
            // "12:00Z": today in that offset, which needs today's date there; the caller has it.
            return .timeOfDay(secondsAfterMidnight: hour * 3600 + minute * 60 + second, offset: offset)
        }
        let seconds = Int64(date.daysSinceEpoch) * 86_400 + Int64(hour * 3600 + minute * 60 + second) - Int64(offset)
        guard ISO8601.acceptedSeconds.contains(seconds) else { throw reader.error("0001년부터 9999년까지의 시각만 받습니다") }
        return .instant(seconds)
    }

}

extension TimeQuery {
    /// The instant this query names, with `reference` the zone a wall-clock time is read in.
    /// - Parameters:
    ///   - now: the current instant (seconds since 1970).
    ///   - reference: the zone a wall-clock time is read in.
    /// - Returns: how the time falls in the zone: once, twice (a DST overlap) or never (a gap).
    public func resolve(now: Int64, in reference: ZoneClock) -> WallClockReading {
        switch self {
        case .now:
            return .unique(now)
        case .instant(let seconds):
            return .unique(seconds)
        case .timeOfDay(let secondsAfterMidnight, let offset):
            // Today's date at that offset.
            let day = TimeQuery.floorDivide(now + Int64(offset), 86_400)
            return .unique(day * 86_400 + Int64(secondsAfterMidnight) - Int64(offset))
        case .wallClock(let date, let hour, let minute, let second):
            let day = date?.daysSinceEpoch ?? reference.time(at: Self.date(now)).local.daysSinceEpoch
            let wall = Int64(day) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
            return WallClockReading.reading(wall: wall, in: reference)
        }
    }

    static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 { a >= 0 ? a / b : (a - b + 1) / b }

    static func date(_ seconds: Int64) -> Date { Date(timeIntervalSince1970: TimeInterval(seconds)) }
}

/// How a wall-clock time falls in a zone.
public enum WallClockReading: Equatable, Sendable {
    /// Exactly once.
    case unique(Int64)
    /// Twice, when the clock goes back (a DST overlap): both instants, earlier first.
    case overlap(first: Int64, second: Int64)
    /// Never, when the clock jumps forward (a DST gap): the last valid minute before and the
    /// first valid instant after, as instants.
    case gap(before: Int64, after: Int64)

    /// Reads `wall` (local seconds since 1970-01-01 00:00 in the zone) in `clock`'s zone.
    static func reading(wall: Int64, in clock: ZoneClock) -> WallClockReading {
        // Every offset the zone uses within two days of that wall time.
        let start = TimeQuery.date(wall - 2 * 86_400), end = TimeQuery.date(wall + 2 * 86_400)
        var offsets = [clock.time(at: start).utcOffset]
        for transition in clock.transitions(after: start, through: end) where !offsets.contains(transition.utcOffsetAfter) {
            offsets.append(transition.utcOffsetAfter)
        }
        let valid = Set(offsets.map { wall - Int64($0) }.filter { Int64(clock.time(at: TimeQuery.date($0)).utcOffset) == wall - $0 }).sorted()
        if valid.count == 1 { return .unique(valid[0]) }
        if valid.count >= 2 { return .overlap(first: valid[0], second: valid[valid.count - 1]) }
        // A gap: the transition whose jump forward skipped that wall time.
        for transition in clock.transitions(after: start, through: end) {
            let at = Int64(transition.instant.timeIntervalSince1970)
            let before = Int64(clock.time(at: TimeQuery.date(at - 1)).utcOffset)
            if at + before <= wall, wall < at + Int64(transition.utcOffsetAfter) { return .gap(before: at - 60, after: at) }
        }
        return .unique(wall - Int64(offsets[0]))
    }
}

/// A `--at` the reader refuses: the text and the reason in Korean.
public struct TimeQueryError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The text as the user wrote it.
    public let text: String
    /// Why it was refused, in Korean.
    public let reason: String

    public var description: String { "\"\(text)\": \(reason)" }
}

extension String {
    fileprivate var trimmingSpaces: String {
        var scalars = Substring(self)
        while scalars.first == " " { scalars.removeFirst() }
        while scalars.last == " " { scalars.removeLast() }
        return String(scalars)
    }
}

/// Reads the text left to right; errors say what was expected where.
private struct Reader {
    let text: String
    let bytes: [UInt8]
    var index = 0

    var atEnd: Bool { index == bytes.count }
    var peek: UInt8? { atEnd ? nil : bytes[index] }
    mutating func advance() { index += 1 }
    var restShown: String { String(String(decoding: bytes[index...], as: UTF8.self).prefix(20)) }

    func error(_ reason: String) -> TimeQueryError { TimeQueryError(text: text, reason: reason) }

    mutating func skipDigits() -> Int {
        let start = index
        while let byte = peek, (0x30...0x39).contains(byte) { advance() }
        return index - start
    }

    /// - Parameter stopping: `max` digits are read and the next digit is left for the caller (+0900).
    mutating func number(min: Int, max: Int, _ what: String, stopping: Bool = false) throws(TimeQueryError) -> Int {
        let start = index
        var value = 0
        while let byte = peek, (0x30...0x39).contains(byte), index - start < max {
            value = value * 10 + Int(byte - 0x30)
            advance()
        }
        let count = index - start
        guard count >= min else {
            let found = atEnd ? "글자가 끝났습니다" : "받은 것: \"\(restShown)\""
            throw error("\(what) 자리에 숫자가 없습니다(\(found)). 예: 09:00, 2026-07-15 09:00, 2026-07-15T09:00:00+09:00, now")
        }
        if !stopping, let byte = peek, (0x30...0x39).contains(byte) { throw error("\(what)의 숫자가 너무 깁니다") }
        return value
    }

    mutating func expect(_ character: Character, _ place: String) throws(TimeQueryError) {
        guard let byte = peek, byte == character.asciiValue else {
            let found = atEnd ? "글자가 끝났습니다" : "받은 것: \"\(restShown)\""
            throw error("\(place)에 \"\(character)\"\(character == ":" ? "이" : "가") 와야 합니다(\(found)). 예: 09:00, 2026-07-15 09:00, now")
        }
        advance()
    }

    /// `Z`, `±HH:MM`, `±HHMM`, `±HH`, or nothing (nil). U+2212 minus is read as '-'.
    mutating func offset() throws(TimeQueryError) -> Int? {
        guard let byte = peek else { return nil }
        if byte == UInt8(ascii: "Z") || byte == UInt8(ascii: "z") {
            advance()
            return 0
        }
        var sign = 0
        if byte == UInt8(ascii: "+") {
            sign = 1
            advance()
        } else if byte == UInt8(ascii: "-") {
            sign = -1
            advance()
        } else if bytes[index...].starts(with: [0xE2, 0x88, 0x92]) {
            sign = -1
            index += 3
        }
        guard sign != 0 else { throw error("시각 뒤에 올 수 없는 글자입니다(받은 것: \"\(restShown)\"). 오프셋은 Z나 +09:00처럼 씁니다") }
        var digits = 0
        while index + digits < bytes.count, (0x30...0x39).contains(bytes[index + digits]) { digits += 1 }
        // +0900 and +09:00, +9 and +09.
        let hours = try number(min: 1, max: 2, "오프셋의 시", stopping: digits == 4)
        var minutes = 0
        if peek == UInt8(ascii: ":") {
            advance()
            minutes = try number(min: 2, max: 2, "오프셋의 분")
        } else if digits == 4 {
            minutes = try number(min: 2, max: 2, "오프셋의 분")
        }
        guard hours <= 23, minutes <= 59 else { throw error("오프셋의 시는 23, 분은 59까지입니다") }
        return sign * (hours * 3600 + minutes * 60)
    }
}
