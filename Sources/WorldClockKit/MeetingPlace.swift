/// One participant's place in a meeting plan: its name, its zone's rules and its working hours.
public struct MeetingPlace: Sendable {
    /// How the place is shown: 서울, 뉴욕.
    public let name: String
    /// The zone's TZif rules.
    public let clock: ZoneClock
    /// Its working day on its own clock.
    public let hours: WorkingHours

    /// A place named `name`, on `clock`, working `hours`.
    public init(name: String, clock: ZoneClock, hours: WorkingHours = .standard) {
        self.name = name
        self.clock = clock
        self.hours = hours
    }
}
