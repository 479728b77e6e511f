import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The daily CLI as a Seoul developer with colleagues in 뉴욕, 런던, 베를린 and 벵갈루루 types it
/// (issue 54): each finding that was wrong, pinned to the bundled tzdata and 서울 as the reference.
@Suite("the daily CLI's findings")
struct DailyFindingsTests {
    static let seoul = ["--from", "Asia/Seoul"] + bundled

    @Test(
        "a bare phrase with a time converts where people type it: the time is --at, the rest the place",
        arguments: [
            (["내일", "오전", "9시", "뉴욕"], "뉴욕 ("), (["내일 오전 9시", "뉴욕"], "뉴욕 ("), (["뉴욕", "오후", "세", "시", "반"], "뉴욕 ("),
            (["2026-07-15", "09:00", "런던"], "런던 ("), (["런던", "3pm"], "런던 ("),
        ])
    func bareTime(words: [String], place: String) throws {
        let result = try CommandRunner.run(words + Self.seoul)
        #expect(result.status == 0, "\(words): \(result.stderr)")
        // The time said back on the reference's clock first, then the place's card.
        #expect(result.stdout.hasPrefix("서울 "), "\(result.stdout)")
        #expect(result.stdout.contains(" UTC\n"), "\(result.stdout)")
        #expect(result.stdout.contains(place), "\(result.stdout)")
    }

    @Test("the phrase converts to the same instant as --at does")
    func bareTimeIsAt() throws {
        let bare = try CommandRunner.run(["2026-07-15", "오전", "9시", "뉴욕"] + Self.seoul)
        let at = try CommandRunner.run(["show", "뉴욕", "--at", "2026-07-15 오전 9시"] + Self.seoul)
        #expect(bare.status == 0 && at.status == 0)
        #expect(bare.stdout == at.stdout)
    }

    @Test(
        "a near command name is never run as a place: the command is suggested, with the way to mean the place",
        arguments: [("sho", "show"), ("del", "remove"), ("lst", "list"), ("shw", "show"), ("ls", "list"), ("pla", "plan")])
    func nearCommand(typed: String, command: String) throws {
        let result = try CommandRunner.run([typed] + Self.seoul, environment: ["COLUMNS": "200"])
        #expect(result.status == 2, "\(typed): \(result.stdout)")
        #expect(result.stdout.isEmpty, "\(result.stdout)")
        #expect(result.stderr.contains("명령이라면: worldclock \(command)"), "\(result.stderr)")
        #expect(result.stderr.contains("곳이라면: worldclock show \(typed)"), "\(result.stderr)")
    }

    @Test("a place that looks like no command is still a bare place, and show takes the near-command words as places")
    func placesStay() throws {
        for words in [["뉴욕"], ["JFK"], ["paris"], ["show", "sho"], ["show", "del"]] {
            let result = try CommandRunner.run(words + ["--at", "2026-07-15T12:00:00Z"] + Self.seoul)
            #expect(result.status == 0, "\(words): \(result.stderr)")
        }
    }

    @Test("--at with another zone's abbreviation reads the time on the clock the search finds for it, and says so")
    func atAbbreviation() throws {
        let est = try CommandRunner.run(["show", "서울", "--at", "2026-11-26 09:00 EST"] + Self.seoul)
        let utc = try CommandRunner.run(["show", "서울", "--at", "2026-11-26T14:00:00Z"] + Self.seoul)
        #expect(est.status == 0, "\(est.stderr)")
        #expect(est.stderr.contains("EST를 뉴욕(America/New_York)의 시각으로 읽었습니다"), "\(est.stderr)")
        // The card after the line that says the time back is the one for 14:00 UTC.
        let card = est.stdout.components(separatedBy: "\n\n").dropFirst().joined(separator: "\n\n")
        #expect(card == utc.stdout, "\(est.stdout)")
        // An abbreviation no zone uses then is still refused, naming the reference's.
        let july = try CommandRunner.run(["show", "서울", "--at", "2026-07-15 09:00 EST"] + Self.seoul)
        #expect(july.status == 2)
        #expect(july.stderr.contains("KST"), "\(july.stderr)")
    }

    @Test("--ics - writes the invitation to standard output instead of a file named -")
    func icsToStandardOutput() throws {
        let result = try CommandRunner.run(["plan", "뉴욕", "런던", "--date", "2026-12-01", "--ics", "-"] + Self.seoul)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("BEGIN:VCALENDAR"), "\(result.stdout)")
        #expect(result.stdout.contains("END:VCALENDAR"))
    }

    @Test("a file that cannot be written is said in words: the missing folder, never a Swift type", arguments: ["/nonexistent/x.ics", "/"])
    func icsUnwritable(path: String) throws {
        let result = try CommandRunner.run(["plan", "뉴욕", "--date", "2026-12-01", "--ics", path] + Self.seoul)
        #expect(result.status != 0)
        #expect(result.stdout.isEmpty)
        for swift in ["CocoaError", "Code(rawValue", "FoundationEssentials", "Error("] { #expect(!result.stderr.contains(swift), "\(result.stderr)") }
        #expect(result.stderr.contains(path == "/" ? "폴더입니다" : "폴더 /nonexistent가 없습니다"), "\(result.stderr)")
    }

    @Test("one place named twice in add is added or reported once: never 뉴욕, 뉴욕")
    func addOnce() throws {
        let home = try ConfigHome()
        let first = try home.run(["add", "뉴욕", "뉴욕"] + bundled)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("내 시계에 더했습니다: 뉴욕 ("), "\(first.stdout)")
        #expect(first.stderr.isEmpty, "\(first.stderr)")
        let again = try home.run(["add", "뉴욕", "뉴욕"] + bundled)
        #expect(again.stderr.contains("이미 내 시계에 있습니다: 뉴욕\n"), "\(again.stderr)")
    }

    /// A zoneinfo directory stating tzdata `version` (older than the bundled copy), with UTC alone.
    static func olderZoneinfo(_ version: String) throws -> String {
        let path = NSTemporaryDirectory() + "zoneinfo-\(version)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.bundledZoneinfo + "/Etc/UTC", toPath: path + "/UTC")
        try Data("# version \(version)\n".utf8).write(to: URL(fileURLWithPath: path + "/tzdata.zi"))
        return path
    }

    static let bundledZoneinfo = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Data/tzdata/zoneinfo").path

    @Test("the tzdata's warning is said once, then remembered: the next command is quiet, doctor says it, a new version is said again")
    func warningOnce() throws {
        let state = try ConfigHome()
        let old = try Self.olderZoneinfo("2020a")
        defer { try? FileManager.default.removeItem(atPath: old) }
        let environment = ["XDG_STATE_HOME": state.path, "TZDIR": old]
        // A fixed instant: the two answers are compared whole, and "now" could cross a minute between them.
        let show = ["show", "서울", "--from", "Asia/Seoul", "--at", "2026-11-28T12:00:00Z"]
        let first = try CommandRunner.run(show, environment: environment)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.contains("2020a"), "\(first.stderr)")
        #expect(first.stderr.contains("한 번만 합니다. 다시 보려면 worldclock doctor"), "\(first.stderr)")
        let second = try CommandRunner.run(show, environment: environment)
        #expect(second.status == 0)
        #expect(second.stderr.isEmpty, "\(second.stderr)")
        #expect(second.stdout == first.stdout)
        let doctor = try CommandRunner.run(["doctor"], environment: environment)
        #expect(doctor.stdout.contains("경고: ") && doctor.stdout.contains("2020a"), "\(doctor.stdout)")
        let newer = try Self.olderZoneinfo("2021a")
        defer { try? FileManager.default.removeItem(atPath: newer) }
        let changed = try CommandRunner.run(show, environment: ["XDG_STATE_HOME": state.path, "TZDIR": newer])
        #expect(changed.stderr.contains("2021a"), "\(changed.stderr)")
    }

    @Test("with nowhere to remember it (no HOME), the tzdata's warning is said every time rather than never")
    func warningWithoutHome() throws {
        let old = try Self.olderZoneinfo("2020a")
        defer { try? FileManager.default.removeItem(atPath: old) }
        for _ in 0..<2 {
            let result = try CommandRunner.run(["show", "서울", "--from", "Asia/Seoul"], environment: ["TZDIR": old])
            #expect(result.stderr.contains("2020a"), "\(result.stderr)")
            #expect(!result.stderr.contains("한 번만"), "\(result.stderr)")
        }
    }

    @Test("my own city is on my clock screen: the reference's row, and the saved one's when --from puts another in its place")
    func ownCityRow() throws {
        let home = try ConfigHome()
        #expect(try home.run(["add", "뉴욕", "런던"] + bundled).status == 0)
        #expect(try home.run(["from", "서울"] + bundled).status == 0)
        let at = ["--at", "2026-07-15T12:00:00Z"] + bundled
        let plain = try home.run(at, environment: ["COLUMNS": "200"])
        #expect(plain.status == 0, "\(plain.stderr)")
        // The header, the instant --at gave, then the rows: my own city's first.
        let lines = plain.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "기준: 서울 (UTC+9)", "\(plain.stdout)")
        let row = lines.dropFirst(2).first ?? ""
        #expect(row.hasPrefix("서울 (기준)"), "\(plain.stdout)")
        #expect(row.contains("오후 9:00") && row.contains("같은 시각"), "\(plain.stdout)")
        let from = try home.run(["--from", "뉴욕"] + at, environment: ["COLUMNS": "200"])
        #expect(from.status == 0, "\(from.stderr)")
        let fromLines = from.stdout.split(separator: "\n").map(String.init)
        #expect(fromLines.first == "기준: 뉴욕 (UTC−4)", "\(from.stdout)")
        let fromRow = fromLines.dropFirst(2).first ?? ""
        #expect(fromRow.hasPrefix("서울 (저장한 기준)"), "\(from.stdout)")
        #expect(fromRow.contains("+13시간"), "\(from.stdout)")
        #expect(!from.stdout.contains("(기준)"), "뉴욕 is a clock already: \(from.stdout)")
        // A reference already among the clocks gets no second row.
        #expect(try home.run(["add", "서울"] + bundled).status == 0)
        let kept = try home.run(at, environment: ["COLUMNS": "200"])
        #expect(!kept.stdout.contains("(기준)"), "\(kept.stdout)")
        #expect(kept.stdout.split(separator: "\n").count == 5, "the header, the instant and three clocks: \(kept.stdout)")
    }

    @Test("at 80 columns, search keeps the country before the note, so two places of one name are told apart", arguments: [80, 100])
    func searchKeepsCountry(width: Int) throws {
        let result = try CommandRunner.run(["search", "뉴", "--limit", "40"] + pinned, environment: ["COLUMNS": String(width)])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let newcastles = lines.filter { $0.hasPrefix("뉴캐슬") }
        #expect(newcastles.count >= 2, "\(result.stdout)")
        #expect(newcastles.contains { $0.contains("오스트레일리아") } && newcastles.contains { $0.contains("영국") }, "\(newcastles)")
    }

    @Test("a read-only config folder is named with why, never a lock or temporary file's name", arguments: [false, true])
    func readOnlyConfigFolder(lockExists: Bool) throws {
        let home = try ConfigHome()
        let folder = home.path + "/worldclock"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "clock\t서울\tAsia/Seoul\n".write(toFile: home.file, atomically: false, encoding: .utf8)
        chmod(home.file, 0o666)
        if lockExists { FileManager.default.createFile(atPath: home.file + ".lock", contents: nil, attributes: [.posixPermissions: 0o666]) }
        chmod(folder, 0o555)
        defer { chmod(folder, 0o755) }
        // Root writes into any folder: the command runs as nobody then, as a user meets it.
        let drop = getuid() == 0 ? "setpriv --reuid=65534 --regid=65534 --clear-groups " : ""
        let result = try CommandRunner.run(
            [], shell: "exec \(drop)\"$0\" add 런던 --tzdata bundled",
            environment: ["XDG_CONFIG_HOME": home.path, "PATH": "/usr/bin:/bin:/usr/sbin:/sbin"])
        #expect(result.status == 4, "\(result.stderr)")
        #expect(result.stderr.contains("폴더 \(folder)에 쓸 권한이 없습니다"), "\(result.stderr)")
        for leaked in [".lock", ".tmp", "Permission denied"] { #expect(!result.stderr.contains(leaked), "\(result.stderr)") }
        #expect(try String(contentsOfFile: home.file, encoding: .utf8) == "clock\t서울\tAsia/Seoul\n")
    }

    @Test("a time said with 면 after a place is that place's time: my clocks then, or the place asked about")
    func conditionalTime() throws {
        let home = try ConfigHome()
        #expect(try home.run(["add", "런던"] + bundled).status == 0)
        #expect(try home.run(["from", "서울"] + bundled).status == 0)
        let clocks = try home.run(["2026-07-15", "뉴욕", "오전", "9시면"] + bundled, environment: ["COLUMNS": "200"])
        #expect(clocks.status == 0, "\(clocks.stderr)")
        #expect(clocks.stdout.hasPrefix("기준: 뉴욕 (UTC−4)\n뉴욕 오전 9:00 (2026년 7월 15일 (수)"), "\(clocks.stdout)")
        let seoul = clocks.stdout.split(separator: "\n").first { $0.hasPrefix("서울 (저장한 기준)") }
        #expect(seoul?.contains("오후 10:00") == true, "\(clocks.stdout)")
        #expect(clocks.stdout.contains("런던"), "\(clocks.stdout)")
        for question in [["서울", "몇", "시?"], ["서울은", "몇시야?"]] {
            let asked = try home.run(["2026-07-15", "뉴욕", "9시면"] + question + bundled)
            #expect(asked.status == 0, "\(question): \(asked.stderr)")
            #expect(asked.stdout.hasPrefix("뉴욕 오전 9:00 (2026년 7월 15일 (수)"), "\(asked.stdout)")
            #expect(asked.stdout.contains("서울 (Seoul)") && asked.stdout.contains("오후 10:00"), "\(asked.stdout)")
        }
    }

    @Test(
        "at 60 and 80 columns no line of the daily commands is wider than the terminal, so it never splits a word at its edge",
        arguments: [60, 80],
        [
            ["--at", "2027-03-01 09:00"], ["2027-03-01", "뉴욕", "9시면"], ["show", "뉴욕", "--at", "2027-03-01 09:00"], ["search", "뉴"],
            ["plan", "--date", "2027-03-01", "--weekly", "8"], ["뉴욕", "9시면", "서울", "몇", "시?"],
        ])
    func fitsTheTerminal(width: Int, command: [String]) throws {
        let home = try ConfigHome()
        #expect(try home.run(["add", "뉴욕", "런던", "베를린", "벵갈루루"] + bundled).status == 0)
        #expect(try home.run(["from", "서울"] + bundled).status == 0)
        let result = try home.run(command + bundled, environment: ["COLUMNS": String(width)])
        #expect(result.status == 0, "\(command): \(result.stderr)")
        for line in (result.stdout + result.stderr).split(separator: "\n") {
            #expect(displayWidth(String(line)) <= width, "\(command) at \(width): \(line)")
        }
    }
}
