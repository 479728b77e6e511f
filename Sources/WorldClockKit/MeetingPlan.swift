/// A planner's answer: every candidate start in time order, and the best ones ranked.
public struct MeetingPlan: Sendable, Encodable {
    /// The reference zone the candidates step along.
    public let referenceZoneID: String
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

    private enum CodingKeys: String, CodingKey {
        case referenceZoneID = "reference", length = "length_seconds", step = "step_seconds", slots, best
        case fitsEveryone = "fits_everyone"
    }

    /// The plan as the CLI's `--json` prints it.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(referenceZoneID, forKey: .referenceZoneID)
        try container.encode(length, forKey: .length)
        try container.encode(step, forKey: .step)
        try container.encode(slots, forKey: .slots)
        try container.encode(best, forKey: .best)
        try container.encode(fitsEveryone, forKey: .fitsEveryone)
    }
}
