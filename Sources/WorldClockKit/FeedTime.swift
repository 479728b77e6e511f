import TimeZoneRules
package import WireCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A zone's time at the feed's instant.
public struct FeedTime: Codable, Equatable, Sendable {
    /// Local date and time with offset: "2026-11-23T19:00:00+09:00".
    public let local: String
    /// The offset from UTC as ISO 8601: "+09:00", "-03:30".
    public let utcOffset: String
    /// The offset from UTC in seconds, DST included.
    public let utcOffsetSeconds: Int
    /// tz's abbreviation: KST, EDT, +05.
    public let abbreviation: String
    /// Whether daylight saving time is in effect.
    public let dst: Bool
    /// The zone's next change of offset, if it has one ahead.
    public let nextTransition: FeedTransition?

    enum CodingKeys: String, CodingKey {
        case local, utcOffset = "utc_offset", utcOffsetSeconds = "utc_offset_seconds", abbreviation, dst
        case nextTransition = "next_transition"
    }

    /// `time` in the feed's words and numbers.
    package init(_ time: ZoneTime) {
        local = ISO8601.local(time.local, offset: time.utcOffset)
        utcOffset = KoreanTimeFormat.isoOffset(time.utcOffset)
        utcOffsetSeconds = time.utcOffset
        abbreviation = time.abbreviation
        dst = time.isDaylightSavingTime
        nextTransition = time.nextTransition.map(FeedTransition.init)
    }
}

/// The next change of offset: when, and what the zone says after it. The wire shape of a
/// transition (Codable, ISO 8601 and offsets in words and seconds); in memory, a transition is the
/// `ZoneTimeline.Period` it begins.
public struct FeedTransition: Codable, Equatable, Sendable {
    /// When the change happens (UTC, ISO 8601).
    public let at: String
    /// The offset after it, as ISO 8601: "+09:00".
    public let utcOffset: String
    /// The offset after it, in seconds.
    public let utcOffsetSeconds: Int
    /// tz's abbreviation after it: EST, CEST.
    public let abbreviation: String
    /// Whether daylight saving time is in effect after it.
    public let dst: Bool

    enum CodingKeys: String, CodingKey {
        case at, utcOffset = "utc_offset", utcOffsetSeconds = "utc_offset_seconds", abbreviation, dst
    }

    /// The transition that begins `period`, in the feed's words and numbers.
    package init(_ period: ZoneTimeline.Period) {
        at = ISO8601.utc(Date(timeIntervalSince1970: Double(period.start)))
        utcOffset = KoreanTimeFormat.isoOffset(period.utcOffset)
        utcOffsetSeconds = period.utcOffset
        abbreviation = period.abbreviation
        dst = period.isDaylightSavingTime
    }
}
