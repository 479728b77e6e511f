import WireCore

extension MeetingPlanner {
    /// The day a plan asked for no date is made for, in days since 1970 on the reference zone's
    /// clock: `today`, or, when today is the reference place's day off (the first place on the
    /// reference zone), its next working day. One rule for the CLI's `plan` and the web module's
    /// planner, which both say when it moved.
    public static func plannedDay(today: Int, places: [MeetingPlace], reference: String) -> Int {
        guard let home = places.first(where: { $0.clock.zoneID == reference }) else { return today }
        let weekday = { (day: Int) in LocalDateTime(secondsSinceEpoch: Int64(day) &* 86_400).weekday }
        return (today...today + 6).first { home.days.contains(weekday: weekday($0)) } ?? today
    }
}
