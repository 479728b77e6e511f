/// A candidate meeting: when it starts and ends, and every place's clock for it.
public struct MeetingSlot: Equatable, Sendable {
    /// The start, in seconds since 1970 UTC.
    public let start: Int64
    /// The end (start + the meeting's length).
    public let end: Int64
    /// Each place's local time, in the order the places were given.
    public let times: [MeetingLocalTime]
    /// It starts before the request's `now`: shown, never suggested.
    public let isPast: Bool

    /// The fairness score: the most minutes any one place spends outside its working hours. 0:
    /// everyone is within them.
    public var worstMinutesOutside: Int { times.reduce(0) { max($0, $1.minutesOutside) } }
    /// The minutes outside working hours, summed over the places.
    public var totalMinutesOutside: Int { times.reduce(0) { $0 + $1.minutesOutside } }
    /// How many places are at night when it starts.
    public var placesAtNight: Int { times.filter { $0.band == .night }.count }
    /// Every place is within its working hours for the whole meeting.
    public var fitsEveryone: Bool { worstMinutesOutside == 0 }

    /// Whether `self` ranks before `other`: fewer worst minutes outside, then fewer in all, then
    /// fewer places at night, then earlier.
    package func ranks(before other: MeetingSlot) -> Bool {
        (worstMinutesOutside, totalMinutesOutside, placesAtNight, start)
            < (other.worstMinutesOutside, other.totalMinutesOutside, other.placesAtNight, other.start)
    }
}
