import WireCore

/// Zone facts at one instant from each zone's `ZoneTimeline`: how a search without a tz reader
/// (the web module, with timelines from the feed) asks what `TZifZoneFacts` asks natively.
package struct ZoneTimelines: ZoneFactsSource, Sendable {
    /// The timelines by canonical zone id.
    public let timelines: [String: ZoneTimeline]
    /// The instant the facts are for, in seconds since 1970-01-01T00:00Z.
    public let instant: Int64

    /// Facts at `instant` from `timelines`.
    public init(_ timelines: [String: ZoneTimeline], at instant: Int64) {
        self.timelines = timelines
        self.instant = instant
    }

    /// The zone's facts at the instant, nil when no timeline has it.
    public func facts(of zoneID: String) -> ZoneFacts? { timelines[zoneID]?.facts(at: instant) }
}

extension ZoneTimeline {
    /// The facts at `instant` (seconds since 1970): the offset of the period holding then, and the
    /// abbreviations of it and of the periods starting within `ZoneFacts.window` after it.
    /// Right for an instant whose window ends inside the span the timeline was made for.
    package func facts(at instant: Int64) -> ZoneFacts? {
        guard !periods.isEmpty else { return nil }
        let current = periodIndex(at: instant)
        let ahead = periods[changeIndices(after: instant, through: instant + Int64(ZoneFacts.window))]
        return ZoneFacts(utcOffset: periods[current].utcOffset, abbreviations: [periods[current].abbreviation] + ahead.map { $0.abbreviation })
    }
}
