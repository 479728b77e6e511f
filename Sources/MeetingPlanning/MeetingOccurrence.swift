/// One week of a weekly meeting: its slot, and which places' clocks moved since the week before.
public struct MeetingOccurrence: Sendable {
    /// A place whose local time moved since the week before, and by how much.
    public struct Shift: Equatable, Sendable {
        /// The place (뉴욕).
        public let place: String
        /// Minutes its local time moved: +60 when it starts an hour later on its clock.
        public let minutes: Int

        /// `place` moved by `minutes`.
        public init(place: String, minutes: Int) {
            self.place = place
            self.minutes = minutes
        }
    }

    /// 0 for the first meeting, 1 for the next week's …
    public let week: Int
    /// That week's meeting.
    public let slot: MeetingSlot
    /// The places whose local start moved since the week before (none in week 0).
    public let shifts: [Shift]
}
