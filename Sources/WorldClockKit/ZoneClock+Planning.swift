public import MeetingPlanning

// The planner (MeetingPlanning) on the kit's TZif clocks: what the CLI and an app call.

extension MeetingPlace {
    /// A place named `name`, on `clock`'s TZif rules, working `hours` on `days`.
    public init(name: String, clock: ZoneClock, hours: WorkingHours = .standard, days: WorkingDays = .mondayToFriday) {
        self.init(name: name, clock: clock.wallClock, hours: hours, days: days)
    }
}

extension MeetingRequest {
    /// A request for `dates` in the reference zone (`ZoneClock.wallClock` for its TZif rules);
    /// `now`, when given, marks the slots before it past. `validate()` checks MeetingRequest's rules.
    public init(
        places: [MeetingPlace], reference: WallClock, dates: [TimeQuery.CivilDate], length: Int = 3600, step: Int = 1800, limit: Int = 5,
        now: Int64? = nil
    ) {
        self.init(places: places, reference: reference, days: dates.map(\.daysSinceEpoch), length: length, step: step, limit: limit, now: now)
    }
}

extension WallClockReading {
    /// Reads `wall` (local seconds since 1970-01-01 00:00 in the zone) in `clock`'s zone, from its TZif rules.
    package static func reading(wall: Int64, in clock: ZoneClock) -> WallClockReading { reading(wall: wall, in: clock.wallClock) }
}
