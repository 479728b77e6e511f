/// What a meeting plan is asked for: who, on which days, how long, at what step.
public struct MeetingRequest: Sendable {
    /// The places taking part, in the order the plan lists them.
    public var places: [MeetingPlace]
    /// The zone whose days the dates are and whose wall clock the candidate starts step along.
    public var reference: WallClock
    /// The days, in the reference zone (one, or a range), as days since 1970-01-01.
    public var days: [Int]
    /// The meeting's length in seconds (3600: one hour).
    public var length: Int
    /// Seconds between candidate starts: 900, 1800 or 3600.
    public var step: Int
    /// How many ranked slots the plan keeps.
    public var limit: Int

    /// A request; `length` and `step` in seconds.
    public init(
        places: [MeetingPlace], reference: WallClock, days: [Int], length: Int = 3600, step: Int = 1800, limit: Int = 5
    ) {
        self.places = places
        self.reference = reference
        self.days = days
        self.length = length
        self.step = step
        self.limit = limit
    }
}
