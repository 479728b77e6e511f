import Foundation
import Testing

/// Lines of stdout, without the empty ones.
private func lines(_ result: CommandResult) -> [String] {
    result.stdout.split(separator: "\n").map(String.init)
}

@Suite("Output fits the terminal")
struct TerminalFitTests {
    @Test("list rows never exceed the width and keep name, time, day and hours", arguments: [60, 80, 120])
    func listFits(columns: Int) throws {
        let result = try CommandRunner.run(["list"] + fixed, environment: ["COLUMNS": "\(columns)"])
        #expect(result.status == 0)
        let rows = lines(result)
        let tooWide = rows.filter { displayWidth($0) > columns }
        #expect(tooWide.isEmpty, "wider than \(columns): \(tooWide.prefix(3))")
        let gaborone = try #require(rows.first { $0.contains("가보로네") })
        for part in ["오후 2:00", "오늘", "\u{2212}7시간"] { #expect(gaborone.contains(part), "\(part) in \(gaborone)") }
    }

    @Test("at 120 columns the offset, country and zone id fit; at 60 only the essential columns")
    func priorities() throws {
        let wide = try CommandRunner.run(["list", "--section", "ㄱ"] + fixed, environment: ["COLUMNS": "120"])
        let gaborone = try #require(lines(wide).first { $0.contains("가보로네") })
        for part in ["보츠와나", "UTC+2 CAT", "Africa/Gaborone"] { #expect(gaborone.contains(part), "\(part) in \(gaborone)") }
        let narrow = try CommandRunner.run(["list", "--section", "ㄱ"] + fixed, environment: ["COLUMNS": "60"])
        let narrowRow = try #require(lines(narrow).first { $0.contains("가보로네") })
        #expect(!narrowRow.contains("Africa/Gaborone"))
        #expect(narrowRow.contains("\u{2212}7시간"))
    }

    @Test("a name too long for a narrow terminal is cut with …, by display width")
    func truncation() throws {
        let result = try CommandRunner.run(["search", "노스다코타주"] + fixed, environment: ["COLUMNS": "40"])
        #expect(result.status == 0)
        for row in lines(result) { #expect(displayWidth(row) <= 40, "\(row)") }
        #expect(result.stdout.contains("…"))
    }

    @Test("piped output without COLUMNS, or --wide, keeps every column whole")
    func pipedKeepsEverything() throws {
        let piped = try CommandRunner.run(["list", "--section", "ㄴ"] + fixed)
        let wide = try CommandRunner.run(["list", "--section", "ㄴ", "--wide"] + fixed, environment: ["COLUMNS": "60"])
        #expect(piped.stdout == wide.stdout)
        #expect(piped.stdout.contains("America/North_Dakota/New_Salem"))
        #expect(!piped.stdout.contains("…"))
    }

    @Test("help is wrapped by display width and its option column lines up", arguments: [60, 80, 120])
    func helpFits(columns: Int) throws {
        let result = try CommandRunner.run(["list", "--help"], environment: ["COLUMNS": "\(columns)"])
        #expect(result.status == 0)
        let tooWide = lines(result).filter { displayWidth($0) > columns }
        #expect(tooWide.isEmpty, "wider than \(columns): \(tooWide)")
        // Every option line's help starts at the same display column, `--section <ㄱ>` included.
        let options = lines(result).drop { $0 != "옵션:" }.dropFirst().filter { $0.hasPrefix("  -") }
        let starts = Set(
            options.compactMap { line -> Int? in
                // The label ends at the first double space; its help starts after the spaces.
                guard let gap = line.dropFirst(2).range(of: "  ") else { return nil }
                let start = line[gap.lowerBound...].firstIndex { $0 != " " } ?? line.endIndex
                return displayWidth(String(line[..<start]))
            })
        #expect(options.count >= 6)
        #expect(starts.count == 1, "help starts at columns \(starts)")
    }

    @Test("a discussion paragraph is one line when the terminal is wide enough")
    func discussionWithoutHardBreaks() throws {
        let result = try CommandRunner.run(["list", "--help"], environment: ["COLUMNS": "1000"])
        let paragraph = try #require(lines(result).first { $0.hasPrefix("--section에는") })
        #expect(paragraph.hasSuffix("worldclock search를 쓰세요."))
    }
}

@Suite("Korean wording")
struct KoreanWordingTests {
    @Test(
        "help, abstracts and the parser's own texts are Korean",
        arguments: [["--help"], ["list", "--help"], ["search", "--help"], ["show", "--help"], ["help", "feed"]])
    func help(arguments: [String]) throws {
        let result = try CommandRunner.run(arguments, environment: ["COLUMNS": "100"])
        #expect(result.status == 0)
        for english in ["OVERVIEW", "USAGE", "OPTIONS", "Show help information", "Show the version", "See '", "every city", "Print JSON"] {
            #expect(!result.stdout.contains(english), "\(english) in \(arguments)")
        }
        #expect(result.stdout.contains("사용법: worldclock"))
        #expect(result.stdout.contains("도움말을 보여 줍니다."))
    }

    @Test("the overview does not claim every city of the world")
    func overview() throws {
        let result = try CommandRunner.run(["--help"], environment: ["COLUMNS": "200"])
        #expect(result.stdout.contains("개요: 세계 시계: tzdata의 모든 시간대"))
    }

    @Test(
        "parser errors are Korean, with the usage line",
        arguments: [
            (["list", "--bogus"], "알 수 없는 옵션 \"--bogus\""),
            (["search"], "<검색어> 인자가 필요합니다"),
            (["search", "뉴", "--limit", "many"], "\"many\"는 \"--limit <개수>\"에 쓸 수 없는 값입니다"),
            (["list", "extra"], "이 명령이 받지 않는 인자 \"extra\""),
            (["search", "뉴", "--limit", "0"], "--limit은 1에서 100 사이여야 합니다"),
            (["search", "뉴", "--limit", "500"], "--limit은 1에서 100 사이여야 합니다"),
            (["list", "--at", "yesterday"], "--at \"yesterday\": 시 자리에 숫자가 없습니다"),
        ])
    func parserErrors(arguments: [String], message: String) throws {
        let result = try CommandRunner.run(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.contains("worldclock: \(message)"), "\(result.stderr)")
        #expect(result.stderr.contains("사용법: worldclock"))
        #expect(!result.stderr.contains("Error:"))
    }

    @Test("a search that only found similar spellings says so on stderr, and JSON gives the kind")
    func similarSpellingNote() throws {
        let text = try CommandRunner.run(["search", "보스톤"] + fixed)
        #expect(text.status == 0)
        #expect(text.stderr.contains("\"보스톤\"에 맞는 곳이 없어 철자가 비슷한 곳을 보여 줍니다"), "\(text.stderr)")
        #expect(text.stdout.hasPrefix("보스턴"), "\(text.stdout)")
        let json = try CommandRunner.run(["search", "보스톤", "--json"] + fixed)
        #expect(json.stdout.contains("\"kind\" : \"similar\""), "\(json.stdout.prefix(400))")
        #expect(!(try CommandRunner.run(["search", "보스턴"] + fixed)).stdout.contains("비슷한"))
    }

    @Test("particles follow the last sound: 를 after r, 으로 after 욕, 은 after ㄲ, 는 after 가, 은 after n")
    func particles() throws {
        let keyboard = try CommandRunner.run(["search", "sbdyr"] + fixed)
        #expect(keyboard.stderr.contains("\"sbdyr\"를 한글 자판으로 친 \"뉴욕\"으로 읽었습니다"))
        #expect(!keyboard.stderr.contains("(를)"))
        for (typed, note) in [("ㄲ", "ㄲ은 ㄱ 섹션으로 읽었습니다"), ("가", "가는 ㄱ 섹션으로 읽었습니다"), ("n", "n은 N 섹션으로 읽었습니다")] {
            let result = try CommandRunner.run(["list", "--section", typed] + fixed)
            #expect(result.stderr.contains(note), "\(result.stderr)")
        }
    }

    @Test("hour differences under an hour say minutes only: +30분, −15분", arguments: [("다카", "콜카타", "+30분"), ("콜카타", "카트만두", "\u{2212}15분")])
    func minutes(place: String, from: String, expected: String) throws {
        let result = try CommandRunner.run(["search", place, "--at", "2026-07-15T12:00:00Z", "--from", from, "--tzdata", "bundled"])
        let row = try #require(lines(result).first { $0.hasPrefix(place) })
        #expect(row.contains(expected), "\(row)")
        #expect(!row.contains("0시간"))
    }

    @Test("the reference city's own row says 같은 시각, not +0시간")
    func sameTime() throws {
        let result = try CommandRunner.run(["search", "서울"] + fixed)
        let row = try #require(lines(result).first { $0.hasPrefix("서울") })
        #expect(row.contains("같은 시각"))
        #expect(!result.stdout.contains("+0시간"))
    }

    @Test("show says +1시간 for DST, names the instant given with --at, and says whose clock the transition is on")
    func show() throws {
        let summer = try CommandRunner.run(["show", "뉴욕"] + fixed)
        #expect(summer.stdout.contains("적용 중 (+1시간)"))
        #expect(!summer.stdout.contains("60분"))
        #expect(summer.stdout.contains("UTC 시각"))
        #expect(summer.stdout.contains("2026년 7월 15일 (수) 오후 12:00 UTC"))
        #expect(!summer.stdout.contains("지금"))
        #expect(summer.stdout.contains("2026년 11월 1일 (일) 오전 2:00 EDT → 오전 1:00 EST (UTC\u{2212}5), 뉴욕 현지 시각"))
        let now = try CommandRunner.run(["show", "뉴욕", "--from", "Asia/Seoul", "--tzdata", "bundled"])
        #expect(now.stdout.contains("지금"))
        #expect(!now.stdout.contains("UTC 시각"))
    }

    @Test("an abbreviation that means two zones in one list gets a note: 세부 PST beside 시애틀 PDT")
    func ambiguousAbbreviations() throws {
        let result = try CommandRunner.run(["list", "--section", "ㅅ"] + fixed)
        #expect(result.stdout.contains("※ 같은 약어가 서로 다른 시간대를 가리킵니다:"))
        let note = try #require(lines(result).first { $0.contains("PST =") })
        #expect(note.contains("PST = UTC+8 (세부)"), "\(note)")
        #expect(note.contains("PDT = UTC\u{2212}7"), "\(note)")
        // ㅋ's abbreviations each mean one offset (ㄱ has China's and Central America's CST since the catalogue grew).
        let single = try CommandRunner.run(["list", "--section", "ㅋ"] + fixed)
        #expect(single.status == 0)
        #expect(!single.stdout.contains("※"), "no note without two meanings")
    }

    @Test("did you mean lists names that contain commas unambiguously")
    func suggestionsWithCommas() throws {
        let result = try CommandRunner.run(["show", "노스다코타주ㅋㅋ"] + fixed)
        #expect(result.status == 1)
        // The state itself (a region term) leads to Fargo first; then the three zones named after it.
        #expect(result.stderr.contains("파고 · 노스다코타주, 뉴살렘 · 노스다코타주, 뷸라"), "\(result.stderr)")
    }
}

@Suite("Options and exit codes")
struct OptionTests {
    @Test(
        "commands do not take options they would ignore",
        arguments: [
            ["feed", "--json"], ["feed", "--24h"], ["feed", "--from", "서울"],
            ["sections", "--at", "2026-07-15T12:00:00Z"], ["sections", "--24h"], ["sections", "--from", "서울"],
        ])
    func unusedOptions(arguments: [String]) throws {
        let result = try CommandRunner.run(arguments)
        #expect(result.status == 2, "\(arguments): \(result.stderr)")
        #expect((result.stderr + result.stdout).contains("알 수 없는 옵션"), "feed's errors are JSON on stdout")
    }

    @Test("feed --at and sections --json still work")
    func usedOptions() throws {
        #expect(try CommandRunner.run(["feed", "--at", "2026-07-15T12:00:00Z", "--pretty", "--tzdata", "bundled"]).status == 0)
        #expect(try CommandRunner.run(["sections", "--json", "--all-sections"]).status == 0)
    }

    @Test("a section without places is nothing found: exit 1 with a message")
    func emptySection() throws {
        let result = try CommandRunner.run(["list", "--section", "A"] + fixed)
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("A 섹션에는 곳이 없습니다"))
        let json = try CommandRunner.run(["list", "--section", "A", "--json"] + fixed)
        #expect(json.status == 1)
        #expect(((json.json as? [String: Any])?["error"] as? [String: Any])?["code"] as? String == "not_found")
    }
}

@Suite("Hostile input")
struct HostileInputTests {
    @Test("show refuses an enormous argument at once, without echoing it")
    func enormousShow() throws {
        let huge = String(repeating: "뉴", count: 40_000)
        let result = try CommandRunner.run(["show", huge])
        #expect(result.status == 2)
        #expect(result.stderr.contains("곳 이름이나 시간대가 40000자로 너무 깁니다(최대 100자)"), "\(result.stderr.prefix(300))")
        #expect(result.stderr.utf8.count < 1_000)
    }

    @Test("a long unknown place is echoed cut, with suggestions")
    func longUnknown() throws {
        let result = try CommandRunner.run(["show", "뉴요" + String(repeating: "크", count: 98)] + fixed)
        #expect(result.status == 1)
        #expect(result.stderr.contains("…\": 그런 곳이나 시간대가 없습니다. 혹시 찾는 곳: "), "\(result.stderr)")
        #expect(result.stderr.contains("뉴욕"), "\(result.stderr)")
        #expect(result.stderr.count < 200)
    }

    @Test("control characters in a query are shown escaped, never sent to the terminal", arguments: [["search"], ["show"], ["list", "--from"]])
    func escapedQuery(command: [String]) throws {
        let result = try CommandRunner.run(command + ["\u{1B}[31m없는곳"] + (command.count == 1 ? fixed : []))
        #expect(result.status != 0)
        #expect(!result.stderr.contains("\u{1B}"))
        #expect(result.stderr.contains("\\u{1B}[31m없는곳"), "\(result.stderr)")
    }

    @Test("control characters in a --data table are shown escaped by list, search and show")
    func escapedTable() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("worldclock-esc-\(UUID()).tsv")
        try "name\tcountry\tcountry_code\tzone\tenglish\taliases\n우리\u{1B}[2J집\t대한\u{7}민국\tKR\tAsia/Seoul\tHome\u{1B}]0;x\u{7}\t\n"
            .write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        for arguments in [["list"], ["search", "우리"], ["show", "우리\u{1B}[2J집"]] {
            let result = try CommandRunner.run(arguments + ["--data", file.path] + fixed)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(!result.stdout.contains("\u{1B}") && !result.stdout.contains("\u{7}"), "\(arguments)")
            #expect(result.stdout.contains("우리\\u{1B}[2J집"), "\(arguments): \(result.stdout)")
        }
    }
}
