/// One participant's place in a meeting plan: its name, its zone's wall clock and its working hours.
public struct MeetingPlace: Sendable {
    /// How the place is shown: 서울, 뉴욕.
    public let name: String
    /// The zone's wall clock.
    public let clock: WallClock
    /// Its working day on its own clock.
    public let hours: WorkingHours

    /// A place named `name`, on `clock`, working `hours`.
    public init(name: String, clock: WallClock, hours: WorkingHours = .standard) {
        self.name = name
        self.clock = clock
        self.hours = hours
    }
}
