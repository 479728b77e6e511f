/// A zone's offsets and abbreviations over a span of time, as plain data: what gives a search
/// without a tz reader (the web module, from the feed's transitions) the `ZoneFacts` of any
/// instant in the span, as `TZifZoneFacts` gives them natively, and the meeting planner a zone's
/// wall clock.
public struct ZoneTimeline: Equatable, Sendable {
    /// One stretch of time on one offset and abbreviation.
    public struct Period: Equatable, Sendable {
        /// When it starts, in seconds since 1970-01-01T00:00Z.
        public let start: Int64
        /// Seconds east of UTC, DST included.
        public let utcOffset: Int
        /// tz's abbreviation ("KST"; "+07" where tz has no letters).
        public let abbreviation: String

        /// A period from `start` on.
        public init(start: Int64, utcOffset: Int, abbreviation: String) {
            self.start = start
            self.utcOffset = utcOffset
            self.abbreviation = abbreviation
        }
    }

    /// The periods by start, ascending: the first one holds from its start, and before it (the
    /// span's start), and the last one on.
    public let periods: [Period]

    /// A timeline of `periods`, in order of their starts; at least one.
    public init(periods: [Period]) { self.periods = periods }

    /// The facts at `instant` (seconds since 1970): the offset of the period holding then, and the
    /// abbreviations of it and of the periods starting within `ZoneFacts.window` after it.
    /// Right for an instant whose window ends inside the span the timeline was made for.
    public func facts(at instant: Int64) -> ZoneFacts? {
        guard let current = index(at: instant) else { return nil }
        var abbreviations = [periods[current].abbreviation]
        let end = instant + Int64(ZoneFacts.window)
        var next = current + 1
        while next < periods.count, periods[next].start <= end {
            if periods[next].start > instant { abbreviations.append(periods[next].abbreviation) }
            next += 1
        }
        return ZoneFacts(utcOffset: periods[current].utcOffset, abbreviations: abbreviations)
    }

    /// The period holding at `instant`: the last starting at or before it (the first before the
    /// span). A timeline has at least one period.
    public func period(at instant: Int64) -> Period { periods[index(at: instant) ?? 0] }

    /// The periods starting after `start` through `end`.
    public func periods(after start: Int64, through end: Int64) -> [Period] {
        var result: [Period] = []
        for period in periods where period.start > start && period.start <= end { result.append(period) }
        return result
    }

    /// The index of the period holding at `instant`, by binary search; nil for no periods.
    private func index(at instant: Int64) -> Int? {
        guard !periods.isEmpty else { return nil }
        var low = 0, high = periods.count
        while low < high {
            let middle = (low + high) / 2
            if periods[middle].start <= instant { low = middle + 1 } else { high = middle }
        }
        return max(low - 1, 0)
    }
}
