import Foundation
import HangulCollation
import Testing

/// The rules every test here pins: the bundled tzdata (2026f), never the machine's.
let bundled = ["--tzdata", "bundled"]
/// A fixed instant, the reference Seoul, the bundled tzdata.
let pinned = ["--at", "2026-07-15T12:00:00Z", "--from", "Asia/Seoul"] + bundled

/// A fresh, empty XDG_CONFIG_HOME for one test, removed when it ends.
final class ConfigHome {
    let path: String
    init() throws {
        path = NSTemporaryDirectory() + "worldclock-config-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }

    var environment: [String: String] { ["XDG_CONFIG_HOME": path] }
    var file: String { path + "/worldclock/clocks.tsv" }

    func run(_ arguments: [String], environment extra: [String: String] = [:]) throws -> CommandResult {
        try CommandRunner.run(arguments, environment: environment.merging(extra) { $1 })
    }
}

@Suite("one resolver for every place argument")
struct PlaceResolverCommandTests {
    @Test(
        "show takes what search has one answer for, and says on stderr how it read it",
        arguments: [
            ("보스톤", "보스턴"), ("sbdyr", "뉴욕"), ("JFK", "뉴욕"), ("로드하우", "로드 하우"), ("키예프", "키이우"),
        ])
    func showResolves(typed: String, name: String) throws {
        let result = try CommandRunner.run(["show", typed] + pinned)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix(name + " ("), "\(result.stdout)")
        #expect(result.stderr.contains("읽었습니다") || result.stderr.contains("골랐습니다"), "\(result.stderr)")
    }

    @Test("show of an exact name or a zone id adds no note")
    func exactIsQuiet() throws {
        for typed in ["뉴욕", "America/New_York"] {
            let result = try CommandRunner.run(["show", typed] + pinned)
            #expect(result.status == 0)
            #expect(result.stderr.isEmpty, "\(result.stderr)")
        }
    }

    @Test("show of a country over several zones lists the choices and exits 1")
    func ambiguous() throws {
        let result = try CommandRunner.run(["show", "미국"] + pinned)
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        for part in ["시간대에 있습니다", "뉴욕", "로스앤젤레스", "America/Chicago"] { #expect(result.stderr.contains(part), "\(part): \(result.stderr)") }
    }

    @Test("an abbreviation is read by its usual meaning, naming the others")
    func abbreviation() throws {
        let result = try CommandRunner.run(["show", "CST"] + pinned)
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("시카고"))
        #expect(result.stderr.contains("상하이"), "\(result.stderr)")
    }

    @Test("--from resolves like show", arguments: [("키예프", "−6시간"), ("KST", "같은 시각"), ("ICN", "같은 시각"), ("Asia/Seoul", "같은 시각")])
    func from(typed: String, hours: String) throws {
        let result = try CommandRunner.run(["show", "서울", "--at", "2026-07-15T12:00:00Z", "--from", typed] + bundled)
        #expect(result.status == 0, "\(result.stderr)")
        // 서울 against the reference: Kyiv is UTC+3 in July, Seoul UTC+9.
        #expect(result.stdout.contains(hours == "−6시간" ? "+6시간" : hours), "\(result.stdout)")
    }

    @Test("a --from that names nothing or several zones is a usage error", arguments: ["Mars/Olympus", "미국"])
    func badFrom(typed: String) throws {
        let result = try CommandRunner.run(["list", "--section", "ㄱ", "--from", typed] + bundled)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("--from"))
    }

    @Test("several words are one query: search new york, show new york")
    func severalWords() throws {
        let search = try CommandRunner.run(["search", "new", "york"] + pinned)
        #expect(search.status == 0, "\(search.stderr)")
        #expect(search.stdout.hasPrefix("뉴욕"), "\(search.stdout)")
        let show = try CommandRunner.run(["show", "new", "york"] + pinned)
        #expect(show.status == 0)
        #expect(show.stdout.hasPrefix("뉴욕"))
    }
}

@Suite("--at: wall-clock times in the reference zone")
struct WallClockAtTests {
    @Test(
        "every form is read in the reference zone",
        arguments: [
            ("2026-07-15 09:00", "2026년 7월 15일 (수) 오전 12:00 UTC"),
            ("2026-07-15T09:00", "2026년 7월 15일 (수) 오전 12:00 UTC"),
            ("2026-07-15T09:00:00", "2026년 7월 15일 (수) 오전 12:00 UTC"),
            ("2026-07-15", "2026년 7월 14일 (화) 오후 3:00 UTC"),
            ("2026-07-15T12:00:00Z", "2026년 7월 15일 (수) 오후 12:00 UTC"),
            ("2026-07-15T21:00:00+09:00", "2026년 7월 15일 (수) 오후 12:00 UTC"),
        ])
    func forms(at: String, utc: String) throws {
        let result = try CommandRunner.run(["show", "뉴욕", "--at", at, "--from", "서울"] + bundled)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("UTC 시각        " + utc), "\(result.stdout)")
    }

    @Test("a time alone and now are today in the reference zone", arguments: ["09:00", "9:00", "now", "12:00Z"])
    func today(at: String) throws {
        let result = try CommandRunner.run(["show", "서울", "--at", at, "--from", "서울"] + bundled)
        #expect(result.status == 0, "\(result.stderr)")
        if at == "09:00" || at == "9:00" { #expect(result.stdout.contains("오전 9:00 (오늘, 같은 시각)"), "\(result.stdout)") }
    }

    @Test(
        "errors keep the parser's reason",
        arguments: [
            ("2026-02-30", "2026년 2월은 28일까지"), ("2028-02-30", "2028년 2월은 29일까지"), ("25:00", "25시는 없습니다"),
            ("2026-13-01", "13월은 없습니다"), ("09:60", "60분은 없습니다"), ("in 30 minutes", "한국어로 씁니다"),
        ])
    func reasons(at: String, reason: String) throws {
        let result = try CommandRunner.run(["show", "서울", "--at", at] + bundled)
        #expect(result.status == 2)
        #expect(result.stderr.contains(reason), "\(result.stderr)")
    }

    @Test(
        "times as Koreans write them are read, the forms once misread among them",
        arguments: [
            "9시", "09시", "오전 9시", "0900", "9am", "9:00 AM", "09:00 KST", "오늘 9시", "2026.12.01 09:00", "2026/12/01 09:00", "12-01 09:00",
            "12월 1일 오전 9시", "다음 주 월요일 9시",
        ])
    func koreanForms(at: String) throws {
        let result = try CommandRunner.run(["show", "서울", "--at", at, "--from", "서울"] + bundled)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("오전 9:00 (오늘, 같은 시각)"), "\(result.stdout)")
    }

    @Test(
        "a refused time is one line: what is wrong and a form that works, no usage block",
        arguments: [
            ("9시 70분", "--at \"9시 70분\": 70분은 없습니다(0–59분). 예: --at '9시 30분'"),
            ("9", "--at \"9\": 숫자 9만으로는 시각인지 모릅니다. 예: --at '9시'"),
            ("900", "예: --at '09:00'"),
            ("09:00 QQQ", "--at \"09:00 QQQ\": QQQ는 기준 시간대 Asia/Seoul에서 그때 쓰는 약어가 아닙니다(KST)"),
        ])
    func oneLineErrors(at: String, message: String) throws {
        let result = try CommandRunner.run(["show", "서울", "--at", at, "--from", "서울"] + bundled, environment: ["COLUMNS": "200"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("worldclock: --at "), "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(!result.stderr.contains("사용법"))
    }

    @Test("a time a DST gap skips is an error naming the nearest valid times")
    func gap() throws {
        let result = try CommandRunner.run(["show", "뉴욕", "--from", "뉴욕", "--at", "2026-03-08 02:30"] + bundled)
        #expect(result.status == 2)
        for part in ["없습니다", "01:59 EST", "03:00 EDT", "예: --at '2026-03-08 03:00'"] {
            #expect(result.stderr.contains(part), "\(part): \(result.stderr)")
        }
    }

    @Test("a time a DST overlap repeats takes the first and says so, with the other")
    func overlap() throws {
        let result = try CommandRunner.run(["show", "뉴욕", "--from", "뉴욕", "--at", "2026-11-01 01:30"] + bundled)
        #expect(result.status == 0)
        #expect(result.stdout.contains("2026년 11월 1일 (일) 오전 5:30 UTC"), "the EDT one: \(result.stdout)")
        for part in ["두 번", "EDT", "2026-11-01T01:30:00-05:00"] { #expect(result.stderr.contains(part), "\(part): \(result.stderr)") }
    }

    @Test("my clocks state the instant in the reference zone and in UTC")
    func instantLine() throws {
        let home = try ConfigHome()
        let result = try home.run(["--at", "2026-07-15 09:00", "--from", "서울"] + bundled)
        #expect(result.status == 0)
        #expect(result.stdout.contains("서울 오전 9:00 (2026년 7월 15일 (수), UTC+9) = 2026년 7월 15일 (수) 오전 12:00 UTC"), "\(result.stdout)")
    }
}

@Suite("my clocks")
struct MyClocksCommandTests {
    @Test("with none saved, worldclock says how to add one and shows a short help")
    func empty() throws {
        let home = try ConfigHome()
        let result = try home.run(bundled + ["--from", "서울"])
        #expect(result.status == 0)
        for part in ["기준: 서울 (UTC+", "worldclock add", "worldclock search"] { #expect(result.stdout.contains(part), "\(part): \(result.stdout)") }
        #expect(result.stdout.split(separator: "\n").count < 20, "short, not the 44-line help")
    }

    @Test("add keeps the order given, remove takes out")
    func addRemove() throws {
        let home = try ConfigHome()
        #expect(try home.run(["add", "뉴욕", "런던"] + bundled).status == 0)
        #expect(try home.run(["add", "키예프"] + bundled).status == 0)
        var view = try home.run(pinned)
        let names = view.stdout.split(separator: "\n").dropFirst(2).map { $0.split(separator: " ").first.map(String.init) ?? "" }
        // The reference's own row (서울 (기준)) leads my clocks.
        #expect(names == ["서울", "뉴욕", "런던", "키이우"], "\(view.stdout)")
        #expect(view.stdout.hasPrefix("기준: 서울 (UTC+9)"))
        #expect(try home.run(["remove", "런던"] + bundled).status == 0)
        view = try home.run(pinned)
        #expect(!view.stdout.contains("런던"))
    }

    @Test("add of several words that are one name adds that place")
    func addWords() throws {
        let home = try ConfigHome()
        let result = try home.run(["add", "new", "york"] + bundled)
        #expect(result.status == 0)
        #expect(result.stdout.contains("뉴욕"), "\(result.stdout)")
        #expect(try String(contentsOfFile: home.file, encoding: .utf8).contains("clock\t뉴욕\tAmerica/New_York"))
    }

    @Test("remove of a place not among my clocks exits 1")
    func removeMissing() throws {
        let home = try ConfigHome()
        _ = try home.run(["add", "뉴욕"] + bundled)
        let result = try home.run(["remove", "파리"] + bundled)
        #expect(result.status == 1)
        #expect(result.stderr.contains("내 시계에 없습니다"))
    }

    @Test(
        "a corrupt file is a data error naming the file and line, and is left as it was",
        arguments: [
            "clock\t뉴욕\n", "clock\t뉴욕\tAmerica/New_York\nwhat\t뉴욕\tAmerica/New_York\n",
        ])
    func corrupt(text: String) throws {
        let home = try ConfigHome()
        try FileManager.default.createDirectory(atPath: home.path + "/worldclock", withIntermediateDirectories: true)
        try text.write(toFile: home.file, atomically: true, encoding: .utf8)
        let line = text.split(separator: "\n").count
        for arguments in [bundled, ["add", "런던"] + bundled] {
            let result = try home.run(arguments)
            #expect(result.status == 3)
            #expect(result.stderr.contains("\(home.file):\(line)"), "\(result.stderr)")
        }
        #expect(try String(contentsOfFile: home.file, encoding: .utf8) == text)
    }

    @Test("a saved reference is the default --from, and --from still wins")
    func savedReference() throws {
        let home = try ConfigHome()
        #expect(try home.run(["from", "뉴욕"] + bundled).status == 0)
        let view = try home.run(["--at", "2026-07-15T12:00:00Z"] + bundled, environment: ["TZ": "UTC"])
        #expect(view.stdout.hasPrefix("기준: 뉴욕 (UTC−4)"), "\(view.stdout)")
        let override = try home.run(["--at", "2026-07-15T12:00:00Z", "--from", "서울"] + bundled)
        #expect(override.stdout.hasPrefix("기준: 서울 (UTC+9)"))
        #expect(try home.run(["from", "--clear"] + bundled).status == 0)
        let cleared = try home.run(["--at", "2026-07-15T12:00:00Z"] + bundled, environment: ["TZ": "Asia/Tokyo"])
        #expect(cleared.stdout.hasPrefix("기준: 도쿄 (UTC+9)"), "\(cleared.stdout)")
    }

    @Test("list, search and show mark the places already in my clocks")
    func marks() throws {
        let home = try ConfigHome()
        _ = try home.run(["add", "뉴욕"] + bundled)
        let search = try home.run(["search", "뉴"] + pinned)
        #expect(search.stdout.contains("뉴욕 ✓"))
        #expect(!search.stdout.contains("뉴캐슬 ✓"))
        let list = try home.run(["list", "--section", "ㄴ"] + pinned)
        #expect(list.stdout.contains("뉴욕 ✓"))
        let show = try home.run(["show", "뉴욕"] + pinned)
        #expect(show.stdout.contains("내 시계"))
    }
}

@Suite("search that follows the tzdata in use")
struct TZDataSearchTests {
    @Test(
        "an abbreviation lists only zones that use it now or within the year; former users are named on stderr",
        arguments: [
            ("PST", "로스앤젤레스", ["밴쿠버"]), ("CST", "시카고", ["위니펙", "아바나"]),
        ])
    func abbreviations(query: String, first: String, former: [String]) throws {
        let result = try CommandRunner.run(["search", query, "--limit", "100"] + pinned)
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix(first))
        for name in former {
            #expect(!result.stdout.contains(name), "\(name) in \(result.stdout)")
            #expect(result.stderr.contains(name), "\(name) named as former: \(result.stderr)")
        }
    }

    @Test("평양 shows tz's KST with a neutral label")
    func pyongyang() throws {
        let result = try CommandRunner.run(["search", "KST"] + pinned)
        let line = try #require(result.stdout.split(separator: "\n").first { $0.hasPrefix("평양") })
        #expect(line.contains("KST"))
        #expect(!line.contains("대한민국"), "\(line)")
    }

    @Test("a zone id matches only from a segment's start: ICN is 인천's airport only")
    func zoneSegments() throws {
        let result = try CommandRunner.run(["search", "ICN"] + pinned)
        #expect(result.stdout.hasPrefix("서울"))
        for name in ["누메아", "야렌", "노퍽"] { #expect(!result.stdout.contains(name), "\(name)") }
    }

    @Test(
        "offsets are searchable in every common form",
        arguments: [
            ("UTC+9", "서울"), ("+09:00", "서울"), ("GMT-5", "리마"), ("+5:30", "뭄바이"), ("UTC−3", "상파울루"),
        ])
    func offsets(query: String, expected: String) throws {
        let result = try CommandRunner.run(["search", query, "--limit", "100"] + pinned)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(expected), "\(result.stdout)")
        let offset = try #require(result.stdout.split(separator: "\n").first).contains("UTC")
        #expect(offset)
    }

    @Test("result counts say how many more there are, on stderr")
    func counts() throws {
        let result = try CommandRunner.run(["search", "뉴", "--limit", "3"] + pinned)
        #expect(result.stdout.split(separator: "\n").count == 3)
        #expect(result.stderr.contains("곳 더"), "\(result.stderr)")
    }

    @Test("--json carries the notes as fields: the total of a cut list, the former users of an abbreviation, the keyboard reading")
    func notesAsFields() throws {
        let cut = try #require(try CommandRunner.run(["search", "뉴", "--limit", "3", "--json"] + pinned).json as? [String: Any])
        #expect((cut["results"] as? [Any])?.count == 3)
        #expect((cut["total"] as? Int ?? 0) > 3)
        #expect(cut["former"] == nil)
        let pst = try #require(try CommandRunner.run(["search", "PST", "--json"] + pinned).json as? [String: Any])
        let former = try #require(pst["former"] as? [String: Any])
        #expect(former["abbreviation"] as? String == "PST")
        #expect(former["places"] as? [String] == ["밴쿠버"])
        let typed = try #require(try CommandRunner.run(["search", "sbdyr", "--json"] + pinned).json as? [String: Any])
        #expect(typed["keyboard_conversion"] as? String == "뉴욕")
    }
}

@Suite("output and consistency")
struct ConsistencyCommandTests {
    @Test("show wraps its detail at the width with a hanging indent, never cutting a number", arguments: ["뉴욕", "로드 하우"])
    func wraps(place: String) throws {
        let result = try CommandRunner.run(["show", place] + pinned, environment: ["COLUMNS": "60"])
        #expect(result.status == 0)
        #expect(!result.stdout.contains("…"), "\(result.stdout)")
        for line in result.stdout.split(separator: "\n") { #expect(displayWidth(String(line)) <= 60, "\(line)") }
        #expect(result.stdout.contains("\n                  "), "a continuation under the value column: \(result.stdout)")
    }

    @Test("no colour into a pipe")
    func noColourInAPipe() throws {
        let piped = try CommandRunner.run(["list", "--section", "ㄴ"] + pinned)
        #expect(piped.status == 0)
        #expect(!piped.stdout.contains("\u{1B}["))
    }

    /// util-linux's `script` gives the command a terminal; without it the terminal half cannot run.
    static let hasScript: ConditionTrait = .enabled(
        if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs /usr/bin/script (util-linux) for a terminal")

    @Test("colour on a terminal, and never with NO_COLOR", hasScript)
    func colour() throws {
        let command = "\(CommandRunner.executable.path) list --section ㄴ --at 2026-07-15T12:00:00Z --from Asia/Seoul --tzdata bundled"
        let onTerminal = try CommandRunner.run([], shell: "/usr/bin/script -qec '\(command)' /dev/null")
        #expect(onTerminal.stdout.contains("\u{1B}[33m내일"), "내일 set apart")
        #expect(onTerminal.stdout.contains("\u{1B}[32m"), "DST set apart")
        let noColour = try CommandRunner.run([], shell: "NO_COLOR=1 /usr/bin/script -qec '\(command)' /dev/null")
        #expect(noColour.stdout.contains("내일"), "the list itself is there: \(noColour.stdout)")
        #expect(!noColour.stdout.contains("\u{1B}[3"))
    }

    @Test("search's hints go to stderr, out of a pipe")
    func hintsOnStderr() throws {
        let result = try CommandRunner.run(["search", "sbdyr"] + pinned)
        #expect(result.stdout.hasPrefix("뉴욕"))
        #expect(result.stderr.contains("sbdyr"))
    }

    @Test("--option=value, -V and --generate-completion-script=bash are accepted")
    func optionForms() throws {
        #expect(try CommandRunner.run(["list", "--section=ㄱ", "--at=2026-07-15T12:00:00Z", "--from=서울"] + bundled).status == 0)
        let version = try CommandRunner.run(["-V"])
        #expect(version.status == 0)
        #expect(version.stdout.hasPrefix("worldclock "))
        let script = try CommandRunner.run(["--generate-completion-script=bash"])
        #expect(script.status == 0)
        #expect(script.stdout.contains("--section) COMPREPLY=($(compgen -W \"ㄱ ㄴ"), "section titles complete")
        #expect(script.stdout.contains("뉴욕"), "place names complete")
    }

    @Test("the section list in errors is the one sections shows, and \"ㅏ\" takes 는")
    func sectionList() throws {
        let result = try CommandRunner.run(["list", "--section", "ㅏ"] + pinned)
        #expect(result.status == 2)
        #expect(result.stderr.contains("\"ㅏ\"는 섹션이 아닙니다"), "\(result.stderr)")
        let titles = try CommandRunner.run(["sections"]).stdout.split(separator: "\n").map { String($0.split(separator: " ")[0]) }
        #expect(result.stderr.contains("쓸 수 있는 섹션: " + titles.joined(separator: " ")), "\(result.stderr)")
    }

    @Test("an unknown TZ that is no POSIX TZ string either is warned about once", arguments: ["Bogus/Zone", "KST"])
    func unknownTZ(tz: String) throws {
        let result = try CommandRunner.run(["list", "--section", "ㄱ", "--at", "2026-07-15T12:00:00Z"] + bundled, environment: ["TZ": tz])
        #expect(result.status == 0)
        #expect(result.stderr.components(separatedBy: "TZ=\(tz)").count == 2, "\(result.stderr)")
    }

    @Test("doctor lists ICU's own rules as unused, and no Foundation rules: the CLI no longer links Foundation")
    func doctor() throws {
        let result = try CommandRunner.run(["doctor"])
        #expect(result.stdout.contains("시각 계산에 쓰지 않는 규칙"))
        // The ICU this test process loads, as the binary does (same versioned names): not a fixed "72".
        #expect(result.stdout.contains("ICU \(ICUInfo.version)  "), "\(result.stdout)")
        #expect(!result.stdout.contains("Foundation"))
    }
}
