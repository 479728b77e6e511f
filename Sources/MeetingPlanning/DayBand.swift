/// Where a local time falls in a person's day.
public enum DayBand: String, Equatable, Sendable {
    /// Within their working hours.
    case working
    /// Awake (07:00–23:00) but not working.
    case waking
    /// Night: 23:00–07:00, outside working hours.
    case night

    /// The band of `minute` (after local midnight) for someone working `hours`, on a working day
    /// unless `workingDay` is false (a day off has no working band).
    package init(minute: Int, hours: WorkingHours, workingDay: Bool = true) {
        if workingDay, (hours.start..<hours.end).contains(minute) {
            self = .working
        } else if (WorkingHours.waking.start..<WorkingHours.waking.end).contains(minute) {
            self = .waking
        } else {
            self = .night
        }
    }

}
