/// The feed's time values on the wire, written once for every surface: the server's feed (through
/// `FeedTimelineJSON`'s pieces), and the shapes the kit's `FeedTransition` and `FeedTime` read.
extension JSONWriter {
    /// The transition that begins `period`: `{"abbreviation":…,"at":…,"dst":…,"utc_offset":…,
    /// "utc_offset_seconds":…}`, keys sorted as the feed writes them.
    public mutating func transition(_ period: ZoneTimeline.Period) {
        raw("{\"abbreviation\":")
        string(period.abbreviation)
        raw(",\"at\":\"")
        ISOText.appendUTC(period.start, to: &bytes)
        raw("\",\"dst\":")
        bool(period.isDaylightSavingTime)
        offsets(period.utcOffset)
    }

    /// A zone's time at `instant` (seconds since 1970) in `period`, with the change after it
    /// (`next`) when the zone has one ahead: `{"abbreviation":…,"dst":…,"local":…,
    /// "next_transition":…,"utc_offset":…,"utc_offset_seconds":…}`.
    public mutating func time(at instant: Int64, in period: ZoneTimeline.Period, next: ZoneTimeline.Period?) {
        raw("{\"abbreviation\":")
        string(period.abbreviation)
        raw(",\"dst\":")
        bool(period.isDaylightSavingTime)
        raw(",\"local\":\"")
        ISOText.appendLocal(LocalDateTime(secondsSinceEpoch: instant + Int64(period.utcOffset)), offset: period.utcOffset, to: &bytes)
        raw("\"")
        if let next {
            raw(",\"next_transition\":")
            transition(next)
        }
        offsets(period.utcOffset)
    }

    /// `,"utc_offset":"+09:00","utc_offset_seconds":32400}`: how both shapes end.
    private mutating func offsets(_ seconds: Int) {
        raw(",\"utc_offset\":\"")
        ISOText.appendOffset(seconds, to: &bytes)
        raw("\",\"utc_offset_seconds\":")
        number(seconds)
        raw("}")
    }
}
