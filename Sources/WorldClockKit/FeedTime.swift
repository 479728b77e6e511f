/// A zone's time at the feed's instant.
public struct FeedTime: Codable, Equatable, Sendable {
    /// Local date and time with offset: "2026-11-23T19:00:00+09:00".
    public let local: String
    public let utcOffset: String
    public let utcOffsetSeconds: Int
    /// tz's abbreviation: KST, EDT, +05.
    public let abbreviation: String
    public let dst: Bool
    public let nextTransition: FeedTransition?

    enum CodingKeys: String, CodingKey {
        case local, utcOffset = "utc_offset", utcOffsetSeconds = "utc_offset_seconds", abbreviation, dst
        case nextTransition = "next_transition"
    }

    public init(_ time: ZoneTime) {
        local = ISO8601.local(time.local, offset: time.utcOffset)
        utcOffset = KoreanTimeFormat.isoOffset(time.utcOffset)
        utcOffsetSeconds = time.utcOffset
        abbreviation = time.abbreviation
        dst = time.isDaylightSavingTime
        nextTransition = time.nextTransition.map(FeedTransition.init)
    }
}

/// The next change of offset: when, and what the zone says after it.
public struct FeedTransition: Codable, Equatable, Sendable {
    public let at: String
    public let utcOffset: String
    public let utcOffsetSeconds: Int
    public let abbreviation: String
    public let dst: Bool

    enum CodingKeys: String, CodingKey {
        case at, utcOffset = "utc_offset", utcOffsetSeconds = "utc_offset_seconds", abbreviation, dst
    }

    public init(_ transition: ZoneTime.Transition) {
        at = ISO8601.utc(transition.instant)
        utcOffset = KoreanTimeFormat.isoOffset(transition.utcOffsetAfter)
        utcOffsetSeconds = transition.utcOffsetAfter
        abbreviation = transition.abbreviationAfter
        dst = transition.isDaylightSavingTimeAfter
    }
}
