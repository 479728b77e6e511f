public import MeetingPlanning

// The plan as an `Encodable` value, for an app that encodes it with the rest of its own JSON: the
// one wire shape MeetingPlanning writes (`MeetingPlan.wireJSON(weekly:)`, which the CLI's
// `plan --json` and the web module print as it is), read back.

extension MeetingPlan: Encodable {
    /// The plan in its one wire shape (`wireJSON()`, without a weekly series).
    public func encode(to encoder: any Encoder) throws { try WireValue.encode(wireJSON(), to: encoder) }
}
