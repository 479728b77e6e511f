import Foundation
import Hummingbird
import TestSupport
import Testing
import WorldClockKit

@testable import WorldClockServer

/// The calendars of clock changes, read back by a real parser (Python's icalendar, which
/// Scripts/test installs) and held to the rules.
@Suite("Calendars of clock changes (.ics)")
struct ChangesCalendarTests {
    /// One event as icalendar reads it.
    struct Event: Equatable {
        let start: Int64
        let uid: String
        let sequence: Int
        let summary: String
    }

    /// What reads a calendar back (Scripts/test installs it).
    static let icalendar = Tool.pythonModule("icalendar", install: "pip install icalendar (Scripts/test does)")

    /// `ics` through icalendar; fails the test when icalendar is not installed.
    static func parsed(_ ics: Data) throws -> [Event] {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("changes-\(UUID().uuidString).ics")
        try ics.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let script = """
            import sys, icalendar
            calendar = icalendar.Calendar.from_ical(open(sys.argv[1], 'rb').read())
            assert calendar.get('VERSION') == '2.0'
            for event in calendar.walk('VEVENT'):
                start = event.decoded('DTSTART')
                assert start.utcoffset().total_seconds() == 0
                print(int(start.timestamp()), str(event['UID']), int(event['SEQUENCE']), str(event['SUMMARY']), sep='\\t')
            """
        let run = try #require(try runTool(["python3", "-c", script, file.path], in: FileManager.default.temporaryDirectory))
        try #require(!run.err.contains("No module named 'icalendar'"), "icalendar is missing: pip install icalendar (Scripts/test does)")
        #expect(run.status == 0, "\(run.err)")
        return run.out.split(separator: "\n").map { line in
            let cells = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return Event(start: Int64(cells[0]) ?? 0, uid: cells[1], sequence: Int(cells[2]) ?? -1, summary: cells[3])
        }
    }

    static func get(_ uri: String) async throws -> (status: HTTPResponse.Status, contentType: String?, body: Data) {
        try await withApp { client in
            try await client.execute(uri: uri, method: .get) { ($0.status, $0.headers[.contentType], $0.data) }
        }
    }

    @Test(
        "A zone's calendar has one event per change of offset or DST in the next two years, at the rules' instants",
        .needs(icalendar),
        arguments: [
            "America/New_York", "Europe/London", "Europe/Dublin", "America/Santiago", "Africa/Casablanca", "America/Havana",
            "Australia/Lord_Howe", "Asia/Gaza", "Asia/Seoul",
        ])
    func zoneCalendar(zone: String) async throws {
        let at = "2026-11-28T12:00:00Z"
        let response = try await Self.get("/v1/zones/\(zone)/changes.ics?at=\(at)")
        #expect(response.status == .ok)
        #expect(response.contentType == "text/calendar; charset=utf-8")
        let events = try Self.parsed(response.body)
        let clock = try #require(sharedClocks[zone])
        let start = instant(at)
        var before = clock.time(at: start)
        var expected: [Int64] = []
        for change in clock.transitions(after: start, through: start.addingTimeInterval(730 * 86_400)) {
            if change.utcOffset != before.utcOffset || change.isDaylightSavingTime != before.isDaylightSavingTime { expected.append(change.start) }
            before = clock.time(at: change.startDate)
        }
        #expect(events.map(\.start) == expected)
        #expect(events.allSatisfy { $0.sequence == 5606 && $0.uid.hasSuffix("-\(zone)@worldclock") && !$0.summary.isEmpty })
        if zone == "Asia/Seoul" { #expect(events.isEmpty) }
        if zone == "America/New_York" { #expect(events.first?.summary == "3월 14일 (일)부터 뉴욕 서머타임 시작") }
        // A later look keeps each change's UID.
        let later = try await Self.get("/v1/zones/\(zone)/changes.ics?at=2027-06-01T00:00:00Z")
        let again = try Self.parsed(later.body)
        for event in again where events.contains(where: { $0.start == event.start }) {
            #expect(events.first { $0.start == event.start }?.uid == event.uid)
        }
    }

    @Test(
        "My clocks' calendar names each change as my clocks do, the reference's included",
        .needs(icalendar))
    func myClocks() async throws {
        let response = try await Self.get(
            "/v1/changes.ics?zones=\(QueryString.encode("뉴욕,런던"))&from=\(QueryString.encode("서울"))&at=2027-03-01T00:00:00Z")
        #expect(response.status == .ok)
        let events = try Self.parsed(response.body)
        #expect(
            events.prefix(2).map(\.summary) == [
                "3월 14일 (일)부터 뉴욕과의 시차 14시간 → 13시간 (서머타임 시작)", "3월 28일 (일)부터 런던과의 시차 9시간 → 8시간 (서머타임 시작)",
            ])
        #expect(events.map(\.start) == events.map(\.start).sorted())
        #expect(Set(events.map(\.uid)).count == events.count)
        // From London, Seoul's difference moves when London's clocks do.
        let fromLondon = try await Self.get("/v1/changes.ics?zones=Asia/Seoul&from=Europe/London&at=2027-03-01T00:00:00Z")
        let seoul = try Self.parsed(fromLondon.body)
        #expect(seoul.first?.summary.hasSuffix("(런던 서머타임 시작)") == true, "\(seoul)")
    }

    @Test(
        "Bad zones are a 400 that names the parameter; an unknown zone's calendar a 404",
        arguments: [
            ("/v1/changes.ics", 400, "missing_parameter"), ("/v1/changes.ics?zones=Nowhere/City", 400, "invalid_zones"),
            ("/v1/changes.ics?zones=%EB%89%B4%EC%9A%95,", 400, "invalid_zones"),
            ("/v1/changes.ics?zones=Asia/Seoul&from=Mars", 400, "invalid_zones"),
            ("/v1/changes.ics?zones=Asia/Seoul&days=3", 400, "unknown_parameter"),
            ("/v1/zones/Nowhere/City/changes.ics", 404, "unknown_zone"), ("/v1/zones/Asia/Seoul/changes.ics?at=soon", 400, "invalid_at"),
        ] as [(String, Int, String)])
    func errors(uri: String, status: Int, code: String) async throws {
        let response = try await Self.get(uri)
        #expect(response.status.code == status)
        #expect((try? JSONDecoder().decode(FeedError.self, from: response.body))?.error.code == code)
    }

    @Test("SEQUENCE rises with the tzdata release")
    func sequence() {
        #expect(ChangesCalendar.sequence("2026f") < ChangesCalendar.sequence("2026g"))
        #expect(ChangesCalendar.sequence("2026z") < ChangesCalendar.sequence("2027a"))
        #expect(ChangesCalendar.sequence("unknown") == 0)
    }
}
