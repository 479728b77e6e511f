import Foundation
import MeetingPlanning
import TestSupport
import Testing
import WorldClockKit

/// `worldclock plan`: the grid at three widths, the best slots in Korean, `--json` as the kit
/// answers, the `.ics` read back by a real parser (Python's `icalendar`).
@Suite("plan: when can we all meet")
struct PlanCommandTests {
    static let seoulNewYorkLondon = ["plan", "서울", "뉴욕", "런던", "--date", "2026-12-02", "--from", "서울"] + bundled

    /// Display columns as a terminal counts them: Hangul two, the rest one.
    static func columns(_ line: String) -> Int {
        line.unicodeScalars.reduce(0) { $0 + ((0x1100...0x11FF).contains($1.value) || (0xAC00...0xD7A3).contains($1.value) ? 2 : 1) }
    }

    @Test("the grid fits 60, 80 and 120 columns, hours marked by characters on a pipe", arguments: [60, 80, 120])
    func grid(columns: Int) throws {
        let result = try CommandRunner.run(Self.seoulNewYorkLondon, environment: ["COLUMNS": "\(columns)"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for line in lines { #expect(Self.columns(line) <= columns, "\(Self.columns(line)) > \(columns): \(line)") }
        #expect(!result.stdout.contains("\u{1B}["), "no colour on a pipe")
        let seoul = try #require(lines.first { $0.hasPrefix("서울 ") }), newYork = try #require(lines.first { $0.hasPrefix("뉴욕 ") })
        let london = try #require(lines.first { $0.hasPrefix("런던 ") })
        // 서울 20:00 = 뉴욕 06:00 = 런던 11:00, the fairest hour, is in every width's window.
        #expect(seoul.contains("20+") && newYork.contains("06.") && london.contains("11#"), "\(result.stdout)")
        #expect(seoul.contains("00.") == (columns >= 80), "the whole day from 80 columns: \(seoul)")
        // The ^ stands under the 20 of 서울's row.
        let caret = try #require(lines.first { $0.trimmingCharacters(in: .whitespaces) == "^" })
        let twenty = try #require(seoul.range(of: "20+"))
        #expect(Self.columns(String(caret.dropLast())) == Self.columns(String(seoul[..<twenty.lowerBound])), "\(caret)\n\(seoul)")
        #expect(result.stdout.contains("# 업무 시간  + 깨어 있는 시간(7–23)  . 밤  ^ 가장 좋은 시각"))
        #expect(result.stdout.contains("모두의 업무 시간(9–18)에 드는 시각이 없습니다"))
        let best = lines.drop { !$0.hasPrefix("1. ") }.prefix { !$0.hasPrefix("2. ") }.joined(separator: " ")
        #expect(
            best.split(whereSeparator: \.isWhitespace).joined(separator: " ")
                == "1. 12월 2일 (수) 오후 8:00 서울 = 오전 6:00 뉴욕 = 오전 11:00 런던 · 업무 시간 밖: 서울 3시간, 뉴욕 3시간", "\(result.stdout)")
    }

    @Test("places that share working hours are listed as fitting everyone, earliest first")
    func overlap() throws {
        let result = try CommandRunner.run(["plan", "서울", "시드니", "도쿄", "--date", "2026-12-02", "--from", "서울"] + bundled)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout.contains("모두의 업무 시간(9–18)에 드는 시각:\n1. 12월 2일 (수) 오전 9:00 서울 = 오전 11:00 시드니 = 오전 9:00 도쿄 · 모두 업무 시간"), "\(result.stdout)")
    }

    @Test("--json is the kit's plan for the same request")
    func json() throws {
        let result = try CommandRunner.run(Self.seoulNewYorkLondon + ["--json", "--length", "1h", "--hours", "9-18,런던=8-17"])
        #expect(result.status == 0, "\(result.stderr)")
        let printed = try #require(result.json as? NSDictionary)
        let clock = { (zone: String) in ZoneClock(zoneID: zone, tzdata: .bundled)! }
        let request = MeetingRequest(
            places: [
                MeetingPlace(name: "서울", clock: clock("Asia/Seoul")), MeetingPlace(name: "뉴욕", clock: clock("America/New_York")),
                MeetingPlace(name: "런던", clock: clock("Europe/London"), hours: WorkingHours(start: 8 * 60, end: 17 * 60)!),
            ], reference: clock("Asia/Seoul").wallClock, dates: [TimeQuery.CivilDate(year: 2026, month: 12, day: 2)])
        let kit = try #require(try JSONSerialization.jsonObject(with: CodableJSON.encode(MeetingPlanner.plan(request))) as? NSDictionary)
        #expect(printed == kit)
        #expect((printed["slots"] as? [Any])?.count == 48)
    }

    /// The .ics `file` as Python's icalendar reads it: one line per event, "start end uid|description".
    static func parsed(_ file: String) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        let script = """
            import sys, icalendar
            calendar = icalendar.Calendar.from_ical(open(sys.argv[1], 'rb').read())
            for event in calendar.walk('VEVENT'):
                start, end = event.decoded('DTSTART'), event.decoded('DTEND')
                print(start.strftime('%Y-%m-%dT%H:%M:%S%z'), end.strftime('%Y-%m-%dT%H:%M:%S%z'), bool(str(event['UID'])),
                      bool(event.get('DTSTAMP')), str(event['DESCRIPTION']).replace('\\n', '|'))
            """
        process.arguments = ["python3", "-c", script, file]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let error = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "icalendar (pip install icalendar): \(error)")
        return text.split(separator: "\n").map(String.init)
    }

    @Test("--ics writes the best slot (or --at's) as an RFC 5545 event that icalendar reads back with its instants")
    func ics() throws {
        let file = NSTemporaryDirectory() + "worldclock-plan-\(UUID().uuidString).ics"
        defer { try? FileManager.default.removeItem(atPath: file) }
        let best = try CommandRunner.run(Self.seoulNewYorkLondon + ["--ics", file])
        #expect(best.status == 0, "\(best.stderr)")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: file))
        let raw = String(decoding: bytes, as: UTF8.self)
        #expect(raw.hasSuffix("END:VCALENDAR\r\n"))
        #expect(!raw.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "CRLF line endings only")
        for line in raw.components(separatedBy: "\r\n") { #expect(line.utf8.count <= 75, "\(line)") }
        #expect(
            try Self.parsed(file) == [
                """
                2026-12-02T11:00:00+0000 2026-12-02T12:00:00+0000 True True 서울 2026년 12월 2일 (수) 20:00 KST|뉴욕 2026년 12월 2일 (수) 06:00 EST|런던 \
                2026년 12월 2일 (수) 11:00 GMT
                """
            ])
        let named = try CommandRunner.run(Self.seoulNewYorkLondon + ["--ics", file, "--at", "12월 2일 오후 11시"])
        #expect(named.status == 0, "\(named.stderr)")
        #expect(try Self.parsed(file).first?.hasPrefix("2026-12-02T14:00:00+0000 2026-12-02T15:00:00+0000") == true)
    }

    @Test("--weekly says in which week which place's local time moves, and --ics writes one event repeating weekly")
    func weekly() throws {
        let file = NSTemporaryDirectory() + "worldclock-plan-\(UUID().uuidString).ics"
        defer { try? FileManager.default.removeItem(atPath: file) }
        let result = try CommandRunner.run(
            ["plan", "서울", "뉴욕", "런던", "--from", "서울", "--at", "2027-03-03 23:00", "--weekly", "6", "--ics", file] + bundled)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("매주 수요일 오후 11:00 서울, 6주:"), "\(result.stdout)")
        #expect(result.stdout.contains("3월 17일 (수)부터 뉴욕 오전 9:00 EST → 오전 10:00 EDT (+1시간)"), "\(result.stdout)")
        #expect(result.stdout.contains("3월 31일 (수)부터 런던 오후 2:00 GMT → 오후 3:00 BST (+1시간)"), "\(result.stdout)")
        // One event repeating on 서울's clock: 서울 has no DST, so every week is 14:00 UTC.
        let series = try Self.series(file)
        #expect(series.events == 1 && series.rule == "FREQ=WEEKLY;COUNT=6" && series.zone == "Asia/Seoul", "\(series)")
        let instants = ["03", "10", "17", "24", "31"].map { "2027-03-\($0)T14:00:00Z" } + ["2027-04-07T14:00:00Z"]
        #expect(series.expanded.map { String($0.prefix(20)) } == instants)
        #expect(series.ownZone.map { String($0.prefix(20)) } == instants)
    }

    /// A weekly .ics as icalendar reads it and recurring-ical-events expands it: the number of
    /// events, the RRULE, the TZID, every occurrence as "start end" in UTC, and the same wall times
    /// read with the file's own VTIMEZONE (icalendar's `to_tz` without looking the TZID up), so
    /// that both the rule and the VTIMEZONE are checked.
    static func series(_ file: String) throws -> (events: Int, rule: String, zone: String, expanded: [String], ownZone: [String]) {
        let script = """
            import sys, datetime, icalendar, recurring_ical_events
            calendar = icalendar.Calendar.from_ical(open(sys.argv[1], 'rb').read())
            events = calendar.walk('VEVENT')
            event = events[0]
            zone = str(event['DTSTART'].params['TZID'])
            print(len(events)); print(event['RRULE'].to_ical().decode()); print(zone)
            [timezone] = [t for t in calendar.walk('VTIMEZONE') if str(t['TZID']) == zone]
            own = timezone.to_tz(lookup_tzid=False)
            utc = datetime.timezone.utc
            def text(t): return t.astimezone(utc).strftime('%Y-%m-%dT%H:%M:%SZ')
            occurrences = recurring_ical_events.of(calendar).between(\
            datetime.datetime(1970, 1, 1, tzinfo=utc), datetime.datetime(2200, 1, 1, tzinfo=utc))
            print('|'.join(text(o['DTSTART'].dt) + ' ' + text(o['DTEND'].dt) for o in occurrences))
            print('|'.join(text(o['DTSTART'].dt.replace(tzinfo=None).replace(tzinfo=own)) + ' ' \
            + text(o['DTEND'].dt.replace(tzinfo=None).replace(tzinfo=own)) for o in occurrences))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, file]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let error = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "icalendar, recurring-ical-events (pip install icalendar recurring-ical-events): \(error)")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.count >= 5 else { return (0, "", "", [], []) }
        return (
            Int(lines[0]) ?? 0, lines[1], lines[2], lines[3].split(separator: "|").map(String.init), lines[4].split(separator: "|").map(String.init)
        )
    }

    @Test(
        "--weekly --ics is one event whose RRULE and VTIMEZONE give every week the planner's instants, across the organizer's DST",
        arguments: [
            ("뉴욕", "America/New_York", "2027-02-24 09:00", 8), ("런던", "Europe/London", "2027-03-10 17:30", 6),
            ("시드니", "Australia/Sydney", "2027-03-22 08:00", 4), ("서울", "Asia/Seoul", "2027-03-03 23:00", 3),
        ])
    func weeklySeries(from: String, zone: String, at: String, weeks: Int) throws {
        let file = NSTemporaryDirectory() + "worldclock-plan-\(UUID().uuidString).ics"
        defer { try? FileManager.default.removeItem(atPath: file) }
        let result = try CommandRunner.run(
            ["plan", "서울", "뉴욕", "런던", "--from", from, "--at", at, "--weekly", "\(weeks)", "--ics", file] + bundled)
        #expect(result.status == 0, "\(result.stderr)")
        let raw = try String(contentsOfFile: file, encoding: .utf8)
        #expect(raw.contains("BEGIN:VTIMEZONE\r\nTZID:\(zone)\r\n"))
        #expect(raw.components(separatedBy: "BEGIN:VEVENT").count == 2)
        // The planner's own weekly instants, from the same TZif rules.
        let clock = try #require(ZoneClock(zoneID: zone, tzdata: .bundled))
        let query = try TimeQuery.parse(at)
        guard case .unique(let start) = try query.resolve(now: 0, in: clock) else { throw CLIError(description: "\(at) is not one instant") }
        let request = MeetingRequest(places: [MeetingPlace(name: from, clock: clock)], reference: clock.wallClock, days: [0])
        let planned = MeetingPlanner.weekly(request, start: start, weeks: weeks).map { "\(Self.utc($0.slot.start)) \(Self.utc($0.slot.end))" }
        let series = try Self.series(file)
        #expect(series.events == 1 && series.rule == "FREQ=WEEKLY;COUNT=\(weeks)" && series.zone == zone, "\(series)")
        #expect(series.expanded == planned, "recurring-ical-events")
        #expect(series.ownZone == planned, "the file's VTIMEZONE")
    }

    static func utc(_ seconds: Int64) -> String { ISO8601.utc(Date(timeIntervalSince1970: TimeInterval(seconds))) }

    struct CLIError: Error, CustomStringConvertible { let description: String }

    @Test("without places it plans my clocks, and says what to do when there are none")
    func myClocks() throws {
        let home = try ConfigHome()
        let empty = try home.run(["plan", "--date", "2026-12-02"] + bundled)
        #expect(empty.status == 2)
        #expect(empty.stderr.contains("worldclock add"), "\(empty.stderr)")
        #expect(try home.run(["add", "서울", "뉴욕", "런던"] + bundled).status == 0)
        let planned = try home.run(["plan", "--date", "2026-12-02", "--from", "서울"] + bundled)
        #expect(planned.status == 0, "\(planned.stderr)")
        #expect(planned.stdout.contains("\n서울 ") && planned.stdout.contains("\n뉴욕 ") && planned.stdout.contains("\n런던 "), "\(planned.stdout)")
        #expect(planned.stdout.contains("1. 12월 2일 (수) 오후 8:00 서울 = 오전 6:00 뉴욕 = 오전 11:00 런던"), "\(planned.stdout)")
        // The reference takes part even when not given: 뉴욕 and 런던 alone share hours at 서울's
        // midnight, which is never suggested now that 서울 is a row of its own.
        let two = try home.run(["plan", "뉴욕", "런던", "--date", "2026-12-02", "--from", "서울"] + bundled)
        #expect(two.status == 0, "\(two.stderr)")
        #expect(two.stdout.contains("\n서울 "), "\(two.stdout)")
        #expect(two.stdout.contains("1. 12월 2일 (수) 오후 8:00 서울 = 오전 6:00 뉴욕 = 오전 11:00 런던"), "\(two.stdout)")
        #expect(!two.stdout.contains("오전 12:00 서울"), "\(two.stdout)")
        // A place on another day says which: 서울 0:00 is 뉴욕 어제(화) 10:00.
        let late = try home.run(["plan", "뉴욕", "런던", "--date", "2026-12-02", "--from", "서울", "--at", "2026-12-02 00:00"] + bundled)
        #expect(late.stdout.contains("뉴욕 (화)"), "\(late.stdout)")
    }

    @Test("a weekend is out of hours by country, and --days changes it: 리야드 works Sunday, 뉴욕 not")
    func workingDays() throws {
        // 2026-11-29 is a Sunday.
        let sunday = try CommandRunner.run(["plan", "리야드", "--from", "리야드", "--date", "2026-11-29", "--json"] + bundled)
        #expect(sunday.status == 0, "\(sunday.stderr)")
        #expect(sunday.stdout.contains("\"fits_everyone\" : true"), "\(sunday.stdout.prefix(300))")
        let newYork = try CommandRunner.run(["plan", "뉴욕", "--from", "뉴욕", "--date", "2026-11-29", "--json"] + bundled)
        #expect(newYork.stdout.contains("\"fits_everyone\" : false"))
        #expect(newYork.stdout.contains("\"working_day\" : false"))
        let changed = try CommandRunner.run(["plan", "뉴욕", "--from", "뉴욕", "--date", "2026-11-29", "--days", "뉴욕=일-목", "--json"] + bundled)
        #expect(changed.stdout.contains("\"fits_everyone\" : true"), "\(changed.stderr)")
        // 서울 Monday 9:00 is 뉴욕 Sunday 19:00: its row says 일, and no best slot is on its Sunday.
        let text = try CommandRunner.run(["plan", "서울", "뉴욕", "--from", "서울", "--at", "2026-11-30 09:00"] + bundled)
        #expect(text.stdout.contains("\n뉴욕 (일) "), "\(text.stdout)")
        #expect(!text.stdout.contains("어제(일)"), "\(text.stdout)")
        let bad = try CommandRunner.run(["plan", "서울", "--days", "월-X"] + bundled)
        #expect(bad.status == 2 && bad.stderr.contains("--days 일-목"), "\(bad.stderr)")
    }

    @Test("today's slots that have begun are never suggested")
    func pastSlots() throws {
        let result = try CommandRunner.run(["plan", "서울", "도쿄", "--from", "서울", "--json"] + bundled)
        #expect(result.status == 0, "\(result.stderr)")
        let plan = try #require(result.json as? [String: Any])
        let now = Date()
        let slots = try #require(plan["slots"] as? [[String: Any]])
        let best = try #require(plan["best"] as? [Int]).map { slots[$0] }
        for slot in best {
            let start = try #require((slot["start"] as? String).flatMap { try? ISO8601.parseInstant($0) })
            #expect(start >= now.addingTimeInterval(-1), "\(slot)")
            #expect(slot["past"] as? Bool == false)
        }
        let past = slots.filter { $0["past"] as? Bool == true }
        #expect(past.allSatisfy { ($0["start"] as? String).flatMap { try? ISO8601.parseInstant($0) }.map { $0 < now } == true })
    }

    @Test(
        "a bad option value is one line with a form that works",
        arguments: [
            (["--hours", "18-9"], "업무 시간은 시작-끝"), (["--length", "forever"], "--length 1h"), (["--step", "20"], "--step 15"),
            (["--weekly", "0"], "--weekly 8"), (["--date", "12월 32일"], "--date '12월 1일'"), (["--hours", "파리=9-18"], "그런 곳이 없습니다"),
        ])
    func badValues(extra: [String], message: String) throws {
        let result = try CommandRunner.run(Self.seoulNewYorkLondon + extra, environment: ["COLUMNS": "200"])
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    }
}

/// The planner's defaults said, not assumed (issue 54 §6): the day off, India's office week, and a
/// weekly invitation across a clock change.
@Suite("the planner's defaults, said")
struct PlanDefaultsTests {
    static let seoul = ["--from", "Asia/Seoul"] + bundled

    @Test("without --date, a plan made on the reference's day off is for its next working day, said with the --date that plans today")
    func dayOffMovesToNextWorkingDay() throws {
        // Today (in 서울) made the reference's day off with --days, whatever day the test runs.
        let seconds = Int(Date().timeIntervalSince1970) + 9 * 3600
        let days = seconds / 86_400
        let weekday = (days + 3) % 7 + 1  // 1970-01-01 was a Thursday (ISO 4)
        let names = ["월", "화", "수", "목", "금", "토", "일"]
        let working = (1...7).filter { $0 != weekday }.map { names[$0 - 1] }.joined()
        func civil(_ days: Int) -> (year: Int, month: Int, day: Int) {
            let components = Calendar(identifier: .gregorian).dateComponents(
                in: TimeZone(identifier: "UTC")!, from: Date(timeIntervalSince1970: TimeInterval(days * 86_400)))
            return (components.year!, components.month!, components.day!)
        }
        let today = civil(days), tomorrow = civil(days + 1)
        let result = try CommandRunner.run(["plan", "뉴욕", "--days", "서울=\(working)"] + Self.seoul)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("서울의 쉬는 날이라 다음 일하는 날인"), "\(result.stderr)")
        let todayText = String(format: "%04d-%02d-%02d", today.year, today.month, today.day)
        #expect(result.stderr.contains("오늘로 하려면 --date \(todayText)"), "\(result.stderr)")
        #expect(result.stdout.hasPrefix("\(tomorrow.year)년 \(tomorrow.month)월 \(tomorrow.day)일"), "\(result.stdout)")
        // --date given is planned as asked, in silence.
        let asked = try CommandRunner.run(["plan", "뉴욕", "--days", "서울=\(working)", "--date", todayText] + Self.seoul)
        #expect(!asked.stderr.contains("쉬는 날이라"), "\(asked.stderr)")
        #expect(asked.stdout.hasPrefix("\(today.year)년 \(today.month)월 \(today.day)일"), "\(asked.stdout)")
    }

    @Test("a weekly meeting and an invitation on a participant's day off say whose it is")
    func weeklyOnDayOff() throws {
        let text = try CommandRunner.run(["plan", "뉴욕", "--date", "2026-12-05", "--weekly", "2"] + Self.seoul)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("매주 토요일"), "\(text.stdout)")
        #expect(text.stdout.contains("(토요일은 서울"), "\(text.stdout)")
        let ics = try CommandRunner.run(["plan", "뉴욕", "--date", "2026-12-05", "--weekly", "2", "--ics", "-"] + Self.seoul)
        #expect(ics.stdout.hasPrefix("BEGIN:VCALENDAR"))
        #expect(ics.stderr.contains("토요일은 서울"), "\(ics.stderr)")
        let weekday = try CommandRunner.run(["plan", "뉴욕", "--date", "2026-12-07", "--weekly", "2", "--ics", "-"] + Self.seoul)
        #expect(!weekday.stderr.contains("쉬는 날"), "\(weekday.stderr)")
        // Each place by its own day: 서울's Monday 08:00 is 뉴욕's Sunday 18:00.
        let sunday = try CommandRunner.run(["plan", "뉴욕", "--date", "2026-12-07", "--at", "2026-12-07 08:00", "--ics", "-"] + Self.seoul)
        #expect(sunday.stderr.contains("일요일은 뉴욕의 쉬는 날입니다"), "\(sunday.stderr)")
        #expect(!sunday.stderr.contains("월요일은"), "\(sunday.stderr)")
    }

    @Test("India's offices work Monday to Friday by default, the plan says each place's days, and --days gives CLDR's Saturday back")
    func indiaOfficeWeek() throws {
        // 서울 set to work every day, so that 벵갈루루's Saturday is the only day off in question.
        let at = ["--date", "2026-12-05", "--at", "2026-12-05 15:00", "--ics", "-"]
        let saturday = try CommandRunner.run(["plan", "벵갈루루", "--days", "서울=월-일"] + at + Self.seoul)
        #expect(saturday.status == 0, "\(saturday.stderr)")
        #expect(saturday.stderr.contains("토요일은 벵갈루루의 쉬는 날입니다"), "\(saturday.stderr)")
        let worked = try CommandRunner.run(["plan", "벵갈루루", "--days", "서울=월-일,벵갈루루=월-토"] + at + Self.seoul)
        #expect(worked.status == 0, "\(worked.stderr)")
        #expect(!worked.stderr.contains("쉬는 날"), "\(worked.stderr)")
        let text = try CommandRunner.run(["plan", "벵갈루루", "--date", "2026-12-05"] + Self.seoul, environment: ["COLUMNS": "300"])
        #expect(text.stdout.contains("일하는 요일: 월–금 서울·벵갈루루"), "\(text.stdout)")
        let mixed = try CommandRunner.run(
            ["plan", "벵갈루루", "--date", "2026-12-05", "--days", "벵갈루루=월-토"] + Self.seoul, environment: ["COLUMNS": "300"])
        #expect(mixed.stdout.contains("일하는 요일: 월–금 서울 · 월–토 벵갈루루"), "\(mixed.stdout)")
    }

    @Test("a weekly invitation across 뉴욕's clock change describes the weeks after it, not only the first")
    func weeklyDescriptionAcrossChange() throws {
        let result = try CommandRunner.run(["plan", "뉴욕", "--date", "2027-03-01", "--weekly", "4", "--ics", "-"] + Self.seoul)
        #expect(result.status == 0, "\(result.stderr)")
        let unfolded = result.stdout.replacingOccurrences(of: "\r\n ", with: "")
        let description = try #require(unfolded.components(separatedBy: "\r\n").first { $0.hasPrefix("DESCRIPTION:") })
        #expect(description.contains("EST"), "\(description)")
        #expect(description.contains("2027년 3월 15일 (월)부터: 서울 "), "\(description)")
        #expect(description.contains("EDT"), "\(description)")
    }
}
