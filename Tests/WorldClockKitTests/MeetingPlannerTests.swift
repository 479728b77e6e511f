import MeetingPlanning
import Testing
import WorldClockKit

/// The meeting planner at fixed dates with the bundled tzdata (2026f).
@Suite("MeetingPlanner")
struct MeetingPlannerTests {
    static func clock(_ zone: String) -> ZoneClock { ZoneClock(zoneID: zone, tzdata: .bundled)! }
    static func place(_ name: String, _ zone: String, _ hours: WorkingHours = .standard) -> MeetingPlace {
        MeetingPlace(name: name, clock: clock(zone), hours: hours)
    }
    static let seoul = place("서울", "Asia/Seoul"), newYork = place("뉴욕", "America/New_York"), london = place("런던", "Europe/London")
    static let december2 = TimeQuery.CivilDate(year: 2026, month: 12, day: 2)
    static func utc(_ text: String) -> Int64 { try! ISO8601.parseSeconds(text) }
    /// "20:00" of a place's local start.
    static func clockText(_ time: MeetingLocalTime) -> String {
        "\(time.local.hour < 10 ? "0" : "")\(time.local.hour):\(time.local.minute < 10 ? "0" : "")\(time.local.minute)"
    }

    @Test("서울, 뉴욕 and 런던 on 2026-12-02 share no working hour; the fairest hour is 서울 20:00, 3 hours outside at worst")
    func noOverlap() throws {
        let plan = MeetingPlanner.plan(
            MeetingRequest(places: [Self.seoul, Self.newYork, Self.london], reference: Self.seoul.clock, dates: [Self.december2]))
        #expect(!plan.fitsEveryone)
        #expect(plan.slots.count == 48)
        #expect(plan.slots.allSatisfy { !$0.fitsEveryone })
        let best = try #require(plan.best.first)
        #expect(best.start == Self.utc("2026-12-02T11:00:00Z"))
        #expect(best.times.map(Self.clockText) == ["20:00", "06:00", "11:00"])
        #expect(best.times.map(\.minutesOutside) == [180, 180, 0])
        #expect(best.worstMinutesOutside == 180)
        // No other slot does as well, and the ranking is by the worst participant first.
        #expect(plan.slots.filter { $0.worstMinutesOutside <= 180 }.count == 1)
        #expect(zip(plan.best, plan.best.dropFirst()).allSatisfy { $0.worstMinutesOutside <= $1.worstMinutesOutside })
        #expect(best.times.map(\.band) == [.waking, .night, .working])
    }

    @Test("working hours are per place: 뉴욕 at 7–16 makes 서울 19:00 the fairest, 2 hours outside")
    func perPlaceHours() throws {
        let early = Self.place("뉴욕", "America/New_York", WorkingHours(start: 7 * 60, end: 16 * 60)!)
        let plan = MeetingPlanner.plan(
            MeetingRequest(places: [Self.seoul, early, Self.london], reference: Self.seoul.clock, dates: [Self.december2]))
        let best = try #require(plan.best.first)
        #expect(best.times.map(Self.clockText) == ["19:00", "05:00", "10:00"])
        #expect(best.worstMinutesOutside == 120)
    }

    @Test("서울, 시드니 and 도쿄 overlap: one-hour starts from 서울 9:00 to 15:00 fit everyone")
    func overlap() throws {
        let plan = MeetingPlanner.plan(
            MeetingRequest(
                places: [Self.seoul, Self.place("시드니", "Australia/Sydney"), Self.place("도쿄", "Asia/Tokyo")], reference: Self.seoul.clock,
                dates: [Self.december2], step: 1800, limit: 20))
        #expect(plan.fitsEveryone)
        let fitting = plan.slots.filter(\.fitsEveryone)
        #expect(
            fitting.map { Self.clockText($0.times[0]) }
                == stride(from: 540, through: 900, by: 30).map { "\($0 / 60 < 10 ? "0" : "")\($0 / 60):\($0 % 60 == 0 ? "00" : "30")" })
        #expect(plan.best.first?.start == Self.utc("2026-12-02T00:00:00Z"))
        // 시드니 is on AEDT (+11): two hours ahead of 서울.
        #expect(plan.best.first.map { Self.clockText($0.times[1]) } == "11:00")
    }

    @Test("a weekly 서울 23:00 meeting from 2027-03-03: 뉴욕 moves an hour later on 3-17, 런던 on 3-31")
    func weekly() throws {
        let request = MeetingRequest(places: [Self.seoul, Self.newYork, Self.london], reference: Self.seoul.clock, dates: [])
        let weeks = MeetingPlanner.weekly(request, start: Self.utc("2027-03-03T14:00:00Z"), weeks: 6)
        #expect(weeks.count == 6)
        #expect(
            weeks.map { $0.slot.times.map(Self.clockText) } == [
                ["23:00", "09:00", "14:00"], ["23:00", "09:00", "14:00"], ["23:00", "10:00", "14:00"],
                ["23:00", "10:00", "14:00"], ["23:00", "10:00", "15:00"], ["23:00", "10:00", "15:00"],
            ])
        #expect(weeks.map(\.shifts) == [[], [], [.init(place: "뉴욕", minutes: 60)], [], [.init(place: "런던", minutes: 60)], []])
        #expect(weeks[2].slot.times[1].abbreviation == "EDT")
        #expect(weeks[4].slot.times[2].abbreviation == "BST")
    }

    @Test("a weekly series is 1 to 104 weeks, MeetingRequest's rule: outside it, the planner plans no weeks", arguments: [0, -1, 105, 1, 104])
    func weeklyCount(weeks: Int) {
        let request = MeetingRequest(places: [Self.seoul, Self.newYork], reference: Self.seoul.clock, dates: [])
        let series = MeetingPlanner.weekly(request, start: Self.utc("2027-03-03T14:00:00Z"), weeks: weeks)
        #expect(series.count == (MeetingRequest.weekCounts.contains(weeks) ? weeks : 0))
        if MeetingRequest.weekCounts.contains(weeks) {
            #expect(throws: Never.self) { try MeetingRequest.validateWeeks(weeks) }
        } else {
            #expect(throws: MeetingRequestError.weekCount(weeks)) { try MeetingRequest.validateWeeks(weeks) }
        }
    }

    @Test("카트만두 (+5:45) and 채텀 (+13:45 in its summer) keep their quarter hours")
    func quarterHours() throws {
        let request = MeetingRequest(
            places: [Self.seoul, Self.place("카트만두", "Asia/Kathmandu"), Self.place("채텀", "Pacific/Chatham")], reference: Self.seoul.clock,
            dates: [Self.december2], step: 900)
        let plan = MeetingPlanner.plan(request)
        #expect(plan.slots.count == 96)
        let nine = try #require(plan.slots.first { $0.start == Self.utc("2026-12-02T00:00:00Z") })
        #expect(nine.times.map(Self.clockText) == ["09:00", "05:45", "13:45"])
        #expect(nine.times.map(\.utcOffset) == [32_400, 20_700, 49_500])
        #expect(nine.times.map(\.minutesOutside) == [0, 195, 0])
        #expect(nine.times.map(\.band) == [.working, .night, .working])
        // 채텀 is a day ahead from 서울 19:15 on (its midnight).
        let late = try #require(plan.slots.first { $0.start == Self.utc("2026-12-02T10:15:00Z") })
        #expect(late.times[2].dayDifference == 1)
        // The only fit: 카트만두's 9:00 is 서울 12:15, when 채텀 is at 17:00, an hour before its day ends.
        #expect(plan.best.first?.fitsEveryone == true)
        #expect(plan.best.first.map { $0.times.map(Self.clockText) } == ["12:15", "09:00", "17:00"])
        #expect(plan.slots.filter(\.fitsEveryone).count == 1)
    }

    @Test("뉴욕's DST gap: 2027-03-14 has 23 hours of candidates, none at 02:xx, and a meeting across the jump is right on both sides")
    func gap() throws {
        let day = TimeQuery.CivilDate(year: 2027, month: 3, day: 14)
        let local = MeetingPlanner.plan(MeetingRequest(places: [Self.newYork, Self.london], reference: Self.newYork.clock, dates: [day]))
        #expect(local.slots.count == 46)
        #expect(!local.slots.contains { $0.times[0].local.hour == 2 })
        #expect(local.slots.map { Self.clockText($0.times[0]) }.prefix(6) == ["00:00", "00:30", "01:00", "01:30", "03:00", "03:30"])
        // From 서울: the meeting 15:30–16:30 KST starts at 뉴욕 01:30 EST and ends at 03:30 EDT. (A
        // Sunday: 뉴욕 works every day here, so that the distance is to that day's 9:00.)
        let everyDay = MeetingPlace(name: "뉴욕", clock: Self.clock("America/New_York"), days: WorkingDays(mask: 0b111_1111)!)
        let plan = MeetingPlanner.plan(MeetingRequest(places: [Self.seoul, everyDay], reference: Self.seoul.clock, dates: [day]))
        let across = try #require(plan.slots.first { $0.start == Self.utc("2027-03-14T06:30:00Z") })
        #expect(Self.clockText(across.times[1]) == "01:30")
        #expect(across.times[1].abbreviation == "EST")
        let after = try #require(plan.slots.first { $0.start == Self.utc("2027-03-14T07:00:00Z") })
        #expect(Self.clockText(after.times[1]) == "03:00")
        #expect(after.times[1].abbreviation == "EDT")
        // 01:30 → 03:30 on the wall: 7 h 30 min before 9:00.
        #expect(across.times[1].minutesOutside == 450)
    }

    @Test(
        "each country's working days from CLDR's weekData, India's offices Monday to Friday: the weekend is out of hours",
        arguments: [
            ("KR", "월–금"), ("US", "월–금"), ("SA", "일–목"), ("AE", "월–금"), ("IL", "일–목"), ("IR", "토–목"), ("AF", "토–수"),
            ("IN", "월–금"), ("UG", "월–토"), ("ZZ", "월–금"),
        ])
    func countryDays(country: String, text: String) {
        #expect(WorkingDays.forCountry(country).text == text)
    }

    @Test("Monday morning in 서울 is Sunday evening in 뉴욕: a day off there, said as such, and not among the best")
    func weekend() throws {
        // 2026-11-30 is a Monday.
        let monday = TimeQuery.CivilDate(year: 2026, month: 11, day: 30)
        let plan = MeetingPlanner.plan(MeetingRequest(places: [Self.seoul, Self.newYork], reference: Self.seoul.clock, dates: [monday]))
        let nine = try #require(plan.slots.first { $0.start == Self.utc("2026-11-30T00:00:00Z") })
        #expect(nine.times[1].local.weekday == 7)
        #expect(!nine.times[1].isWorkingDay && nine.times[0].isWorkingDay)
        #expect(nine.times[1].band == .waking)
        // 일 19:00–20:00 is 14 hours before 월 9:00, the nearest working day's start.
        #expect(nine.times[1].minutesOutside == 14 * 60)
        #expect(plan.best.allSatisfy { $0.times[1].local.weekday != 7 })
        // Where Sunday is worked (리야드: 일–목), the same hour is a working one.
        let riyadh = MeetingPlace(name: "리야드", clock: Self.clock("Asia/Riyadh"), days: .forCountry("SA"))
        let sunday = MeetingPlanner.plan(
            MeetingRequest(
                places: [riyadh], reference: Self.clock("Asia/Riyadh").wallClock, dates: [TimeQuery.CivilDate(year: 2026, month: 11, day: 29)]))
        #expect(sunday.fitsEveryone)
        #expect(sunday.best.first?.times[0].isWorkingDay == true)
    }

    @Test("with now given, the slots that have begun are past and never among the best")
    func past() throws {
        let now = Self.utc("2026-12-02T05:10:00Z")  // 서울 14:10
        let request = MeetingRequest(
            places: [Self.seoul, Self.place("도쿄", "Asia/Tokyo")], reference: Self.seoul.clock, days: [Self.december2.daysSinceEpoch], now: now)
        let plan = MeetingPlanner.plan(request)
        #expect(plan.slots.filter(\.isPast).count == 29)  // 00:00 … 14:00
        #expect(plan.best.allSatisfy { $0.start >= now })
        #expect(plan.best.first.map { Self.clockText($0.times[0]) } == "14:30")
        #expect(
            MeetingPlanner.plan(MeetingRequest(places: request.places, reference: Self.seoul.clock, days: request.days)).best.first?.isPast == false)
    }

    @Test(
        "one set of request rules, each refused with its Korean message",
        arguments: [
            (180, 1800, 2, 1, MeetingRequestError.length(seconds: 180), "회의 길이 3분: 5분부터 24시간까지, 분 단위로 씁니다"),
            (90_000, 1800, 2, 1, .length(seconds: 90_000), "회의 길이 25시간"), (3630, 1800, 2, 1, .length(seconds: 3630), "3630초"),
            (3600, 600, 2, 1, .step(seconds: 600), "살펴볼 간격 10분: 15분, 30분, 1시간 가운데 하나입니다"),
            (3600, 1800, 0, 1, .placeCount(0), "회의할 곳이 없습니다"), (3600, 1800, 21, 1, .placeCount(21), "회의할 곳이 21곳입니다: 20곳까지"),
            (3600, 1800, 2, 32, .dayCount(32), "회의할 날이 32일입니다: 31일까지"), (3600, 1800, 2, 0, .dayCount(0), "회의할 날이 없습니다"),
        ])
    func rules(length: Int, step: Int, places: Int, days: Int, error: MeetingRequestError, message: String) throws {
        let request = MeetingRequest(
            places: Array(repeating: Self.seoul, count: places), reference: Self.seoul.clock,
            days: Array(Self.december2.daysSinceEpoch..<Self.december2.daysSinceEpoch + days), length: length, step: step)
        #expect(throws: error) { try request.validate() }
        #expect(error.message.contains(message), "\(error.message)")
        #expect(MeetingPlanner.plan(request).slots.isEmpty)
        #expect(throws: MeetingRequestError.daysNotConsecutive) {
            try MeetingRequest(places: [Self.seoul], reference: Self.seoul.clock, days: [20_789, 20_791]).validate()
        }
        #expect(throws: MeetingRequestError.dayOutOfRange) { try MeetingRequest.validateDays(first: 2_932_896, count: 2) }
        #expect(throws: Never.self) { try MeetingRequest(places: [Self.seoul], reference: Self.seoul.clock, days: [20_789]).validate() }
    }

    @Test("working hours measure a meeting's distance from the nearest working day")
    func distance() {
        let hours = WorkingHours.standard
        #expect(hours.minutesOutside(from: 20 * 60, to: 21 * 60) == 180)
        #expect(hours.minutesOutside(from: 6 * 60, to: 7 * 60) == 180)
        #expect(hours.minutesOutside(from: 9 * 60, to: 18 * 60) == 0)
        #expect(hours.minutesOutside(from: 17 * 60 + 30, to: 18 * 60 + 30) == 30)
        // 02:00–03:00 is nearer the morning (7 h) than the evening before (9 h).
        #expect(hours.minutesOutside(from: 2 * 60, to: 3 * 60) == 420)
        #expect(hours.minutesOutside(from: 23 * 60 + 30, to: 24 * 60 + 30) == 390)
        #expect(WorkingHours(start: 18 * 60, end: 9 * 60) == nil)
    }
}
