/// One participant's place in a meeting plan: its name, its zone's wall clock, its working hours
/// and its working days.
public struct MeetingPlace: Sendable {
    /// How the place is shown: 서울, 뉴욕.
    public let name: String
    /// The zone's wall clock.
    public let clock: WallClock
    /// Its working day on its own clock.
    public let hours: WorkingHours
    /// The days of the week it works (its country's by default where the caller knows it).
    public let days: WorkingDays

    /// A place named `name`, on `clock`, working `hours` on `days`.
    public init(name: String, clock: WallClock, hours: WorkingHours = .standard, days: WorkingDays = .mondayToFriday) {
        self.name = name
        self.clock = clock
        self.hours = hours
        self.days = days
    }
}
