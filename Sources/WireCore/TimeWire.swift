/// The feed's time values on the wire, written once for every surface: the server's feed (through
/// `FeedTimelineJSON`'s pieces), and the kit's `FeedTransition` and `FeedTime`.
extension JSONWriter {
    /// A transition: `{"abbreviation":…,"at":…,"dst":…,"utc_offset":…,"utc_offset_seconds":…}`,
    /// `at` the instant it happens, which `at` writes (RFC 3339, UTC).
    public mutating func transition(at: (inout JSONWriter) -> Void, abbreviation: String, dst: Bool, utcOffset seconds: Int) {
        raw("{\"abbreviation\":")
        string(abbreviation)
        raw(",\"at\":")
        at(&self)
        raw(",\"dst\":")
        bool(dst)
        offsets(seconds)
    }

    /// The transition that begins `period`.
    public mutating func transition(_ period: ZoneTimeline.Period) {
        transition(
            at: { json in json.plainString { ISOText.appendUTC(period.start, to: &$0) } }, abbreviation: period.abbreviation,
            dst: period.isDaylightSavingTime, utcOffset: period.utcOffset)
    }

    /// A zone's time: `{"abbreviation":…,"dst":…,"local":…,"next_transition":…,"utc_offset":…,
    /// "utc_offset_seconds":…}`, `local` the local date and time with the offset (which `local`
    /// writes), and the change after it when the zone has one ahead (which `next` writes).
    public mutating func time(
        local: (inout JSONWriter) -> Void, abbreviation: String, dst: Bool, utcOffset seconds: Int, next: ((inout JSONWriter) -> Void)?
    ) {
        raw("{\"abbreviation\":")
        string(abbreviation)
        raw(",\"dst\":")
        bool(dst)
        raw(",\"local\":")
        local(&self)
        if let next {
            raw(",\"next_transition\":")
            next(&self)
        }
        offsets(seconds)
    }

    /// A zone's time at `instant` (seconds since 1970) in `period`, with the change after it
    /// (`next`) when the zone has one ahead.
    public mutating func time(at instant: Int64, in period: ZoneTimeline.Period, next: ZoneTimeline.Period?) {
        let local = LocalDateTime(secondsSinceEpoch: instant + Int64(period.utcOffset))
        var writeNext: ((inout JSONWriter) -> Void)?
        if let next { writeNext = { $0.transition(next) } }
        time(
            local: { json in json.plainString { ISOText.appendLocal(local, offset: period.utcOffset, to: &$0) } },
            abbreviation: period.abbreviation, dst: period.isDaylightSavingTime, utcOffset: period.utcOffset, next: writeNext)
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
