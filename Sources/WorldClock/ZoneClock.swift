import Foundation

/// The rules of one zone: Foundation's `TimeZone` (tzdata 2025b here) for offsets, DST and
/// transitions, and the system's TZif file for the abbreviation tz gives (KST, EDT, +05), since
/// Foundation on Linux answers "GMT+9". Build it once per zone; `time(at:)` is per instant.
public struct ZoneClock: Sendable {
    public let zoneID: String
    public let timeZone: TimeZone
    private let tzif: TZif?

    /// - Returns: nil when Foundation does not know `zoneID`.
    public init?(zoneID: String) {
        guard let timeZone = TimeZone(identifier: zoneID) else { return nil }
        self.zoneID = zoneID
        self.timeZone = timeZone
        self.tzif = try? TZif(zone: zoneID)
    }

    /// Everything a clock shows for this zone at `instant`.
    public func time(at instant: Date) -> ZoneTime {
        let offset = timeZone.secondsFromGMT(for: instant)
        let next = timeZone.nextDaylightSavingTimeTransition(after: instant)
        return ZoneTime(
            zoneID: zoneID,
            instant: instant,
            utcOffset: offset,
            daylightSavingOffset: Int(timeZone.daylightSavingTimeOffset(for: instant)),
            isDaylightSavingTime: timeZone.isDaylightSavingTime(for: instant),
            abbreviation: abbreviation(at: instant, offset: offset),
            previousTransition: previousTransition(before: instant),
            nextTransition: next.map { transition(at: $0) },
            local: LocalDateTime(secondsSinceEpoch: Int64(instant.timeIntervalSince1970.rounded(.down)) + Int64(offset))
        )
    }

    /// tz's abbreviation where the TZif file agrees with Foundation on the offset; otherwise tz's
    /// own style for zones without letters (+09, +0545, -03).
    private func abbreviation(at instant: Date, offset: Int) -> String {
        if let type = tzif?.localTimeType(at: instant), type.utOffset == offset { return type.abbreviation }
        return ZoneTime.numericAbbreviation(offset)
    }

    private func transition(at instant: Date) -> ZoneTime.Transition {
        let offset = timeZone.secondsFromGMT(for: instant)
        return ZoneTime.Transition(instant: instant, utcOffsetAfter: offset, isDaylightSavingTimeAfter: timeZone.isDaylightSavingTime(for: instant),
                                   abbreviationAfter: abbreviation(at: instant, offset: offset))
    }

    /// The last transition at or before `instant`, within the preceding 400 days (Foundation only
    /// looks forward, so walk forward from there).
    private func previousTransition(before instant: Date) -> Date? {
        var cursor = instant.addingTimeInterval(-400 * 86_400)
        var last: Date?
        while let next = timeZone.nextDaylightSavingTimeTransition(after: cursor), next <= instant {
            last = next
            cursor = next
        }
        return last
    }
}

/// What a clock shows for one zone at one instant.
public struct ZoneTime: Equatable, Sendable {
    /// A change of offset or DST.
    public struct Transition: Equatable, Sendable {
        public let instant: Date
        public let utcOffsetAfter: Int
        public let isDaylightSavingTimeAfter: Bool
        public let abbreviationAfter: String
    }

    public let zoneID: String
    public let instant: Date
    /// Seconds east of UTC, DST included.
    public let utcOffset: Int
    /// The part of `utcOffset` that is daylight saving time.
    public let daylightSavingOffset: Int
    public let isDaylightSavingTime: Bool
    /// The tz abbreviation: KST, EST/EDT, CET/CEST, IST, or +05 where tz has none.
    public let abbreviation: String
    /// The transition that began the current period, if within the last 400 days.
    public let previousTransition: Date?
    /// The next transition, if the zone has one ahead.
    public let nextTransition: Transition?
    /// The wall-clock date and time in the zone.
    public let local: LocalDateTime

    /// The standard offset, without DST.
    public var standardOffset: Int { utcOffset - daylightSavingOffset }

    /// tz's abbreviation style for a numeric offset: +09, +0545, -03.
    public static func numericAbbreviation(_ offset: Int) -> String {
        let sign = offset < 0 ? "-" : "+"
        let minutes = abs(offset) / 60
        let hours = String(minutes / 60), rest = String(minutes % 60)
        let hh = hours.count < 2 ? "0" + hours : hours
        return minutes % 60 == 0 ? sign + hh : sign + hh + (rest.count < 2 ? "0" + rest : rest)
    }
}

/// A wall-clock date and time, from plain calendar arithmetic (proleptic Gregorian).
public struct LocalDateTime: Equatable, Comparable, Sendable {
    public let year: Int
    public let month: Int
    public let day: Int
    public let hour: Int
    public let minute: Int
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
        let secondOfDay = Int(seconds - Int64(days) * 86_400)
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

    public static func < (a: LocalDateTime, b: LocalDateTime) -> Bool {
        (a.daysSinceEpoch, a.hour, a.minute, a.second) < (b.daysSinceEpoch, b.hour, b.minute, b.second)
    }
}
