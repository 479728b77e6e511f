import WireCore

/// One place's clock during a candidate meeting: its local start, where that falls in its day, and
/// how far the whole meeting reaches outside its working hours.
public struct MeetingLocalTime: Equatable, Sendable {
    /// The place's name (서울).
    public let place: String
    /// Its IANA zone.
    public let zoneID: String
    /// The local date and time the meeting starts there.
    public let local: LocalDateTime
    /// Seconds east of UTC at the start, DST included.
    public let utcOffset: Int
    /// tz's abbreviation at the start (KST, EST).
    public let abbreviation: String
    /// Working, waking or night at the start.
    public let band: DayBand
    /// Minutes of the meeting before the start or after the end of the nearest working day: 0 fits.
    public let minutesOutside: Int
    /// Its local date minus the reference zone's (−1 어제, 1 내일).
    public let dayDifference: Int
    /// Whether its local day is one of the place's working days (a weekend day is not).
    public let isWorkingDay: Bool
}
