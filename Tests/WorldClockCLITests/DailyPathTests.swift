import Foundation
import Testing

@Suite("the daily path: bare places, several places, options anywhere, completion, stderr, UTC and TZ")
struct DailyPathTests {
    @Test("a bare place runs show for it, and options may come before it")
    func barePlace() throws {
        let show = try CommandRunner.run(["show", "뉴욕"] + pinned)
        #expect(show.status == 0)
        for arguments in [["뉴욕"] + pinned, pinned + ["뉴욕"], pinned + ["show", "뉴욕"]] {
            let result = try CommandRunner.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(result.stdout == show.stdout, "\(arguments)")
        }
    }

    @Test("a mistyped command is searched as a place, and the error names the command it may be")
    func mistypedCommand() throws {
        let result = try CommandRunner.run(["lsit"] + bundled)
        #expect(result.status == 1)
        #expect(result.stderr.contains("worldclock list"), "\(result.stderr)")
    }

    @Test("show takes several places; words that are one name, or quoted, are one place")
    func severalPlaces() throws {
        let now = ["--from", "서울"] + bundled
        let two = try CommandRunner.run(["show", "뉴욕", "런던"] + now)
        #expect(two.status == 0, "\(two.stderr)")
        let headings = two.stdout.split(separator: "\n").filter { !$0.hasPrefix(" ") }.map { String($0) }
        #expect(headings == ["뉴욕 (New York)", "런던 (London)"], "\(two.stdout)")
        for arguments in [["show", "new york"], ["show", "new", "york"]] {
            let one = try CommandRunner.run(arguments + now)
            #expect(one.status == 0)
            #expect(one.stdout.split(separator: "\n").filter { !$0.hasPrefix(" ") } == ["뉴욕 (New York)"], "\(arguments)")
        }
        #expect(try CommandRunner.run(["show", "뉴욕", "zzqqxx"] + now).status == 1, "one place not found fails the run")
    }

    @Test("show --at … --from says the time back as the reference reads it")
    func echoesReference() throws {
        let result = try CommandRunner.run(["show", "서울", "--at", "2026-07-15 15:00", "--from", "뉴욕"] + bundled)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("뉴욕 오후 3:00 (2026년 7월 15일 (수), UTC−4) = 2026년 7월 15일 (수) 오후 7:00 UTC\n"), "\(result.stdout)")
    }

    @Test("bash completion offers my clocks to remove, places to show, and never options for an empty word")
    func completion() throws {
        let home = try ConfigHome()
        #expect(try home.run(["add", "뉴욕", "런던"] + bundled).status == 0)
        let script = try CommandRunner.run(["--generate-completion-script", "bash"]).stdout
        let file = home.path + "/worldclock.bash"
        try script.write(toFile: file, atomically: true, encoding: .utf8)
        func complete(_ words: [String]) throws -> [String] {
            let snippet = home.path + "/complete.sh"
            let line = words.map { "'\($0)'" }.joined(separator: " ")
            try """
            source '\(file)'
            COMP_WORDS=(\(line)); COMP_CWORD=\(words.count - 1); _worldclock
            printf '%s\\n' "${COMPREPLY[@]}"
            """.write(toFile: snippet, atomically: true, encoding: .utf8)
            // The script calls `worldclock` by the name it was completing: the built one, on PATH.
            let directory = CommandRunner.executable.deletingLastPathComponent().path
            let result = try CommandRunner.run(
                [], shell: "exec /bin/bash '\(snippet)'", environment: home.environment.merging(["PATH": directory + ":/usr/bin:/bin"]) { $1 })
            return result.stdout.split(separator: "\n").map(String.init)
        }
        #expect(try complete(["worldclock", "remove", ""]) == ["뉴욕", "런던"])
        #expect(try complete(["worldclock", "move", "런"]) == ["런던"])
        let show = try complete(["worldclock", "show", ""])
        #expect(show.count > 100 && show.contains("뉴욕"), "\(show.prefix(5))")
        #expect(!show.contains { $0.hasPrefix("-") })
        #expect(try complete(["worldclock", "show", "--j"]) == ["--json"])
    }

    @Test("every stderr line fits the width, broken between words only", arguments: [40, 60, 80])
    func wrapsStderr(width: Int) throws {
        let arguments = ["show", "미국"] + pinned
        let whole = try CommandRunner.run(arguments)
        let wrapped = try CommandRunner.run(arguments, environment: ["COLUMNS": "\(width)"])
        #expect(wrapped.status == 1)
        let lines = wrapped.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count > whole.stderr.split(separator: "\n").count, "\(wrapped.stderr)")
        for line in lines { #expect(displayWidth(line) <= width, "\(line)") }
        // The same words in the same order: nothing was cut inside a word.
        func words(_ text: String) -> [Substring] { text.split(whereSeparator: { $0 == " " || $0 == "\n" }) }
        #expect(words(wrapped.stderr) == words(whole.stderr))
    }

    @Test(
        "UTC is named as a place wherever it is the reference",
        arguments: [
            (["TZ": "Etc/UTC"], [String]()), (["TZ": "UTC"], []), ([:], ["--from", "Etc/UTC"]), ([:], ["--from", "UTC"]),
        ])
    func utcAsPlace(environment: [String: String], from: [String]) throws {
        let home = try ConfigHome()
        let result = try home.run(["--at", "2026-07-15T12:00:00Z"] + from + bundled, environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("기준: 협정 세계시 (UTC+0)"), "\(result.stdout)")
    }

    @Test("a clock added as a UTC zone id is kept as the place 협정 세계시", arguments: ["Etc/UTC", "UTC", "Etc/Zulu"])
    func utcClock(typed: String) throws {
        let home = try ConfigHome()
        let result = try home.run(["add", typed] + bundled)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try home.names() == ["협정 세계시"])
    }

    @Test("a machine that names no zone measures from UTC, named as a place, and says so")
    func noZone() throws {
        let home = try ConfigHome()
        let etc = home.path + "/etc"
        try FileManager.default.createDirectory(atPath: etc, withIntermediateDirectories: true)
        let result = try CommandRunner.run(
            ["--at", "2026-07-15T12:00:00Z"] + bundled, environment: home.environment.merging(["WORLDCLOCK_ETC": etc, "TZ": ""]) { $1 })
        #expect(result.stdout.hasPrefix("기준: 협정 세계시 (UTC+0)"), "\(result.stdout)")
        #expect(result.stderr.contains("UTC 기준"), "\(result.stderr)")
    }

    @Test(
        "a POSIX TZ string is read with the rules it states, as libc reads it, without a warning",
        arguments: [
            ("KST-9", "2026-07-15T12:00:00Z", "기준: KST-9 (UTC+9)"),
            ("EST5EDT,M3.2.0,M11.1.0", "2026-07-15T12:00:00Z", "기준: EST5EDT,M3.2.0,M11.1.0 (UTC−4)"),
            ("EST5EDT,M3.2.0,M11.1.0", "2026-01-15T12:00:00Z", "기준: EST5EDT,M3.2.0,M11.1.0 (UTC−5)"),
            // Rules no zone has: summer time from the first Sunday of January to the last of December.
            ("XST-10XDT,M1.1.0,M12.5.0", "2026-07-15T12:00:00Z", "기준: XST-10XDT,M1.1.0,M12.5.0 (UTC+11)"),
            ("<+0530>-5:30", "2026-07-15T12:00:00Z", "기준: <+0530>-5:30 (UTC+5:30)"),
        ])
    func posixTZ(tz: String, at: String, header: String) throws {
        let home = try ConfigHome()
        let result = try home.run(["--at", at] + bundled, environment: ["TZ": tz])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix(header), "\(result.stdout)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
    }

    @Test("--names lists my clocks one per line, for completion and scripts")
    func names() throws {
        let home = try ConfigHome()
        #expect(try home.run(["clocks", "--names"]).stdout.isEmpty)
        #expect(try home.run(["add", "로드 하우", "뉴욕"] + bundled).status == 0)
        #expect(try home.run(["clocks", "--names"]).stdout == "로드 하우\n뉴욕\n")
    }
}
