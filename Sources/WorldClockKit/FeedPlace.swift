import WireCore

/// One place, with its time when the feed has an instant. On the wire the place's own fields
/// (`Place`'s JSON) and `time`, `relative` are one object.
public struct FeedPlace: Codable, Equatable, Sendable {
    /// The place: its name, country, zone and English name.
    public let place: Place
    /// The place's time at the feed's instant; nil when the feed has no instant.
    public let time: FeedTime?
    /// Against the reference zone (CLI only; absent in the HTTP feed).
    public let relative: FeedRelative?
    /// A change of the place's clocks, or of the reference's, within four weeks of the instant
    /// (my clocks and `show` in the CLI; absent in the HTTP feed, whose clients have the transitions).
    public let upcomingChange: UpcomingChange?

    enum CodingKeys: String, CodingKey {
        case time, relative, upcomingChange = "upcoming_change"
    }

    /// `place` with its `time`, its day and hours against `reference` when given, and the
    /// change coming to its clocks when given.
    package init(_ place: Place, time: ZoneTime?, reference: ZoneTime? = nil, upcomingChange: UpcomingChange? = nil) {
        self.place = place
        self.upcomingChange = upcomingChange
        self.time = time.map(FeedTime.init)
        if let time, let reference { relative = FeedRelative(RelativeTime(time, from: reference)) } else { relative = nil }
    }

    /// Reads a place object: the place's own fields with `time` and `relative` beside them.
    public init(from decoder: any Decoder) throws {
        place = try Place(from: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        time = try container.decodeIfPresent(FeedTime.self, forKey: .time)
        relative = try container.decodeIfPresent(FeedRelative.self, forKey: .relative)
        upcomingChange = try container.decodeIfPresent(UpcomingChange.self, forKey: .upcomingChange)
    }

    /// Encodes the place's JSON as the wire writes it: its own fields with `time` and `relative`
    /// beside them, as one object.
    public func encode(to encoder: any Encoder) throws { try WireValue.encode(JSONWriter.bytes(of: self), to: encoder) }
}

/// A place's day and hours against a reference zone, as iOS's world clock shows them.
public struct FeedRelative: Codable, Equatable, Sendable {
    /// 어제, 오늘, 내일 …
    public let day: String
    /// Calendar days between the two local dates (−1 yesterday, 0 today, 1 tomorrow).
    public let dayDifference: Int
    /// +13시간, −3시간 30분.
    public let hours: String
    /// Seconds the place is ahead of the reference zone (negative when behind).
    public let offsetDifferenceSeconds: Int

    enum CodingKeys: String, CodingKey {
        case day, dayDifference = "day_difference", hours, offsetDifferenceSeconds = "offset_difference_seconds"
    }

    /// `relative` in the feed's words and numbers.
    package init(_ relative: RelativeTime) {
        day = relative.koreanDay
        dayDifference = relative.dayDifference
        hours = relative.koreanHours
        offsetDifferenceSeconds = relative.offsetDifference
    }
}
