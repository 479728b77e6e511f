import SearchEngine
import WireCore

/// A zone's wall clock as the planner reads it: the offset and abbreviation at any instant, and the
/// changes within a span. Made from whatever holds the zone's rules — TZif files natively
/// (WorldClockKit's `ZoneClock`), the feed's transitions in the web module (a `ZoneTimeline`) — so
/// that one planner serves both.
public struct WallClock: Sendable {
    /// The IANA zone id (Asia/Seoul).
    public let zoneID: String
    private let offsetAt: @Sendable (Int64) -> (utcOffset: Int, abbreviation: String)
    private let changesIn: @Sendable (Int64, Int64) -> [ZoneTimeline.Period]

    /// A clock of `zoneID` whose offset (seconds east of UTC, DST included) and abbreviation at an
    /// instant are `offset(instant)`, and whose changes after `start` through `end` are
    /// `changes(start, end)`, each the period it begins.
    public init(
        zoneID: String, offset: @escaping @Sendable (Int64) -> (utcOffset: Int, abbreviation: String),
        changes: @escaping @Sendable (Int64, Int64) -> [ZoneTimeline.Period]
    ) {
        self.zoneID = zoneID
        self.offsetAt = offset
        self.changesIn = changes
    }

    /// The clock of a timeline: right within the span the timeline was made for.
    package init(zoneID: String, timeline: ZoneTimeline) {
        self.init(
            zoneID: zoneID,
            offset: { instant in
                let period = timeline.period(at: instant)
                return (period.utcOffset, period.abbreviation)
            }, changes: { timeline.periods(after: $0, through: $1) })
    }

    /// The offset (seconds east of UTC, DST included) and tz's abbreviation at `instant` (seconds since 1970).
    public func offset(at instant: Int64) -> (utcOffset: Int, abbreviation: String) { offsetAt(instant) }

    /// Seconds east of UTC at `instant`.
    public func utcOffset(at instant: Int64) -> Int { offsetAt(instant).utcOffset }

    /// The wall-clock date and time at `instant`.
    public func local(at instant: Int64) -> LocalDateTime { LocalDateTime(secondsSinceEpoch: instant + Int64(utcOffset(at: instant))) }

    /// The changes after `start` through `end`, each the period it begins.
    package func changes(after start: Int64, through end: Int64) -> [ZoneTimeline.Period] { changesIn(start, end) }
}
