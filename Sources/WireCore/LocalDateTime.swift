/// A wall-clock date and time, from plain calendar arithmetic (proleptic Gregorian).
public struct LocalDateTime: Equatable, Comparable, Sendable {
    /// The year (proleptic Gregorian).
    public let year: Int
    /// The month, 1–12.
    public let month: Int
    /// The day of the month, 1–31.
    public let day: Int
    /// The hour, 0–23.
    public let hour: Int
    /// The minute, 0–59.
    public let minute: Int
    /// The second, 0–59.
    public let second: Int
    /// ISO weekday: 1 = Monday … 7 = Sunday.
    public let weekday: Int
    /// 1 = January 1.
    public let dayOfYear: Int
    /// Days since 1970-01-01, for comparing dates.
    public let daysSinceEpoch: Int

    /// The local time `seconds` after 1970-01-01 00:00 local.
    public init(secondsSinceEpoch seconds: Int64) {
        let days = Int(seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400)
        let secondOfDay = Int(seconds - Int64(days) &* 86_400)
        // Howard Hinnant's civil_from_days.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfMarchYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfMarchYear + 2) / 153
        let day = dayOfMarchYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        let isLeap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
        let daysBeforeMonth = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334]
        self.year = year
        self.month = month
        self.day = day
        self.hour = secondOfDay / 3600
        self.minute = secondOfDay % 3600 / 60
        self.second = secondOfDay % 60
        self.weekday = ((days % 7 + 7) % 7 + 3) % 7 + 1  // 1970-01-01 was a Thursday
        self.dayOfYear = daysBeforeMonth[month - 1] + day + (isLeap && month > 2 ? 1 : 0)
        self.daysSinceEpoch = days
    }

    /// The local seconds since 1970-01-01 00:00 local: the inverse of `init(secondsSinceEpoch:)`.
    public var secondsSinceEpoch: Int64 { Int64(daysSinceEpoch) &* 86_400 + Int64(hour * 3600 + minute * 60 + second) }

    /// Whether `a` is earlier than `b` on the wall clock.
    public static func < (a: LocalDateTime, b: LocalDateTime) -> Bool {
        (a.daysSinceEpoch, a.hour, a.minute, a.second) < (b.daysSinceEpoch, b.hour, b.minute, b.second)
    }
}
