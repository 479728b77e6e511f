import Foundation
import MeetingPlanning
import TestSupport
import Testing
import WireCore
import WorldClockKit

/// The web clock's meeting planner is the kit's: the committed module (run in Node by
/// Scripts/dev/wasm-engine.mjs, as the page runs it), given the zones' timelines as the page gives them
/// from the feed, plans as `MeetingPlanner` does from TZif files — every slot, every place's local
/// time, band and minutes outside, and the same best slots in the same order.
@Suite("The web app's WebAssembly planner plans as the CLI")
struct WasmPlannerTests {
    /// A request both sides are given.
    struct Case: Sendable, CustomStringConvertible {
        let places: [(name: String, zone: String, hours: (Int, Int))]
        let reference: String
        let date: TimeQuery.CivilDate
        let days: Int
        let length: Int
        var description: String { "\(places.map(\.name)) from \(reference), \(date.year)-\(date.month)-\(date.day) ×\(days), \(length) s" }

        /// The request as search-engine.js's `plan` takes it.
        var json: String {
            let list = places.map { #"{"name":"\#($0.name)","zone":"\#($0.zone)","hours":[\#($0.hours.0),\#($0.hours.1)]}"# }
            return
                #"{"reference":"\#(reference)","firstDay":\#(date.daysSinceEpoch),"days":\#(days),"length":\#(length),"#
                + #""places":[\#(list.joined(separator: ","))]}"#
        }
    }

    static let standard = (9 * 60, 18 * 60)
    /// The kit tests' cases: no overlap, an overlap, +5:45 and +12:45, a DST gap day (뉴욕's
    /// 2027-03-14), a European change inside a range, working hours of one's own.
    static let cases: [Case] = [
        Case(
            places: [("서울", "Asia/Seoul", standard), ("뉴욕", "America/New_York", standard), ("런던", "Europe/London", standard)],
            reference: "Asia/Seoul", date: .init(year: 2026, month: 12, day: 2), days: 1, length: 3600),
        Case(
            places: [("서울", "Asia/Seoul", standard), ("시드니", "Australia/Sydney", standard), ("도쿄", "Asia/Tokyo", standard)],
            reference: "Asia/Seoul", date: .init(year: 2026, month: 12, day: 2), days: 1, length: 3600),
        Case(
            places: [("카트만두", "Asia/Kathmandu", standard), ("채텀", "Pacific/Chatham", standard), ("서울", "Asia/Seoul", (8 * 60, 17 * 60))],
            reference: "Asia/Kathmandu", date: .init(year: 2027, month: 1, day: 15), days: 2, length: 5400),
        Case(
            places: [("뉴욕", "America/New_York", standard), ("런던", "Europe/London", (8 * 60, 17 * 60))],
            reference: "America/New_York", date: .init(year: 2027, month: 3, day: 14), days: 1, length: 3600),
        Case(
            places: [("베를린", "Europe/Berlin", standard), ("서울", "Asia/Seoul", standard), ("밴쿠버", "America/Vancouver", standard)],
            reference: "Europe/Berlin", date: .init(year: 2027, month: 3, day: 27), days: 3, length: 1800),
    ]

    /// What a slot is compared on, as text: start, end, scores, and each place's clock.
    static func text(_ slot: Answer.Slot) -> String {
        "\(slot.start)–\(slot.end) worst \(slot.worstMinutesOutside) total \(slot.totalMinutesOutside): "
            + slot.times.map {
                """
                \($0.local)@\($0.utcOffsetSeconds) \($0.abbreviation) \($0.band) out \($0.minutesOutside) day \
                \($0.dayDifference)\($0.workingDay ? "" : " off")
                """
            }.joined(separator: ", ")
    }

    /// The plan's one wire shape (MeetingPlan.wire), as both sides write it.
    struct Answer: Decodable {
        struct Slot: Decodable {
            struct Time: Decodable {
                let local: String
                let utcOffsetSeconds: Int
                let abbreviation: String
                let band: String
                let minutesOutside: Int
                let dayDifference: Int
                let workingDay: Bool
            }
            let start: String
            let end: String
            let referenceLocal: String
            let worstMinutesOutside: Int
            let totalMinutesOutside: Int
            let times: [Time]
        }
        let slots: [Slot]
        let best: [Int]
        let fitsEveryone: Bool
    }

    @Test("every slot, local time, band and score, and the best slots, are the kit's: the same JSON, key for key", arguments: cases)
    func samePlans(_ request: Case) async throws {
        let output = try await onOwnThread { try WasmSearchTests.runEngine(["plan", "TIMELINES", "INPUT"], input: request.json) }
        let line = try #require(output.first)
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let answer = try decoder.decode(Answer.self, from: line)
        let clock = { (zone: String) in ZoneClock(zoneID: zone, tzdata: .bundled)! }
        let plan = MeetingPlanner.plan(
            MeetingRequest(
                places: request.places.map {
                    MeetingPlace(name: $0.name, clock: clock($0.zone), hours: WorkingHours(start: $0.hours.0, end: $0.hours.1)!)
                },
                reference: clock(request.reference).wallClock,
                days: Array(request.date.daysSinceEpoch..<request.date.daysSinceEpoch + request.days), length: request.length))
        let kitJSON = try CodableJSON.encode(plan)
        let kit = try decoder.decode(Answer.self, from: kitJSON)
        let native = kit.slots.map(Self.text), wasm = answer.slots.map(Self.text)
        let differing = zip(native, wasm).filter { $0 != $1 }.map { "kit \($0)\nwasm \($1)" }
        #expect(
            native.count == wasm.count && differing.isEmpty,
            "\(native.count) slots natively, \(wasm.count) in the module; first differences:\n\(differing.prefix(3).joined(separator: "\n"))")
        #expect(native.count == plan.slots.count && native.count > 0)
        #expect(answer.best == kit.best)
        #expect(answer.best.map { answer.slots[$0].start } == plan.best.map { ISOText.utc($0.start) })
        // The reference zone's wall clock at each start, which the page titles the columns with.
        let referenceClock = clock(request.reference)
        #expect(
            answer.slots.map(\.referenceLocal)
                == plan.slots.map {
                    let time = referenceClock.time(at: Date(timeIntervalSince1970: Double($0.start)))
                    return ISOText.local(time.local, offset: time.utcOffset)
                })
        #expect(answer.fitsEveryone == plan.fitsEveryone)
        // One shape: the module's JSON is the kit's wire JSON byte for byte, and the same object as
        // the kit's encoding (the CLI's --json), every key and value.
        #expect(Array(line) == plan.wireJSON())
        let module = try #require(try JSONSerialization.jsonObject(with: line) as? NSDictionary)
        #expect(module == (try JSONSerialization.jsonObject(with: kitJSON) as? NSDictionary))
    }

    /// What the page asks beyond the grid: places' working days (a country's code or bits), the
    /// page's now, and a weekly series from a start.
    struct Extras: Decodable {
        struct Slot: Decodable {
            struct Time: Decodable { let workingDay: Bool }
            let start: String
            let past: Bool
            let times: [Time]
        }
        struct Week: Decodable {
            struct Slot: Decodable {
                struct Time: Decodable { let local: String }
                let start: String
                let times: [Time]
            }
            struct Shift: Decodable, Equatable {
                let place: String
                let minutes: Int
            }
            let week: Int
            let slot: Slot
            let shifts: [Shift]
        }
        struct Place: Decodable { let workingDays: [Int] }
        let slots: [Slot]
        let best: [Int]
        let places: [Place]
        let weekly: [Week]
    }

    @Test("working days by country or bits, past slots before now, and a weekly series are the kit's")
    func daysPastAndWeekly() async throws {
        // Friday 2027-03-05 from 서울: 리야드's weekend (Friday–Saturday, CLDR) and 뉴욕 on Monday, Wednesday
        // and Friday only; now at 서울 15:10, so the slots before are past; eight weeks from 서울 22:00,
        // over 뉴욕's DST start (2027-03-14) and 런던's (03-28).
        let day = TimeQuery.CivilDate(year: 2027, month: 3, day: 5).daysSinceEpoch
        let now: Int64 = Int64(day) * 86_400 + 15 * 3600 + 10 * 60 - 9 * 3600
        let start: Int64 = Int64(day) * 86_400 + 22 * 3600 - 9 * 3600
        let json =
            #"{"reference":"Asia/Seoul","firstDay":\#(day),"length":3600,"now":\#(now),"weekly":{"start":\#(start),"weeks":8},"places":["#
            + #"{"name":"서울","zone":"Asia/Seoul","days":"KR"},{"name":"리야드","zone":"Asia/Riyadh","days":"SA"},"#
            + #"{"name":"뉴욕","zone":"America/New_York","days":21},{"name":"런던","zone":"Europe/London"}]}"#
        let output = try await onOwnThread { try WasmSearchTests.runEngine(["plan", "TIMELINES", "INPUT"], input: json) }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let answer = try decoder.decode(Extras.self, from: try #require(output.first))
        let clock = { (zone: String) in ZoneClock(zoneID: zone, tzdata: .bundled)! }
        let request = MeetingRequest(
            places: [
                MeetingPlace(name: "서울", clock: clock("Asia/Seoul"), days: .forCountry("KR")),
                MeetingPlace(name: "리야드", clock: clock("Asia/Riyadh"), days: .forCountry("SA")),
                MeetingPlace(name: "뉴욕", clock: clock("America/New_York"), days: WorkingDays(mask: 21)!),
                MeetingPlace(name: "런던", clock: clock("Europe/London")),
            ],
            reference: clock("Asia/Seoul").wallClock, days: [day], now: now)
        let plan = MeetingPlanner.plan(request)
        #expect(answer.places.map(\.workingDays) == [[1, 2, 3, 4, 5], [1, 2, 3, 4, 7], [1, 3, 5], [1, 2, 3, 4, 5]])
        #expect(answer.slots.map(\.start) == plan.slots.map { ISOText.utc($0.start) })
        #expect(answer.slots.map(\.past) == plan.slots.map(\.isPast))
        #expect(answer.slots.filter(\.past).count == 31)
        #expect(answer.slots.map { $0.times.map(\.workingDay) } == plan.slots.map { $0.times.map(\.isWorkingDay) })
        #expect(answer.slots.contains { !$0.times[1].workingDay })
        #expect(answer.best.map { answer.slots[$0].start } == plan.best.map { ISOText.utc($0.start) })
        #expect(answer.best.allSatisfy { answer.slots[$0].start >= ISOText.utc(now) })
        let weekly = MeetingPlanner.weekly(request, start: start, weeks: 8)
        #expect(answer.weekly.map(\.slot.start) == weekly.map { ISOText.utc($0.slot.start) })
        #expect(
            answer.weekly.map { $0.slot.times.map(\.local) } == weekly.map { $0.slot.times.map { ISOText.local($0.local, offset: $0.utcOffset) } })
        #expect(answer.weekly.map { $0.shifts.map { "\($0.place) \($0.minutes)" } } == weekly.map { $0.shifts.map { "\($0.place) \($0.minutes)" } })
        #expect(answer.weekly.contains { !$0.shifts.isEmpty })
        // One shape: the module's answer, the series included, is the kit's wire JSON key for key.
        let line = try #require(output.first)
        #expect(Array(line) == plan.wireJSON(weekly: weekly))
    }

    @Test(
        "a request the module cannot plan is an error object saying what was wrong",
        arguments: [
            (#"{"reference":"Nowhere/City","firstDay":20789,"length":3600,"places":[{"name":"서울","zone":"Asia/Seoul"}]}"#, "unknown_zone"),
            (#"{"reference":"Asia/Seoul","firstDay":20789,"length":3600,"places":[]}"#, "bad_request"),
            (
                #"{"reference":"Asia/Seoul","firstDay":20789,"length":3600,"places":[{"name":"서울","zone":"Asia/Seoul","hours":[600,500]}]}"#,
                "bad_request"
            ),
            (#"{"reference":"Asia/Seoul","firstDay":20789,"length":0,"places":[{"name":"서울","zone":"Asia/Seoul"}]}"#, "bad_request"),
            (#"{"reference":"Asia/Seoul","firstDay":20789,"days":40,"length":3600,"places":[{"name":"서울","zone":"Asia/Seoul"}]}"#, "bad_request"),
            (#"{"reference":"Asia/Seoul","firstDay":3000000,"length":3600,"places":[{"name":"서울","zone":"Asia/Seoul"}]}"#, "bad_request"),
            (#"{"reference":"Asia/Seoul","firstDay":20789,"length":3600,"step":600,"places":[{"name":"서울","zone":"Asia/Seoul"}]}"#, "bad_request"),
        ])
    func refusals(_ request: String, _ code: String) async throws {
        let output = try await onOwnThread { try WasmSearchTests.runEngine(["plan", "TIMELINES", "INPUT"], input: request) }
        let line = try #require(output.first)
        let answer = try #require(try JSONSerialization.jsonObject(with: line) as? [String: Any])
        let error = try #require(answer["error"] as? [String: Any], "\(answer)")
        #expect(error["code"] as? String == code)
        #expect((error["message"] as? String)?.isEmpty == false)
    }

    /// A bad request as each surface takes it: the kit's request, the module's JSON, the CLI's options.
    struct BadRequest: Sendable, CustomStringConvertible {
        let places: Int
        let days: Int
        let length: Int
        let step: Int
        let cli: [String]
        /// A weekly series of this many weeks.
        var weeks: Int? = nil
        var description: String { "\(places) places, \(days) days, \(length) s, step \(step) s" + (weeks.map { ", \($0) weeks" } ?? "") }
    }

    static let badRequests = [
        BadRequest(places: 2, days: 1, length: 180, step: 1800, cli: ["--length", "3m"]),
        BadRequest(places: 2, days: 1, length: 90_000, step: 1800, cli: ["--length", "25h"]),
        BadRequest(places: 2, days: 1, length: 3600, step: 600, cli: ["--step", "10"]),
        BadRequest(places: 2, days: 1, length: 3600, step: 2700, cli: ["--step", "45"]),
        BadRequest(places: 21, days: 1, length: 3600, step: 1800, cli: []),
        BadRequest(places: 2, days: 40, length: 3600, step: 1800, cli: ["--date", "2026-12-02~2027-01-10"]),
        BadRequest(places: 2, days: 1, length: 3600, step: 1800, cli: ["--weekly", "105"], weeks: 105),
        BadRequest(places: 2, days: 1, length: 3600, step: 1800, cli: ["--weekly", "0"], weeks: 0),
    ]

    /// The built `worldclock`, beside this test bundle.
    static let worldclock = Tool.builtExecutable(named: "worldclock")

    @Test(
        "one set of plan rules: the kit, the web module and the CLI refuse the same request with the same Korean message",
        .needs(.builtExecutable("worldclock")),
        arguments: badRequests)
    func sameRefusalEverywhere(_ bad: BadRequest) async throws {
        let first = TimeQuery.CivilDate(year: 2026, month: 12, day: 2).daysSinceEpoch
        let names = (0..<bad.places).map { $0 % 2 == 0 ? ("서울", "Asia/Seoul") : ("뉴욕", "America/New_York") }
        // The kit.
        let clock = { (zone: String) in ZoneClock(zoneID: zone, tzdata: .bundled)! }
        let request = MeetingRequest(
            places: names.map { MeetingPlace(name: $0.0, clock: clock($0.1)) }, reference: clock("Asia/Seoul").wallClock,
            days: Array(first..<first + bad.days), length: bad.length, step: bad.step)
        let kit = try #require(throws: MeetingRequestError.self) {
            try request.validate()
            if let weeks = bad.weeks { try MeetingRequest.validateWeeks(weeks) }
        }
        if let weeks = bad.weeks {
            #expect(MeetingPlanner.weekly(request, start: Int64(first) * 86_400, weeks: weeks).isEmpty)
        } else {
            #expect(MeetingPlanner.plan(request).slots.isEmpty)
        }
        // The web module.
        let places = names.map { #"{"name":"\#($0.0)","zone":"\#($0.1)"}"# }.joined(separator: ",")
        let weekly = bad.weeks.map { #","weekly":{"start":\#(Int64(first) * 86_400),"weeks":\#($0)}"# } ?? ""
        let json =
            #"{"reference":"Asia/Seoul","firstDay":\#(first),"days":\#(bad.days),"length":\#(bad.length),"step":\#(bad.step)"#
            + #"\#(weekly),"places":[\#(places)]}"#
        let output = try await onOwnThread { try WasmSearchTests.runEngine(["plan", "TIMELINES", "INPUT"], input: json) }
        let line = try #require(output.first)
        let answer = try #require(try JSONSerialization.jsonObject(with: line) as? [String: Any])
        let error = try #require(answer["error"] as? [String: Any], "\(answer)")
        #expect(error["code"] as? String == kit.code)
        #expect(error["message"] as? String == kit.message)
        // The CLI.
        let process = Process()
        process.executableURL = Self.worldclock
        process.arguments =
            ["plan"] + names.map(\.0) + (bad.cli.contains("--date") ? [] : ["--date", "2026-12-02"]) + ["--from", "서울", "--tzdata", "bundled"]
            + bad.cli
        process.environment = ["TZ": "Asia/Seoul", "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": "/nonexistent"]
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 2, "\(stderr)")
        #expect(stderr.contains(kit.message), "\(stderr)")
        // With --json, the same code the module writes (it said `usage`).
        let withJSON = Process()
        withJSON.executableURL = Self.worldclock
        withJSON.arguments = process.arguments! + ["--json"]
        withJSON.environment = process.environment
        let out = Pipe()
        withJSON.standardOutput = out
        withJSON.standardError = FileHandle.nullDevice
        try withJSON.run()
        let written = out.fileHandleForReading.readDataToEndOfFile()
        withJSON.waitUntilExit()
        #expect(withJSON.terminationStatus == 2)
        let refusal = try #require(try JSONSerialization.jsonObject(with: written) as? [String: Any], "\(String(decoding: written, as: UTF8.self))")
        #expect((refusal["error"] as? [String: Any])?["code"] as? String == kit.code)
    }

    @Test(
        "no date chosen (`planned`): the module plans the day MeetingPlanner.plannedDay gives, the CLI's rule, and a chosen date as it is",
        arguments: [
            // Saturday in 서울 plans Monday; 리야드's Friday (its weekend is Friday–Saturday) plans Sunday; a weekday stands.
            ("Asia/Seoul", "KR", TimeQuery.CivilDate(year: 2026, month: 11, day: 28), "2026-11-30", "2026-11-28"),
            ("Asia/Riyadh", "SA", TimeQuery.CivilDate(year: 2026, month: 11, day: 27), "2026-11-29", "2026-11-27"),
            ("Asia/Seoul", "KR", TimeQuery.CivilDate(year: 2026, month: 11, day: 27), "2026-11-27", "2026-11-27"),
        ])
    func plannedDay(zone: String, country: String, today: TimeQuery.CivilDate, planned: String, chosen: String) async throws {
        func request(_ planned: Bool) -> String {
            #"{"reference":"\#(zone)","firstDay":\#(today.daysSinceEpoch),"planned":\#(planned),"length":3600,"places":["#
                + #"{"name":"기준","zone":"\#(zone)","days":"\#(country)"},{"name":"뉴욕","zone":"America/New_York"}]}"#
        }
        let input = request(true) + "\n" + request(false)
        let output = try await onOwnThread { try WasmSearchTests.runEngine(["plan", "TIMELINES", "INPUT"], input: input) }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let days = try output.map { try decoder.decode(Answer.self, from: $0).slots.first.map { String($0.referenceLocal.prefix(10)) } }
        #expect(days == [planned, chosen])
    }

    @Test("the page plans within MeetingRequest's limits, which the module gives it (wc_plan_limits), not limits of its own")
    func limits() async throws {
        let output = try await onOwnThread { try WasmSearchTests.runEngine(["limits"], input: "") }
        let line = try #require(output.first)
        let limits = try #require(try JSONSerialization.jsonObject(with: line) as? [String: [Int]])
        let range = { (range: ClosedRange<Int>) in [range.lowerBound, range.upperBound] }
        #expect(limits["places"] == range(MeetingRequest.placeCounts))
        #expect(limits["days"] == range(MeetingRequest.dayCounts))
        #expect(limits["length_seconds"] == range(MeetingRequest.lengths))
        #expect(limits["steps_seconds"] == MeetingRequest.steps)
        #expect(limits["slots"] == range(MeetingRequest.limits))
        #expect(limits["weeks"] == range(MeetingRequest.weekCounts))
        let page = try String(contentsOf: WasmSearchTests.root.appending(path: "Web/app/meeting.js"), encoding: .utf8)
        #expect(page.contains("planLimits()") && !page.contains("MAX_PLACES"))
    }
}
