import SearchEngine
public import WireCore

/// 12- or 24-hour clock.
public enum ClockStyle: Sendable {
    /// 오전 9:05, 오후 1:30 (the Korean default).
    case twelveHour
    /// 09:05, 13:30.
    case twentyFourHour
}

/// How a zone's time stands against a reference zone at the same instant, as iOS's world clock
/// shows it: 오늘, +13시간.
public struct RelativeTime: Equatable, Sendable {
    /// Calendar days between the two local dates (−1 yesterday, 0 today, 1 tomorrow).
    public let dayDifference: Int
    /// Seconds the zone is ahead of the reference zone (negative when behind).
    public let offsetDifference: Int

    /// How `time` stands against `reference`, both at the same instant.
    public init(_ time: ZoneTime, from reference: ZoneTime) {
        dayDifference = time.local.daysSinceEpoch - reference.local.daysSinceEpoch
        offsetDifference = time.utcOffset - reference.utcOffset
    }

    /// 그저께, 어제, 오늘, 내일, 모레.
    public var koreanDay: String { KoreanTimeFormat.relativeDay(dayDifference) }
    /// +13시간, −3시간 30분, +30분, 같은 시각.
    public var koreanHours: String { KoreanTimeFormat.hourDifference(offsetDifference) }
}

/// Korean wording of times, days and offsets.
public enum KoreanTimeFormat {
    /// "오전 9:05" / "오후 12:30" / "오전 12:00" (midnight), or "09:05" in 24-hour style.
    public static func time(_ local: LocalDateTime, style: ClockStyle) -> String {
        let minute = zeroPadded(local.minute, width: 2)
        switch style {
        case .twentyFourHour:
            return zeroPadded(local.hour, width: 2) + ":" + minute
        case .twelveHour:
            let hour = local.hour % 12 == 0 ? 12 : local.hour % 12
            return (local.hour < 12 ? "오전 " : "오후 ") + "\(hour):\(minute)"
        }
    }

    /// "2026년 11월 23일 (월)".
    public static func date(_ local: LocalDateTime) -> String {
        "\(local.year)년 \(local.month)월 \(local.day)일 (\(weekdays[local.weekday - 1]))"
    }

    /// Korean weekday names, Monday first.
    public static let weekdays = ["월", "화", "수", "목", "금", "토", "일"]

    /// 그저께, 어제, 오늘, 내일, 모레 (offsets span 26 hours, so two days either way can happen).
    public static func relativeDay(_ days: Int) -> String {
        switch days {
        case ...(-2): return "그저께"
        case -1: return "어제"
        case 0: return "오늘"
        case 1: return "내일"
        default: return "모레"
        }
    }

    /// +13시간, −3시간 30분, +30분, −15분 (with U+2212 MINUS SIGN, as iOS); 같은 시각 when the two
    /// zones' clocks agree (a zone's own row against itself shows no "+0시간").
    public static func hourDifference(_ seconds: Int) -> String {
        if abs(seconds) < 60 { return "같은 시각" }
        return (seconds < 0 ? "\u{2212}" : "+") + duration(abs(seconds))
    }

    /// A length of time in hours and minutes, the zero part left out: 1시간, 30분, 5시간 45분.
    public static func duration(_ seconds: Int) -> String {
        let minutes = abs(seconds) / 60
        switch (minutes / 60, minutes % 60) {
        case (0, let rest): return "\(rest)분"
        case (let hours, 0): return "\(hours)시간"
        case (let hours, let rest): return "\(hours)시간 \(rest)분"
        }
    }

    /// UTC+9, UTC+5:45, UTC−3:30, UTC+0.
    public static func utcOffset(_ seconds: Int) -> String { OffsetQuery.text(seconds) }

    /// ISO 8601 offset: +09:00, -03:30, +00:00.
    public static func isoOffset(_ seconds: Int) -> String {
        ISOText.offset(seconds)
    }
}
