#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
}

extension MeetingLocalTime: Encodable {
    private enum CodingKeys: String, CodingKey {
        case place, zone, local, abbreviation, band
        case minutesOutside = "minutes_outside"
        case dayDifference = "day_difference"
    }

    /// `{"place":"뉴욕","zone":"America/New_York","local":"2026-12-02T06:00:00-05:00",…}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(place, forKey: .place)
        try container.encode(zoneID, forKey: .zone)
        try container.encode(ISO8601.local(local, offset: utcOffset), forKey: .local)
        try container.encode(abbreviation, forKey: .abbreviation)
        try container.encode(band, forKey: .band)
        try container.encode(minutesOutside, forKey: .minutesOutside)
        try container.encode(dayDifference, forKey: .dayDifference)
    }
}
