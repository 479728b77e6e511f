/// A planner's answer: every candidate start in time order, and the best ones ranked.
public struct MeetingPlan: Sendable {
    /// The places planned for, in the request's order: each slot's `times` follow it.
    public let places: [MeetingPlace]
    /// The reference zone's clock, which the candidates step along.
    public let reference: WallClock
    /// The reference zone the candidates step along.
    public var referenceZoneID: String { reference.zoneID }
    /// The meeting's length in seconds.
    public let length: Int
    /// Seconds between candidates.
    public let step: Int
    /// Every candidate start of the requested days, earliest first.
    public let slots: [MeetingSlot]
    /// The best candidates, best first, by `MeetingSlot.ranks(before:)`; at most the request's limit.
    public let best: [MeetingSlot]

    /// Whether some slot keeps every place within its working hours.
    public var fitsEveryone: Bool { best.first?.fitsEveryone ?? false }
}
