import MeetingPlanning
import SearchEngine
import TimeZoneRules

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The rules of one zone, from tz's TZif data (the newest of the system's and the bundled copy):
/// offsets, DST, abbreviations and transitions. Build it once per zone; `time(at:)` is per instant.
public struct ZoneClock: Sendable {
    /// The IANA zone id (Asia/Seoul).
    public let zoneID: String
    private let rules: ZoneRules

    /// The clock of `zoneID` with the rules `tzdata` has for it.
    /// - Returns: nil when the tzdata in use (and the bundled copy) has no rules for `zoneID`.
    public init?(zoneID: String, tzdata: TZDatabase = TZDataChoice.automatic.database) {
        guard let rules = tzdata.rules(for: zoneID) else { return nil }
        self.zoneID = zoneID
        self.rules = rules
    }

    /// A clock with rules of its own (a POSIX `TZ` string's), shown under `zoneID`.
    public init(zoneID: String, rules: ZoneRules) {
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
            nextTransition: rules.nextTransition(after: t).map(ZoneTime.Transition.init),
            local: LocalDateTime(secondsSinceEpoch: t + Int64(period.utcOffset))
        )
    }

    /// The zone's wall clock as the planner (MeetingPlanning) reads it, from these TZif rules.
    public var wallClock: WallClock {
        let rules = rules
        return WallClock(
            zoneID: zoneID,
            offset: { instant in
                let period = rules.period(at: instant)
                return (period.utcOffset, period.abbreviation)
            },
            changes: { start, end in
                rules.transitions(after: start, through: end).map {
                    ZoneTimeline.Period(
                        start: $0.instant, utcOffset: $0.period.utcOffset, abbreviation: $0.period.abbreviation,
                        isDaylightSavingTime: $0.period.isDaylightSavingTime)
                }
            })
    }

    /// Seconds east of UTC at `instant`, DST included: `time(at:).utcOffset` without the rest of
    /// the time (what an offset search asks of every zone).
    public func utcOffset(at instant: Date) -> Int { rules.period(at: Self.seconds(instant)).utcOffset }

    /// The transitions after `instant` up to and including `end`, in order.
    public func transitions(after instant: Date, through end: Date) -> [ZoneTime.Transition] {
        rules.transitions(after: Self.seconds(instant), through: Self.seconds(end)).map(ZoneTime.Transition.init)
    }

    /// The next transition after `instant`, if the zone has one ahead.
    public func nextTransition(after instant: Date) -> ZoneTime.Transition? {
        rules.nextTransition(after: Self.seconds(instant)).map(ZoneTime.Transition.init)
    }

    private static func seconds(_ date: Date) -> Int64 { ZoneRules.seconds(date) }
}

/// What a clock shows for one zone at one instant.
public struct ZoneTime: Equatable, Sendable {
    /// A change of offset, DST or abbreviation, in `ZoneTime`'s terms (a `Date`, beside the time it
    /// is the next change of): what a clock app shows as "the next change". Inside the kit and on
    /// the wire a change is the `ZoneTimeline.Period` it begins (`FeedTransition` is made from one).
    public struct Transition: Equatable, Sendable {
        /// When the change happens.
        public let instant: Date
        /// Seconds east of UTC after the change, DST included.
        public let utcOffsetAfter: Int
        /// Whether daylight saving time is in effect after the change.
        public let isDaylightSavingTimeAfter: Bool
        /// tz's abbreviation after the change: EST, CEST.
        public let abbreviationAfter: String

        init(_ transition: ZoneTransition) {
            instant = Date(timeIntervalSince1970: Double(transition.instant))
            utcOffsetAfter = transition.period.utcOffset
            isDaylightSavingTimeAfter = transition.period.isDaylightSavingTime
            abbreviationAfter = transition.period.abbreviation
        }
    }

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
    /// The next transition, if the zone has one ahead.
    public let nextTransition: Transition?
    /// The wall-clock date and time in the zone.
    public let local: LocalDateTime

    /// The standard offset, without DST.
    public var standardOffset: Int { utcOffset - daylightSavingOffset }
}
