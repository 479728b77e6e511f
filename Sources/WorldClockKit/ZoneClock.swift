public import MeetingPlanning
public import TimeZoneRules
public import WireCore

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// The rules of one zone, from tz's TZif data (the newest of the system's and the bundled copy):
/// offsets, DST, abbreviations and transitions. Build it once per zone; `time(at:)` is per instant.
public struct ZoneClock: Sendable {
    /// The IANA zone id (Asia/Seoul).
    public let zoneID: String
    private let rules: ZoneRules

    /// The clock of `zoneID` with the rules `tzdata` has for it.
    /// - Returns: nil when the tzdata in use (and the bundled copy) has no rules for `zoneID`.
    public init?(zoneID: String, tzdata: TZDatabase = .automatic) {
        guard let rules = tzdata.rules(for: zoneID) else { return nil }
        self.zoneID = zoneID
        self.rules = rules
    }

    /// A clock with rules of its own (a POSIX `TZ` string's), shown under `zoneID`.
    package init(zoneID: String, rules: ZoneRules) {
        self.zoneID = zoneID
        self.rules = rules
    }

    /// Everything a clock shows for this zone at `instant`.
    public func time(at instant: Date) -> ZoneTime {
        let t = Self.seconds(instant)
        let period = rules.period(at: t)
        return ZoneTime(
            zoneID: zoneID,
            instant: instant,
            utcOffset: period.utcOffset,
            daylightSavingOffset: period.daylightSavingOffset,
            isDaylightSavingTime: period.isDaylightSavingTime,
            abbreviation: period.abbreviation,
            previousTransition: rules.previousTransition(atOrBefore: t).map { Date(timeIntervalSince1970: Double($0.instant)) },
            nextTransition: rules.nextTransition(after: t).map(ZoneTimeline.Period.init),
            local: LocalDateTime(secondsSinceEpoch: t + Int64(period.utcOffset))
        )
    }

    /// The zone's POSIX TZ string, the footer of its TZif rules ("EST5EDT,M3.2.0,M11.1.0",
    /// "KST-9"): what a device that keeps time with `TZ` (newlib, musl, ESP-IDF's `configTzTime`)
    /// is given. Nil only for rules without one (a TZif version 1 file).
    public var posixTZ: String? { rules.posixTZ }

    /// From this instant on, `posixTZ` alone gives the same offset, abbreviation and DST as the
    /// rules, for as long as tz's rules stand; nil when it always has. In the past for most zones;
    /// in the future where explicit transitions come first (Havana's winter of 2026–27, Gaza's
    /// and Hebron's Ramadan changes): a device before it must use the zone's transitions.
    public var posixTZExactFrom: Date? { rules.posixTZExactFrom.map { Date(timeIntervalSince1970: Double($0)) } }

    /// The zone's wall clock as the planner (MeetingPlanning) reads it, from these TZif rules.
    public var wallClock: WallClock {
        let rules = rules
        return WallClock(
            zoneID: zoneID,
            offset: { instant in
                let period = rules.period(at: instant)
                return (period.utcOffset, period.abbreviation)
            },
            changes: { start, end in rules.transitions(after: start, through: end).map(ZoneTimeline.Period.init) })
    }

    /// Seconds east of UTC at `instant`, DST included: `time(at:).utcOffset` without the rest of
    /// the time (what an offset search asks of every zone).
    public func utcOffset(at instant: Date) -> Int { rules.period(at: Self.seconds(instant)).utcOffset }

    /// The transitions after `instant` up to and including `end`, in order, each the period it begins.
    public func transitions(after instant: Date, through end: Date) -> [ZoneTimeline.Period] {
        rules.transitions(after: Self.seconds(instant), through: Self.seconds(end)).map(ZoneTimeline.Period.init)
    }

    /// The zone's timeline from `start` through `end` (seconds since 1970): the period at `start`,
    /// then one per transition. What `ZoneTimeline(_:from:through:)` makes, without the rest of a
    /// `ZoneTime` (the previous and next transitions), for a look ahead such as `upcomingChange`.
    func timeline(from start: Int64, through end: Int64) -> ZoneTimeline {
        let first = rules.period(at: start)
        let head = ZoneTimeline.Period(
            start: start, utcOffset: first.utcOffset, abbreviation: first.abbreviation, isDaylightSavingTime: first.isDaylightSavingTime)
        return ZoneTimeline(periods: [head] + rules.transitions(after: start, through: end).map(ZoneTimeline.Period.init))
    }

    /// The next transition after `instant`, if the zone has one ahead: the period it begins.
    public func nextTransition(after instant: Date) -> ZoneTimeline.Period? {
        rules.nextTransition(after: Self.seconds(instant)).map(ZoneTimeline.Period.init)
    }

    private static func seconds(_ date: Date) -> Int64 { ZoneRules.seconds(date) }
}

/// What a clock shows for one zone at one instant.
public struct ZoneTime: Equatable, Sendable {
    /// The IANA zone id (Asia/Seoul).
    public let zoneID: String
    /// The instant the time is for.
    public let instant: Date
    /// Seconds east of UTC, DST included.
    public let utcOffset: Int
    /// The part of `utcOffset` that is daylight saving time.
    public let daylightSavingOffset: Int
    /// Whether daylight saving time is in effect.
    public let isDaylightSavingTime: Bool
    /// The tz abbreviation: KST, EST/EDT, CET/CEST, IST, or +05 where tz has none.
    public let abbreviation: String
    /// The transition that began the current period, if the zone ever changed before.
    public let previousTransition: Date?
    /// The next transition, if the zone has one ahead: the period it begins (`startDate` is when).
    public let nextTransition: ZoneTimeline.Period?
    /// The wall-clock date and time in the zone.
    public let local: LocalDateTime

    /// The standard offset, without DST.
    public var standardOffset: Int { utcOffset - daylightSavingOffset }
}

extension ZoneTimeline.Period {
    /// The period a TZif transition begins: a change is the period it begins, in every layer
    /// above `TimeZoneRules`.
    init(_ transition: ZoneTransition) {
        self.init(
            start: transition.instant, utcOffset: transition.period.utcOffset, abbreviation: transition.period.abbreviation,
            isDaylightSavingTime: transition.period.isDaylightSavingTime)
    }

    /// When the period starts (`start`), as a `Date`.
    public var startDate: Date { Date(timeIntervalSince1970: Double(start)) }
}
