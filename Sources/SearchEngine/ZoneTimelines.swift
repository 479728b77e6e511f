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
