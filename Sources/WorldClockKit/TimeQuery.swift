public import MeetingPlanning
import WireCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a person typed for "when", as written: a time of day, a day, both, an instant with its
/// offset, or now. The one reader of the CLI's `--at` and the planner's `--date`.
///
/// It takes times as Koreans write them, and the ISO forms: `9시`, `09시 30분`, `오전 9시`,
/// `오후 3시 반`, `15시`, `정오`, `자정`, `9am`, `9:30pm`, `9:00 PM`, `0900`, `21:00`; a day
/// (`오늘`, `내일`, `모레`, `어제`, `월요일`, `다음 주 월요일`, `12월 1일`, `12/1`, `12-01`,
/// `2026.12.01`, `2026/12/01`, `2026-12-01`) alone or before a time; and RFC 3339 instants
/// (`2026-07-15T12:00:00Z`). A time may end with `Z`, an offset (`+09:00`) or an abbreviation of
/// the reference zone (`09:00 KST`). Hours said aloud (`한 시`, `세 시 반`, `오전 열 시`, `열두 시`)
/// read as said in a day: without `오전`/`오후`, `한 시`…`여섯 시` are the afternoon's (`세 시 반` is
/// 15:30). Minutes and lengths may be Sino-Korean words (`열 시 사십오 분`, `삼십 분 뒤`). A time
/// counted from now (`30분 뒤`, `반 시간 뒤`, `한 시간 반 뒤`, `9시간 30분 전`) names an instant;
/// `9시 10분 전` is 8:50, as Koreans say it. `자정` and `밤 12시` are the midnight that ends the day
/// said (today's when none: 0:00 tomorrow); `낼` is `내일`, and `today`, `tomorrow`, `yesterday` may
/// stand for the day.
/// A part of the day holds only its own hours: `새벽` 0–6시 (12시 = 0시), `아침` 5–11시, `낮` 11시–5시,
/// `저녁` 5–11시, `밤` 6–11시; any other hour is refused with the readings it could have.
///
/// Parsing needs no clock: `resolve(now:in:)` reads the value against the current instant and the
/// reference zone's TZif rules, and refusals answer in Korean with a form that works.
public enum TimeQuery: Equatable, Sendable {
    /// Now (`now`, `지금`).
    case now
    /// A time of day without a day: today in the reference zone (or at the offset written).
    case time(ClockTime, zone: Zone?)
    /// A day without a time: its first instant (00:00 on its wall clock).
    case day(Day)
    /// A day and a time of day.
    case dayTime(Day, ClockTime, zone: Zone?)
    /// An instant: a full date and a time with `Z` or an offset. Seconds since 1970 UTC.
    case instant(Int64)
    /// A time counted from now: `30분 뒤`, `2시간 후`, `한 시간 반 뒤` (positive seconds), `9시간 30분 전`
    /// (negative). `9시 30분 전` is not one: it is the time 30 minutes before 9:00 (8:30).
    case fromNow(seconds: Int)

    /// A calendar date (proleptic Gregorian).
    public struct CivilDate: Equatable, Sendable {
        /// 1–9999.
        public let year: Int
        /// 1–12.
        public let month: Int
        /// 1–31, a day the month has.
        public let day: Int

        /// A date; the caller checked it exists.
        public init(year: Int, month: Int, day: Int) {
            self.year = year
            self.month = month
            self.day = day
        }

        /// Days since 1970-01-01.
        public var daysSinceEpoch: Int { ISO8601.daysFromCivil(year: year, month: month, day: day) }
    }

    /// A day as written, relative to today or not.
    public enum Day: Equatable, Sendable {
        /// Today plus `days`: 오늘 0, 내일 1, 모레 2, 글피 3, 어제 −1, 그제 −2.
        case relative(days: Int)
        /// A weekday (ISO: 1 = 월요일 … 7 = 일요일). `week` nil: the next one after today
        /// (`월요일`); otherwise in this week (0, `이번 주`), the next (1, `다음 주`) or the last
        /// (−1, `지난 주`), weeks running Monday to Sunday.
        case weekday(Int, week: Int?)
        /// A month and day without a year (`12월 1일`, `12/1`, `12-01`): the year that puts it
        /// nearest today. `weekday`: a weekday written beside it (`12월 1일 (화)`), which must agree.
        case monthDay(month: Int, day: Int, weekday: Int?)
        /// A full date (`2026-12-01`, `2026.12.01`, `2026년 12월 1일`).
        case date(CivilDate)
    }

    /// A time of day on the wall clock.
    public struct ClockTime: Equatable, Sendable {
        /// 0–23.
        public let hour: Int
        /// 0–59.
        public let minute: Int
        /// 0–59.
        public let second: Int

        /// A time; the caller checked the ranges.
        public init(hour: Int, minute: Int, second: Int = 0) {
            self.hour = hour
            self.minute = minute
            self.second = second
        }

        /// Seconds after midnight.
        public var secondsAfterMidnight: Int { hour * 3600 + minute * 60 + second }

        /// "09:30", or "09:30:15" with seconds: a form the parser reads back.
        public var text: String {
            "\(zeroPadded(hour, width: 2)):\(zeroPadded(minute, width: 2))" + (second == 0 ? "" : ":\(zeroPadded(second, width: 2))")
        }
    }

    /// What followed a time to say which clock it is on.
    public enum Zone: Equatable, Sendable {
        /// `Z`, `UTC`, `GMT` (0) or `+09:00`, `-0500`, `+9`: seconds east of UTC.
        case offset(Int)
        /// Letters such as `KST`, `EDT`: accepted only when the reference zone uses them then.
        case abbreviation(String)
    }

    /// Longer input is refused before it is read (the longest sensible form,
    /// `2026년 12월 1일 (화) 오후 11시 30분 KST`, is about 50 bytes).
    package static let maximumLength = 128

    /// Reads `text`.
    /// - Throws: `TimeQueryError` with the reason in Korean and a form that works.
    public static func parse(_ text: String) throws(TimeQueryError) -> TimeQuery {
        guard text.utf8.count <= maximumLength else {
            throw TimeQueryError(text: text, reason: "\(text.utf8.count)바이트로 너무 깁니다(최대 \(maximumLength))", example: "2026-12-01 09:00")
        }
        var parser = TimeQueryParser(text: text, tokens: try TimeQueryToken.scan(text))
        return try parser.query()
    }
}

extension TimeQuery {
    /// The instant this query names: a wall-clock time is read in `reference`'s zone, a relative
    /// day counted from today there (or at the offset written after the time).
    /// - Parameters:
    ///   - now: the current instant (seconds since 1970).
    ///   - reference: the zone a wall-clock time is read in.
    /// - Returns: how the time falls in the zone: once, twice (a DST overlap) or never (a gap). An
    ///   abbreviation written after the time picks one of an overlap's two instants.
    /// - Throws: `TimeQueryError` for an abbreviation the zone does not use then, a month and day
    ///   no nearby year has (2월 29일), or a day outside 0001–9999.
    public func resolve(now: Int64, in reference: ZoneClock) throws(TimeQueryError) -> WallClockReading {
        switch self {
        case .now:
            return .unique(now)
        case .instant(let seconds):
            return .unique(seconds)
        case .fromNow(let seconds):
            let (instant, overflow) = now.addingReportingOverflow(Int64(seconds))
            guard !overflow, ISO8601.acceptedSeconds.contains(instant) else {
                throw error("0001년부터 9999년까지의 시각만 받습니다", example: "30분 뒤")
            }
            return .unique(instant)
        case .day(let day):
            let today = reference.time(at: Self.date(now)).local
            return try inRange(WallClockReading.reading(wall: Int64(try day.daysSinceEpoch(today: today, query: self)) * 86_400, in: reference))
        case .time(let time, let zone):
            return try resolve(day: nil, time: time, zone: zone, now: now, in: reference)
        case .dayTime(let day, let time, let zone):
            return try resolve(day: day, time: time, zone: zone, now: now, in: reference)
        }
    }

    /// A time of day on `day` (nil: today), on the clock `zone` names or the reference's.
    private func resolve(
        day written: Day?, time: ClockTime, zone: Zone?, now: Int64, in reference: ZoneClock
    ) throws(TimeQueryError)
        -> WallClockReading
    {
        let day = written ?? .relative(days: 0)
        switch zone {
        case .offset(let offset):
            // The day is counted on the clock the time is written on.
            let today = LocalDateTime(secondsSinceEpoch: now + Int64(offset))
            let seconds = Int64(try day.daysSinceEpoch(today: today, query: self)) * 86_400 + Int64(time.secondsAfterMidnight - offset)
            guard ISO8601.acceptedSeconds.contains(seconds) else { throw error("0001년부터 9999년까지의 시각만 받습니다", example: "2026-12-01 09:00") }
            return .unique(seconds)
        case let zone:
            let today = reference.time(at: Self.date(now)).local
            let wall = Int64(try day.daysSinceEpoch(today: today, query: self)) * 86_400 + Int64(time.secondsAfterMidnight)
            let reading = try inRange(WallClockReading.reading(wall: wall, in: reference))
            guard case .abbreviation(let letters) = zone else { return reading }
            return try pick(reading, abbreviation: letters, day: written, time: time, in: reference)
        }
    }

    /// `reading`, unless an instant of it lies outside 0001–9999 UTC (0001-01-01 00:00 in 서울's
    /// local mean time, +8:27:52, is still year 0 in UTC).
    private func inRange(_ reading: WallClockReading) throws(TimeQueryError) -> WallClockReading {
        let instants: [Int64]
        switch reading {
        case .unique(let t): instants = [t]
        case .overlap(let first, let second): instants = [first, second]
        case .gap(let before, let after): instants = [before, after]
        }
        guard instants.allSatisfy(ISO8601.acceptedSeconds.contains) else {
            throw error("0001년부터 9999년까지의 시각만 받습니다", example: "2026-12-01 09:00")
        }
        return reading
    }

    /// The instants of `reading` on which `reference` shows `written`: one of an overlap's two
    /// (01:30 EDT, 01:30 EST), or an error naming the abbreviation the zone does use.
    private func pick(
        _ reading: WallClockReading, abbreviation written: String, day: Day?, time: ClockTime, in reference: ZoneClock
    )
        throws(TimeQueryError) -> WallClockReading
    {
        func abbreviation(at instant: Int64) -> String { reference.time(at: Self.date(instant)).abbreviation }
        let matches = { (instant: Int64) in abbreviation(at: instant).uppercased() == written.uppercased() }
        let instants: [Int64]
        switch reading {
        case .unique(let instant): instants = [instant]
        case .overlap(let first, let second): instants = [first, second]
        case .gap: return reading
        }
        let kept = instants.filter(matches)
        if kept.count == 1 { return .unique(kept[0]) }
        if kept.count == instants.count { return reading }
        let used = instants.map(abbreviation).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        throw error(
            "\(written)는 기준 시간대 \(reference.zoneID)에서 그때 쓰는 약어가 아닙니다(\(used.joined(separator: ", "))). "
                + "다른 곳의 시각이면 --from으로 기준을 바꾸거나 +09:00처럼 오프셋을 씁니다",
            example: (day.map { TimeQuery.dayTime($0, time, zone: .abbreviation(used[0])) } ?? .time(time, zone: .abbreviation(used[0]))).description)
    }

    func error(_ reason: String, example: String) -> TimeQueryError {
        TimeQueryError(text: description, reason: reason, example: example)
    }

    static func date(_ seconds: Int64) -> Date { Date(timeIntervalSince1970: TimeInterval(seconds)) }
}

extension TimeQuery: CustomStringConvertible {
    /// The query in a form the parser reads back: `2026-12-01 09:00`, `내일 09:30 KST`.
    public var description: String {
        switch self {
        case .now: "now"
        case .instant(let seconds): ISO8601.utc(Self.date(seconds))
        case .fromNow(let seconds): Self.spoken(duration: abs(seconds)) + (seconds < 0 ? " 전" : " 뒤")
        case .day(let day): day.description
        case .time(let time, let zone): time.text + (zone.map { " " + $0.description } ?? "")
        case .dayTime(let day, let time, let zone): day.description + " " + time.text + (zone.map { " " + $0.description } ?? "")
        }
    }
}

extension TimeQuery {
    /// `2시간 30분`, `45분`, `0분`: a length the parser reads back (whole minutes).
    static func spoken(duration seconds: Int) -> String {
        let hours = seconds / 3600, minutes = seconds % 3600 / 60
        switch (hours, minutes) {
        case (0, _): return "\(minutes)분"
        case (_, 0): return "\(hours)시간"
        default: return "\(hours)시간 \(minutes)분"
        }
    }
}

extension TimeQuery.Zone: CustomStringConvertible {
    /// `+09:00`, `Z`, `KST`.
    public var description: String {
        switch self {
        case .offset(0): "Z"
        case .offset(let seconds): KoreanTimeFormat.isoOffset(seconds)
        case .abbreviation(let letters): letters
        }
    }
}

extension TimeQuery.Day: CustomStringConvertible {
    /// `내일`, `다음 주 월요일`, `12월 1일`, `2026-12-01`: a form the parser reads back.
    public var description: String {
        switch self {
        case .relative(let days):
            return ["그제", "어제", "오늘", "내일", "모레", "글피"][days + 2]
        case .weekday(let weekday, let week):
            let name = KoreanTimeFormat.weekdays[weekday - 1] + "요일"
            guard let week else { return name }
            return ["지난", "이번", "다음"][week + 1] + " 주 " + name
        case .monthDay(let month, let day, let weekday):
            return "\(month)월 \(day)일" + (weekday.map { " (\(KoreanTimeFormat.weekdays[$0 - 1]))" } ?? "")
        case .date(let date):
            return "\(zeroPadded(date.year, width: 4))-\(zeroPadded(date.month, width: 2))-\(zeroPadded(date.day, width: 2))"
        }
    }

    /// Days since 1970-01-01 of the day this names, `today` being the reference's date now.
    func daysSinceEpoch(today: LocalDateTime, query: TimeQuery) throws(TimeQueryError) -> Int {
        let days: Int
        switch self {
        case .relative(let offset):
            days = today.daysSinceEpoch + offset
        case .weekday(let weekday, nil):
            let ahead = (weekday - today.weekday + 7) % 7
            days = today.daysSinceEpoch + (ahead == 0 ? 7 : ahead)
        case .weekday(let weekday, let week?):
            days = today.daysSinceEpoch - (today.weekday - 1) + 7 * week + (weekday - 1)
        case .date(let date):
            days = date.daysSinceEpoch
        case .monthDay(let month, let day, let weekday):
            // The year that puts the date nearest today: 1월 5일 in late November is next January.
            let years = (today.year - 1...today.year + 1).filter { (1...9999).contains($0) && day <= ISO8601.daysIn(month: month, year: $0) }
            let candidates = years.map { ISO8601.daysFromCivil(year: $0, month: month, day: day) }
            guard let nearest = candidates.min(by: { abs($0 - today.daysSinceEpoch) < abs($1 - today.daysSinceEpoch) }) else {
                let leap = (today.year + 2...today.year + 8).first { ISO8601.isLeapYear($0) } ?? 2028
                throw query.error("\(month)월 \(day)일은 \(today.year - 1)–\(today.year + 1)년에 없습니다. 연도를 씁니다", example: "\(leap)-02-29")
            }
            days = nearest
            if let weekday {
                let actual = LocalDateTime(secondsSinceEpoch: Int64(days) * 86_400)
                guard actual.weekday == weekday else {
                    throw query.error(
                        "\(actual.year)년 \(month)월 \(day)일은 \(KoreanTimeFormat.weekdays[actual.weekday - 1])요일입니다",
                        example: "\(month)월 \(day)일 (\(KoreanTimeFormat.weekdays[actual.weekday - 1]))")
                }
            }
        }
        // 0001-01-01 … 9999-12-31.
        guard (-719_162...2_932_896).contains(days) else { throw query.error("0001년부터 9999년까지의 날짜만 받습니다", example: "2026-12-01") }
        return days
    }
}
