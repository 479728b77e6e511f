import Foundation
import Testing

@testable import WorldClockCLI

/// Every test fixes the instant and the reference zone, so times are checkable.
/// A fixed instant, reference zone and tzdata (the bundled 2026f): the times these tests expect
/// hold whatever the machine's clock and tzdata say.
let fixed = ["--at", "2026-07-15T12:00:00Z", "--from", "Asia/Seoul", "--tzdata", "bundled"]

@Suite("worldclock list")
struct ListCommandTests {
    @Test("list --section ㄱ shows the ㄱ section with local time, day and hours against Seoul")
    func sectionGiyeok() throws {
        let result = try CommandRunner.run(["list", "--section", "ㄱ"] + fixed)
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("ㄱ") == true)
        let gaborone = try #require(lines.first { $0.contains("가보로네") })
        // 12:00Z is 14:00 in Gaborone (UTC+2) and 21:00 in Seoul: same day, 7 hours behind.
        for part in ["보츠와나", "오후 2:00", "오늘", "\u{2212}7시간", "UTC+2 CAT", "Africa/Gaborone"] {
            #expect(gaborone.contains(part), "\(part) in \(gaborone)")
        }
        #expect(!result.stdout.contains("\u{1B}["), "no colour when stdout is not a terminal")
    }

    @Test("columns line up by display width, Hangul counting two")
    func alignment() throws {
        let result = try CommandRunner.run(["list", "--section", "ㅅ"] + fixed)
        let rows = result.stdout.split(separator: "\n").dropFirst().map(String.init).filter { $0.contains("/") }
        #expect(rows.count > 5)
        let zoneColumns = Set(
            rows.map { row -> Int in
                let zoneStart = row.range(of: " ", options: .backwards)!.upperBound
                return displayWidth(String(row[..<zoneStart]))
            })
        #expect(zoneColumns.count == 1, "zone ids start at display columns \(zoneColumns)")
    }

    @Test("--24h prints 24-hour times")
    func twentyFourHour() throws {
        let result = try CommandRunner.run(["list", "--section", "ㄱ", "--24h"] + fixed)
        #expect(result.stdout.split(separator: "\n").first { $0.contains("가보로네") }?.contains("14:00") == true)
    }

    @Test("every way of typing a section title shows the same section", arguments: ["ㄱ", "\u{1100}", "\u{FFA1}", " ㄱ "])
    func sectionForms(title: String) throws {
        let expected = try CommandRunner.run(["list", "--section", "ㄱ"] + fixed)
        let result = try CommandRunner.run(["list", "--section", title] + fixed)
        #expect(result.status == 0)
        #expect(result.stdout == expected.stdout)
    }

    @Test("a double consonant or a syllable shows its section with a note", arguments: [("ㄲ", "ㄱ"), ("가", "ㄱ"), ("ㅆ", "ㅅ")])
    func resolvedSections(typed: String, section: String) throws {
        let result = try CommandRunner.run(["list", "--section", typed] + fixed)
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix(section))
        #expect(result.stderr.contains("\(section) 섹션으로 읽었습니다"))
    }

    @Test("an invalid section is a usage error listing the valid ones", arguments: ["", "ab", "1", "ㅏ", "😀"])
    func invalidSection(title: String) throws {
        let result = try CommandRunner.run(["list", "--section", title] + fixed)
        #expect(result.status == 2)
        #expect(result.stderr.contains("쓸 수 있는 섹션: ㄱ ㄴ ㄷ"))
    }

    @Test("--json gives the feed schema with relative times")
    func json() throws {
        let result = try CommandRunner.run(["list", "--section", "ㄴ", "--json"] + fixed)
        #expect(result.status == 0)
        let feed = try #require(result.json as? [String: Any])
        let sections = try #require(feed["sections"] as? [[String: Any]])
        #expect(sections.count == 1)
        #expect(sections.first?["title"] as? String == "ㄴ")
        let newYork = try #require((sections.first?["places"] as? [[String: Any]])?.first { $0["name"] as? String == "뉴욕" })
        let time = try #require(newYork["time"] as? [String: Any])
        #expect(time["abbreviation"] as? String == "EDT")
        #expect(time["local"] as? String == "2026-07-15T08:00:00-04:00")
        #expect((newYork["relative"] as? [String: Any])?["hours"] as? String == "\u{2212}13시간")
    }
}

@Suite("worldclock search")
struct SearchCommandTests {
    @Test("search 뉴 ranks names that start with 뉴 first, the biggest first, then other fields (뉴질랜드)")
    func prefix() throws {
        let result = try CommandRunner.run(["search", "뉴", "--limit", "100"] + fixed)
        #expect(result.status == 0)
        let names = result.stdout.split(separator: "\n").map { String($0.split(separator: " ").first ?? "") }
        #expect(names.first == "뉴욕")
        #expect(result.stdout.contains("(나라: 뉴질랜드)"))
    }

    @Test("search --help ranks the kinds of match by the names the web app shows (the feed's kind_name)")
    func rankingInHelp() throws {
        let help = try CommandRunner.run(["search", "--help"])
        #expect(help.status == 0)
        // Help wraps at the width: a line break is a space.
        let text = help.stdout.replacingOccurrences(of: "\n", with: " ")
        #expect(text.contains("순위: 완전 일치 > 앞부분 일치 > 초성(ㄴㅇ → 뉴욕) > 초성 섞어 쓰기(뉴ㅇ) > 치는 중(늉 → 뉴욕) > 중간 일치."), "\(help.stdout)")
    }

    @Test(
        "choseong, mixed, half-typed, old spellings and Latin find the place",
        arguments: [
            ("ㄴㅇ", "뉴욕"), ("뉴ㅇ", "뉴욕"), ("늉", "뉴욕"), ("키예프", "키이우"), ("new york", "뉴욕"), ("NEW_YORK", "뉴욕"),
            ("america/new_york", "뉴욕"), ("\u{1102}\u{1172}\u{110B}\u{116D}\u{11A8}", "뉴욕"), (" 서울 ", "서울"), ("터키", "이스탄불"),
        ])
    func finds(query: String, name: String) throws {
        let result = try CommandRunner.run(["search", query, "--json"] + fixed)
        #expect(result.status == 0)
        let results = try #require((result.json as? [String: Any])?["results"] as? [[String: Any]])
        #expect(results.contains { ($0["place"] as? [String: Any])?["name"] as? String == name })
    }

    @Test("a query typed in Latin mode is converted, and a note on stderr says so")
    func wrongKeyboard() throws {
        let result = try CommandRunner.run(["search", "sbdyr"] + fixed)
        #expect(result.status == 0)
        #expect(result.stderr.contains("sbdyr"))
        #expect(result.stdout.contains("뉴욕"))
    }

    @Test("--json carries the matched range for highlighting")
    func ranges() throws {
        let result = try CommandRunner.run(["search", "욕", "--json"] + fixed)
        let results = try #require((result.json as? [String: Any])?["results"] as? [[String: Any]])
        let newYork = try #require(results.first { ($0["place"] as? [String: Any])?["name"] as? String == "뉴욕" })
        let match = try #require(newYork["match"] as? [String: Any])
        #expect(match["kind"] as? String == "substring")
        #expect(match["utf16_start"] as? Int == 1)
        #expect(match["utf16_end"] as? Int == 2)
    }

    @Test("nothing found exits 1 with a message")
    func nothingFound() throws {
        let result = try CommandRunner.run(["search", "없는곳이름"] + fixed)
        #expect(result.status == 1)
        #expect(result.stderr.contains("\"없는곳이름\"에 맞는 곳이 없습니다"))
        let json = try CommandRunner.run(["search", "없는곳이름", "--json"] + fixed)
        #expect(json.status == 1)
        #expect(((json.json as? [String: Any])?["error"] as? [String: Any])?["code"] as? String == "not_found")
    }

    @Test("empty, enormous and invalid UTF-8 queries are usage errors")
    func badQueries() throws {
        #expect(try CommandRunner.run(["search", ""]).status == 2)
        #expect(try CommandRunner.run(["search", "   "]).status == 2)
        let long = try CommandRunner.run(["search", String(repeating: "가", count: 5000)])
        #expect(long.status == 2)
        #expect(long.stderr.contains("검색어가 5000자로 너무 깁니다(최대 100자)"))
        let invalid = try CommandRunner.run([], shell: "\"$0\" search \"$(printf '\\377\\376')\"")
        #expect(invalid.status == 2)
        #expect(invalid.stderr.contains("2번째 인자가 올바른 UTF-8이 아닙니다"))
        // With --json, search's own code, as /v1/search's 400 and the web module say it (issue 53).
        for (query, code) in [("", "empty_query"), ("   ", "empty_query"), (String(repeating: "가", count: 101), "query_too_long")] {
            let json = try CommandRunner.run(["search", query, "--json"])
            #expect(json.status == 2)
            #expect(((json.json as? [String: Any])?["error"] as? [String: Any])?["code"] as? String == code, "\(json.stdout)")
        }
    }
}

@Suite("worldclock show, sections, feed, --version")
struct OtherCommandTests {
    @Test("show gives names, zone, offset, DST and the next transition")
    func show() throws {
        let result = try CommandRunner.run(["show", "뉴욕", "--at", "2026-01-15T12:00:00Z", "--from", "Asia/Seoul", "--tzdata", "bundled"])
        #expect(result.status == 0)
        for part in [
            "뉴욕 (New York)", "미국 (US)", "America/New_York", "UTC\u{2212}5 EST", "오전 7:00", "2026년 1월 15일 (목)", "오늘, \u{2212}14시간",
            "2026년 3월 8일 (일) 오전 2:00 EST → 오전 3:00 EDT (UTC\u{2212}4), 뉴욕 현지 시각",
        ] {
            #expect(result.stdout.contains(part), "\(part)")
        }
    }

    @Test("show takes old spellings and zone ids, old ids too", arguments: [("키예프", "키이우"), ("Asia/Calcutta", "콜카타"), ("asia/seoul", "서울")])
    func showByOtherNames(query: String, name: String) throws {
        let result = try CommandRunner.run(["show", query] + fixed)
        #expect(result.status == 0)
        #expect(result.stdout.contains(name))
    }

    @Test("show of an unknown place exits 1 with suggestions")
    func showUnknown() throws {
        let result = try CommandRunner.run(["show", "뉴요크크크"] + fixed)
        #expect(result.status == 1)
        // 뉴요크 finds 뉴어크 and 뉴욕 by spelling; 뉴요크크크 nothing, and its longest start that finds anything suggests them.
        #expect(result.stderr.contains("혹시 찾는 곳: "), "\(result.stderr)")
        #expect(result.stderr.contains("뉴욕"), "\(result.stderr)")
    }

    @Test("sections lists the titles with counts, ㄱ first, no title (# included) with 0 unless --all-sections")
    func sections() throws {
        func titlesAndCounts(_ arguments: [String]) throws -> [(title: String, count: Int)] {
            let result = try CommandRunner.run(["sections"] + arguments)
            #expect(result.status == 0)
            return try result.stdout.split(separator: "\n").map { line in
                let fields = line.split(separator: " ", omittingEmptySubsequences: true)
                return (String(fields[0]), try #require(Int(fields[fields.count - 1]), "\(line)"))
            }
        }
        let listed = try titlesAndCounts([]), all = try titlesAndCounts(["--all-sections"])
        #expect(listed.first?.title == "ㄱ")
        #expect(listed.allSatisfy { $0.count > 0 }, "\(listed)")
        // --all-sections shows every title, # last; the plain list is it without the empty ones.
        #expect(all.last?.title == "#")
        #expect(all.contains { $0.count == 0 }, "the bundled table has an empty section; if not, this test no longer shows anything")
        #expect(listed.map(\.title) == all.filter { $0.count > 0 }.map(\.title))
        #expect(listed.contains { $0.title == "#" } == (all.last!.count > 0))
        let json = try CommandRunner.run(["sections", "--json"])
        let counts = try #require((json.json as? [String: Any])?["sections"] as? [[String: Any]])
        // As many as the listed table has rows (search-only places are not in the list).
        let table = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("../../Data/zones.tsv").standardized, encoding: .utf8)
        let rows = table.split(separator: "\n").filter { !$0.hasPrefix("#") }.count - 1
        #expect(counts.reduce(0) { $0 + ($1["count"] as? Int ?? 0) } == rows)
    }

    @Test("feed is the whole catalogue as JSON")
    func feed() throws {
        let result = try CommandRunner.run(["feed", "--at", "2026-07-15T12:00:00Z", "--tzdata", "bundled"])
        #expect(result.status == 0)
        let feed = try #require(result.json as? [String: Any])
        #expect(feed["at"] as? String == "2026-07-15T12:00:00Z")
        #expect((feed["meta"] as? [String: Any])?["zone_count"] as? Int == 420)  // zone.tab's 418, UTC and Etc/GMT
        #expect((feed["sections"] as? [[String: Any]])?.isEmpty == false)
    }

    @Test("--version names the tool, its commit, the tzdata compiled in and in use, the licence and the data's credits, and loads no ICU")
    func version() throws {
        // A directory without ICU: --version must not need it (a static executable cannot load it).
        let result = try CommandRunner.run(["--version"], environment: ["WORLDCLOCK_ICU_DIR": "/nonexistent"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("worldclock \(WorldClockCommand.version) (커밋 모름: 개발 빌드, 내장 tzdata "), "\(result.stdout)")
        #expect(result.stdout.range(of: #"내장 tzdata 20\d\d[a-z]+, "#, options: .regularExpression) != nil, "\(result.stdout)")
        // Which tzdata is in use depends on the machine (its own if at least as new as the bundled 2026f); its source is named.
        #expect(
            result.stdout.range(of: #"사용 중 tzdata 20\d\d[a-z]+ (bundled|system /|TZDIR /)"#, options: .regularExpression) != nil,
            "\(result.stdout)")
        #expect(!result.stdout.contains("ICU"), "\(result.stdout)")
        // The licence and the data's credits, on a line of their own.
        #expect(
            result.stdout.hasSuffix(
                "\n라이선스 Apache-2.0 · 데이터: GeoNames (CC BY 4.0), Unicode CLDR (Unicode License v3), IANA tz (public domain), airportsdata (MIT)\n"),
            "\(result.stdout)")
    }

    @Test("a bad --at or --from is a usage error", arguments: [["--at", "someday"], ["--from", "Mars/Olympus"]])
    func badOptions(arguments: [String]) throws {
        let result = try CommandRunner.run(["list"] + arguments)
        #expect(result.status == 2)
        #expect(!result.stderr.isEmpty)
    }

    @Test("a malformed --data table is a data error naming file and line")
    func badTable() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("worldclock-bad-\(UUID()).tsv")
        try "name\tcountry\tcountry_code\tzone\tenglish\taliases\n서울\t대한민국\tKR\tAsia/Nowhere\tSeoul\t\n".write(
            to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try CommandRunner.run(["list", "--data", file.path])
        #expect(result.status == 3)
        #expect(result.stderr.contains("\(file.path):2: 알 수 없는 시간대 \"Asia/Nowhere\""))
        let json = try CommandRunner.run(["list", "--data", file.path, "--json"])
        #expect(json.status == 3)
        #expect(((json.json as? [String: Any])?["error"] as? [String: Any])?["code"] as? String == "data")
    }

    @Test("a user's own table replaces the bundled one")
    func ownTable() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("worldclock-own-\(UUID()).tsv")
        try "name\tcountry\tcountry_code\tzone\tenglish\taliases\n우리집\t대한민국\tKR\tAsia/Seoul\tHome\t\n콜카타\t인도\tIN\tAsia/Calcutta\tKolkata\t\n".write(
            to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try CommandRunner.run(["list", "--data", file.path] + fixed)
        #expect(result.status == 0)
        #expect(result.stdout.contains("우리집"))
        #expect(result.stdout.contains("Asia/Kolkata"))
        #expect(!result.stdout.contains("뉴욕"))
    }
}

/// Display width as a terminal counts it (Hangul 2 columns), for checking alignment.
func displayWidth(_ text: String) -> Int {
    text.unicodeScalars.reduce(0) { width, scalar in
        let v = scalar.value
        if (0x1160...0x11FF).contains(v) { return width }
        if (0x1100...0x115F).contains(v) || (0x3130...0x318F).contains(v) || (0xAC00...0xD7A3).contains(v) { return width + 2 }
        return width + 1
    }
}
