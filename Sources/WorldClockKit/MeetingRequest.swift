/// What a meeting plan is asked for: who, on which days, how long, at what step.
public struct MeetingRequest: Sendable {
    /// The places taking part, in the order the plan lists them.
    public var places: [MeetingPlace]
    /// The zone whose days the dates are and whose wall clock the candidate starts step along.
    public var reference: ZoneClock
    /// The days, in the reference zone (one, or a range).
    public var dates: [TimeQuery.CivilDate]
    /// The meeting's length in seconds (3600: one hour).
    public var length: Int
    /// Seconds between candidate starts: 900 or 1800.
    public var step: Int
    /// How many ranked slots the plan keeps.
    public var limit: Int

    /// A request; `length` and `step` in seconds.
    public init(
        places: [MeetingPlace], reference: ZoneClock, dates: [TimeQuery.CivilDate], length: Int = 3600, step: Int = 1800, limit: Int = 5
    ) {
        self.places = places
        self.reference = reference
        self.dates = dates
        self.length = length
        self.step = step
        self.limit = limit
    }
}
