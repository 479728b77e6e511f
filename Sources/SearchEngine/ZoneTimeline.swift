/// A zone's offsets and abbreviations over a span of time, as plain data made from tz's rules at
/// build or export time: what gives a search without a tz reader (the web module) the
/// `ZoneFacts` of any instant in the span, as `TZifZoneFacts` gives them natively.
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
        guard !periods.isEmpty else { return nil }
        // The last period starting at or before the instant (the first when none does).
        var low = 0, high = periods.count
        while low < high {
            let middle = (low + high) / 2
            if periods[middle].start <= instant { low = middle + 1 } else { high = middle }
        }
        let current = max(low - 1, 0)
        var abbreviations = [periods[current].abbreviation]
        let end = instant + Int64(ZoneFacts.window)
        var next = current + 1
        while next < periods.count, periods[next].start <= end {
            if periods[next].start > instant { abbreviations.append(periods[next].abbreviation) }
            next += 1
        }
        return ZoneFacts(utcOffset: periods[current].utcOffset, abbreviations: abbreviations)
    }
}
