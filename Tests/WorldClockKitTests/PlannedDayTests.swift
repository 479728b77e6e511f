import MeetingPlanning
import Testing
import WorldClockKit

/// The day a plan asked for no date is made for (`MeetingPlanner.plannedDay`), the CLI's and the web module's one rule.
@Suite("MeetingPlanner.plannedDay")
struct PlannedDayTests {
    static func place(_ name: String, _ zone: String, _ days: WorkingDays) -> MeetingPlace {
        MeetingPlace(name: name, clock: ZoneClock(zoneID: zone, tzdata: .bundled)!.wallClock, days: days)
    }
    /// Days since 1970 of a date (2026-11-28 is a Saturday).
    static func day(_ year: Int, _ month: Int, _ day: Int) -> Int { TimeQuery.CivilDate(year: year, month: month, day: day).daysSinceEpoch }

    @Test(
        "today, or the reference place's next working day",
        arguments: [
            // Saturday and Sunday in Seoul plan Monday; a Friday is a working day.
            ("KR", day(2026, 11, 28), day(2026, 11, 30)), ("KR", day(2026, 11, 29), day(2026, 11, 30)), ("KR", day(2026, 11, 27), day(2026, 11, 27)),
            // Riyadh's weekend is Friday and Saturday: its Friday plans Sunday, its Sunday itself.
            ("SA", day(2026, 11, 27), day(2026, 11, 29)), ("SA", day(2026, 11, 29), day(2026, 11, 29)),
        ])
    func movesOffTheDayOff(country: String, today: Int, planned: Int) {
        let home = Self.place("기준", country == "SA" ? "Asia/Riyadh" : "Asia/Seoul", .forCountry(country))
        let others = [Self.place("뉴욕", "America/New_York", .mondayToFriday)]
        #expect(MeetingPlanner.plannedDay(today: today, places: others + [home], reference: home.clock.zoneID) == planned)
    }

    @Test("without a place on the reference zone, today stands")
    func todayStands() {
        let saturday = Self.day(2026, 11, 28)
        let newYork = Self.place("뉴욕", "America/New_York", .mondayToFriday)
        #expect(MeetingPlanner.plannedDay(today: saturday, places: [newYork], reference: "Asia/Seoul") == saturday)
    }
}
