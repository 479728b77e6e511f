/// A zone's offsets, abbreviations and DST over a span of time, as plain data: the one answer to
/// "which period holds at instant t" outside tz's own reader (`ZoneRules`, the source). The
/// server writes the feed from it (its JSON rendering, `FeedTimelineJSON`), the kit's `Feed`
/// client answers a zone's offset at any instant of the feed's window with it, the web module
/// takes it from the page (the feed's transitions) for search and the meeting planner, and the
/// page's ticking clock (`Web/clock.js`) is held to it by a test on the same instants.
///
/// Here, in WireCore, the lowest module that the web module, the kit and the server all see
/// (Embedded-clean, no Foundation); `periodIndex(at:)` is its one search, and everything else asks
/// it (search's facts at an instant included: `facts(at:)`, in SearchEngine).
public struct ZoneTimeline: Equatable, Sendable {
    /// One stretch of time on one offset, abbreviation and DST: from `start`, until the next
    /// period's. The one value of a zone's state between two changes outside `TimeZoneRules`
    /// (whose `ZonePeriod` also keeps the standard offset, and which this module cannot see);
    /// a transition is the period it begins.
    public struct Period: Equatable, Sendable {
        /// When it starts, in seconds since 1970-01-01T00:00Z.
        public let start: Int64
        /// Seconds east of UTC, DST included.
        public let utcOffset: Int
        /// tz's abbreviation ("KST"; "+07" where tz has no letters).
        public let abbreviation: String
        /// Whether daylight saving time is in effect (as `ZonePeriod` shows it: Dublin's winter
        /// is standard time).
        public let isDaylightSavingTime: Bool

        /// A period from `start` on.
        public init(start: Int64, utcOffset: Int, abbreviation: String, isDaylightSavingTime: Bool) {
            self.start = start
            self.utcOffset = utcOffset
            self.abbreviation = abbreviation
            self.isDaylightSavingTime = isDaylightSavingTime
        }
    }

    /// The periods by start, ascending: the first one holds from its start, and before it (the
    /// span's start), and the last one on.
    public let periods: [Period]

    /// A timeline of `periods`, in order of their starts; at least one.
    package init(periods: [Period]) { self.periods = periods }

    /// The index in `periods` of the period holding at `instant` (seconds since 1970): the last
    /// starting at or before it, 0 before the first. Equally, the number of changes (periods
    /// after the first) at or before `instant`. The one search over a timeline, by bisection.
    /// - Complexity: O(log n) in the periods.
    package func periodIndex(at instant: Int64) -> Int {
        var low = 0, high = periods.count
        while low < high {
            let middle = (low + high) / 2
            if periods[middle].start <= instant { low = middle + 1 } else { high = middle }
        }
        return max(low - 1, 0)
    }

    /// The period holding at `instant`: the last starting at or before it (the first before the
    /// span). A timeline has at least one period.
    public func period(at instant: Int64) -> Period { periods[periodIndex(at: instant)] }

    /// The indices of the periods starting after `start` through `end`: the changes between them.
    /// The first period is never one (it holds before its start too).
    package func changeIndices(after start: Int64, through end: Int64) -> Range<Int> {
        guard !periods.isEmpty else { return 0..<0 }
        let first = periodIndex(at: start) + 1
        return first..<max(first, periodIndex(at: end) + 1)
    }

    /// The periods starting after `start` through `end`: the changes between them, in order.
    public func periods(after start: Int64, through end: Int64) -> [Period] { Array(periods[changeIndices(after: start, through: end)]) }
}
