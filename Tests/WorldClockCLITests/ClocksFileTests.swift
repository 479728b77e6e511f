import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A config folder holding a clocks file written byte for byte, for the tests of how it is read and kept.
extension ConfigHome {
    func write(_ bytes: [UInt8]) throws {
        try FileManager.default.createDirectory(atPath: path + "/worldclock", withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: file))
    }

    func write(_ text: String) throws { try write(Array(text.utf8)) }

    var bytes: [UInt8] { (try? [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))) ?? [] }

    /// `worldclock clocks --names`: my clocks as the tool reads them.
    func names() throws -> [String] {
        let result = try run(["clocks", "--names"])
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    /// Starts `worldclock` without waiting for it.
    func start(_ arguments: [String]) throws -> (process: Process, output: Pipe, error: Pipe) {
        let process = Process()
        process.executableURL = CommandRunner.executable
        process.arguments = arguments
        process.environment = ["TZ": "Asia/Seoul", "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "XDG_CONFIG_HOME": path]
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        return (process, output, error)
    }
}

/// Twenty places, each one unambiguous name.
private let twenty = [
    "서울", "도쿄", "뉴욕", "런던", "파리", "베를린", "로마", "마드리드", "모스크바", "카이로",
    "시드니", "토론토", "밴쿠버", "시카고", "리마", "방콕", "하노이", "자카르타", "마닐라", "두바이",
]

@Suite("my clocks file: a small database that loses nothing")
struct ClocksFileTests {
    /// What a process `ConfigHome.start` started printed, once it exited.
    static func finish(_ started: (process: Process, output: Pipe, error: Pipe)) -> CommandResult {
        let stdout = String(decoding: started.output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: started.error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        started.process.waitUntilExit()
        return CommandResult(stdout: stdout, stderr: stderr, status: started.process.terminationStatus)
    }

    @Test("20 processes adding 20 places at once all land, while readers never see half a file; 5 rounds")
    func concurrentAdds() async throws {
        for round in 1...5 {
            let home = try ConfigHome()
            let adds = try twenty.map { try home.start(["add", $0] + bundled) }
            // Readers during the writes: a file written in place could be read half-written (exit 3).
            let readers = try (0..<5).map { _ in try home.start(["clocks", "--names"]) }
            // 25 processes, waited for off the concurrency pool.
            let (added, read) = try await onOwnThread { (adds.map(Self.finish), readers.map(Self.finish)) }
            for (place, add) in zip(twenty, added) {
                #expect(add.status == 0, "round \(round), \(place): \(add.stderr)")
                #expect(add.stdout.contains("더했습니다: \(place)"), "round \(round): \(add.stdout)")
            }
            for reader in read {
                #expect(reader.status == 0, "round \(round), a reader: \(reader.stderr)")
            }
            let names = try home.names()
            #expect(Set(names) == Set(twenty), "round \(round): missing \(Set(twenty).subtracting(names).sorted())")
            #expect(names.count == 20)
        }
    }

    @Test("a write replaces the file by rename: a reader holding the old file reads it whole, and the mode is kept")
    func atomicReplace() throws {
        let home = try ConfigHome()
        #expect(try home.run(["add", "뉴욕"] + bundled).status == 0)
        chmod(home.file, 0o600)
        let before = try String(contentsOfFile: home.file, encoding: .utf8)
        let held = try FileHandle(forReadingFrom: URL(fileURLWithPath: home.file))
        defer { try? held.close() }
        #expect(try home.run(["add", "런던"] + bundled).status == 0)
        // Written in place, the handle opened before would read the new text (or half of it).
        #expect(String(decoding: held.readDataToEndOfFile(), as: UTF8.self) == before)
        #expect(try String(contentsOfFile: home.file, encoding: .utf8) == before + "clock\t런던\tEurope/London\n")
        let attributes = try FileManager.default.attributesOfItem(atPath: home.file)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let left = try FileManager.default.contentsOfDirectory(atPath: home.path + "/worldclock").sorted()
        #expect(left == ["clocks.tsv", "clocks.tsv.lock"], "no temporary file left: \(left)")
    }

    @Test("a CRLF file with the tool's own comment reads, and an edit keeps its CRLF and every line")
    func crlf() throws {
        let home = try ConfigHome()
        let text = "# worldclock: 내 시계.\r\nclock\t서울\tAsia/Seoul\r\n# 내 메모\r\nclock\t뉴욕\tAmerica/New_York\r\n"
        try home.write(text)
        #expect(try home.names() == ["서울", "뉴욕"])
        #expect(try home.run(["add", "런던"] + bundled).status == 0)
        #expect(home.bytes == Array((text + "clock\t런던\tEurope/London\r\n").utf8))
        #expect(try home.run(["remove", "서울"] + bundled).status == 0)
        #expect(home.bytes == Array("# worldclock: 내 시계.\r\n# 내 메모\r\nclock\t뉴욕\tAmerica/New_York\r\nclock\t런던\tEurope/London\r\n".utf8))
    }

    @Test("one CRLF line in an LF file is its zone without the CR: a time, not 도쿄 ?")
    func crlfLine() throws {
        let home = try ConfigHome()
        try home.write("clock\t서울\tAsia/Seoul\nclock\t도쿄\tAsia/Tokyo\r\n")
        let result = try home.run(pinned)
        #expect(result.status == 0, "\(result.stderr)")
        let tokyo = try #require(result.stdout.split(separator: "\n").first { $0.hasPrefix("도쿄") })
        #expect(tokyo.contains("UTC+9"), "\(tokyo)")
        #expect(!tokyo.contains("?"))
    }

    @Test("a UTF-8 byte-order mark is a mark, kept on writing")
    func byteOrderMark() throws {
        let home = try ConfigHome()
        try home.write([0xEF, 0xBB, 0xBF] + Array("clock\t서울\tAsia/Seoul\n".utf8))
        #expect(try home.names() == ["서울"])
        #expect(try home.run(["add", "뉴욕"] + bundled).status == 0)
        #expect(home.bytes == [0xEF, 0xBB, 0xBF] + Array("clock\t서울\tAsia/Seoul\nclock\t뉴욕\tAmerica/New_York\n".utf8))
    }

    @Test(
        "a file that does not parse: every command that edits or shows my clocks exits 3 with file:line, and it stays byte for byte",
        arguments: [
            ("clock\t뉴욕\n", 1), ("clock\t뉴욕\tAmerica/New_York\nwhat\t뉴욕\tAmerica/New_York\n", 2),
            ("clock\t서울\tAsia/Seoul\r\nclock\t\tAsia/Tokyo\r\n", 2), ("clock\t서울\tAsia/Seoul\nclock\t도쿄\tAsia/To kyo\n", 2),
        ])
    func malformed(text: String, line: Int) throws {
        let home = try ConfigHome()
        try home.write(text)
        for arguments in [[], ["clocks"], ["add", "런던"], ["remove", "뉴욕"], ["move", "뉴욕", "1"], ["from", "런던"], ["from", "--clear"], ["from"]] {
            let result = try home.run(arguments + bundled)
            // `from` alone only shows the saved reference: the bad line is said, the reference still shown.
            #expect(result.status == (arguments == ["from"] ? 0 : 3), "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("\(home.file):\(line): "), "\(arguments): \(result.stderr)")
            #expect(home.bytes == Array(text.utf8), "\(arguments) rewrote the file")
        }
    }

    @Test("a file that is not UTF-8 is named with its line and left as it is")
    func notUTF8() throws {
        let home = try ConfigHome()
        let bytes = Array("clock\t서울\tAsia/Seoul\nclock\t".utf8) + [0xFF, 0xFE] + Array("\tAsia/Tokyo\n".utf8)
        try home.write(bytes)
        let result = try home.run(["add", "런던"] + bundled)
        #expect(result.status == 3)
        #expect(result.stderr.contains("\(home.file):2: UTF-8"), "\(result.stderr)")
        #expect(home.bytes == bytes)
    }

    @Test(
        "a read-only file is an I/O error (4), never replaced", arguments: [["add", "런던"], ["remove", "서울"], ["from", "런던"], ["move", "서울", "2"]])
    func readOnly(command: [String]) throws {
        let home = try ConfigHome()
        let text = "clock\t서울\tAsia/Seoul\nclock\t뉴욕\tAmerica/New_York\n"
        try home.write(text)
        chmod(home.file, 0o444)
        let result = try home.run(command + bundled)
        #expect(result.status == 4, "\(result.stderr)")
        #expect(result.stderr.contains("읽기 전용"), "\(result.stderr)")
        #expect(home.bytes == Array(text.utf8))
        #expect((try FileManager.default.attributesOfItem(atPath: home.file)[.posixPermissions] as? Int) == 0o444)
    }

    @Test("a symbolic link is followed: its target is written and the link stays a link")
    func symlink() throws {
        let home = try ConfigHome()
        let target = home.path + "/dotfiles/clocks.tsv"
        try FileManager.default.createDirectory(atPath: home.path + "/dotfiles", withIntermediateDirectories: true)
        try "clock\t서울\tAsia/Seoul\n".write(toFile: target, atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: home.path + "/worldclock", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: home.file, withDestinationPath: "../dotfiles/clocks.tsv")
        #expect(try home.run(["add", "뉴욕"] + bundled).status == 0)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: home.file) == "../dotfiles/clocks.tsv")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "clock\t서울\tAsia/Seoul\nclock\t뉴욕\tAmerica/New_York\n")
    }

    @Test("a zone the tzdata lacks is named with its line: the other clocks still show, and the run fails (3)")
    func unknownZone() throws {
        let home = try ConfigHome()
        try home.write("clock\t서울\tAsia/Seoul\nclock\t도쿄\tAsia/Tokyoo\n")
        let result = try home.run(pinned)
        #expect(result.status == 3)
        #expect(result.stdout.contains("서울"), "\(result.stdout)")
        #expect(result.stderr.contains("\(home.file):2: \"Asia/Tokyoo\"는 이 tzdata"), "\(result.stderr)")
        let doctor = try home.run(["doctor"] + bundled)
        #expect(doctor.stdout.contains("\(home.file):2: \"Asia/Tokyoo\""), "\(doctor.stdout)")
    }

    @Test("a saved reference whose zone the tzdata lacks stops my clocks (3) and is a warning elsewhere")
    func unknownReference() throws {
        let home = try ConfigHome()
        try home.write("reference\t화성\tMars/Olympus\nclock\t서울\tAsia/Seoul\n")
        let clocks = try home.run(bundled)
        #expect(clocks.status == 3)
        #expect(clocks.stderr.contains("\(home.file):1:"), "\(clocks.stderr)")
        let list = try home.run(["list", "--section", "ㅅ", "--at", "2026-07-15T12:00:00Z"] + bundled)
        #expect(list.status == 0)
        #expect(list.stderr.contains("\(home.file):1:"), "\(list.stderr)")
        #expect(list.stdout.hasPrefix("ㅅ"))
    }

    @Test(
        "commands that do not need the file warn once on stderr and go on",
        arguments: [
            ["search", "뉴"], ["list", "--section", "ㄱ"], ["show", "뉴욕"], ["sections"], ["feed"],
        ])
    func warnAndGoOn(command: [String]) throws {
        let home = try ConfigHome()
        try home.write("clock\t뉴욕\n")
        let result = try home.run(command + ["--tzdata", "bundled"].filter { _ in command[0] != "sections" })
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stdout.isEmpty)
        let mentions = result.stderr.components(separatedBy: "clocks.tsv").count - 1
        // sections and feed do not read it at all.
        #expect(mentions == (["sections", "feed"].contains(command[0]) ? 0 : 1), "\(result.stderr)")
    }

    @Test(
        "with --json, a file that does not read is one JSON warning on stderr naming it, the answer stays JSON, and the file is kept",
        arguments: [["search", "뉴", "--json"], ["list", "--section", "ㄱ", "--json"], ["show", "뉴욕", "--json"]])
    func warnInJSON(command: [String]) throws {
        let home = try ConfigHome()
        try home.write("clock\t뉴욕\n")
        let before = home.bytes
        let result = try home.run(command + ["--tzdata", "bundled"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.json != nil, "stdout is the JSON answer alone: \(result.stdout)")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(result.stderr)")
        let warning = try #require(
            (try? JSONSerialization.jsonObject(with: Data((lines.first ?? "").utf8)) as? [String: Any])?["warning"] as? [String: Any],
            "\(result.stderr)")
        #expect(warning["code"] as? String == "clocks_file_unreadable")
        #expect((warning["message"] as? String)?.contains("\(home.file):1:") == true, "\(warning)")
        #expect(home.bytes == before, "the file is kept as it was")
    }

    @Test("doctor checks the file: a line that does not read, a read-only file, or what it keeps")
    func doctor() throws {
        let home = try ConfigHome()
        try home.write("reference\t서울\tAsia/Seoul\nclock\t뉴욕\tAmerica/New_York\n")
        let fine = try home.run(["doctor"] + bundled)
        #expect(fine.stdout.contains("내 시계 파일: \(home.file) (시계 1곳, 기준 서울 (Asia/Seoul))"), "\(fine.stdout)")
        try home.write("clock\t뉴욕\n")
        chmod(home.file, 0o444)
        let bad = try home.run(["doctor", "--json"] + bundled)
        let report = try #require(bad.json as? [String: Any])
        let clocks = try #require(report["my_clocks"] as? [String: Any])
        let problems = try #require(clocks["problems"] as? [String])
        #expect(problems.contains { $0.hasPrefix("\(home.file):1: 탭으로 나눈 칸이 2개") }, "\(problems)")
        #expect(problems.contains { $0.contains("읽기 전용") }, "\(problems)")
    }

    @Test("comments and blank lines a person wrote survive add, remove, move and from")
    func keepsComments() throws {
        let home = try ConfigHome()
        try home.write("# 회사\nclock\t서울\tAsia/Seoul\n\n# 가족\nclock\t뉴욕\tAmerica/New_York\n")
        for command in [["add", "런던"], ["remove", "서울"], ["move", "런던", "1"], ["from", "도쿄"]] {
            #expect(try home.run(command + bundled).status == 0, "\(command)")
        }
        // The reference goes after the leading comment; the clocks' lines keep their slots in the new order.
        let expected = "# 회사\nreference\t도쿄\tAsia/Tokyo\n\n# 가족\nclock\t런던\tEurope/London\nclock\t뉴욕\tAmerica/New_York\n"
        #expect(try String(contentsOfFile: home.file, encoding: .utf8) == expected)
        #expect(try home.names() == ["런던", "뉴욕"])
    }

    @Test("move puts a clock at a position, 1 first, past the end last; not among my clocks exits 1; a bad position 2")
    func move() throws {
        let home = try ConfigHome()
        #expect(try home.run(["add", "서울", "뉴욕", "런던"] + bundled).status == 0)
        let first = try home.run(["move", "런던", "1"] + bundled)
        #expect(first.status == 0)
        #expect(first.stdout.contains("런던을 1번째로 옮겼습니다: 런던, 서울, 뉴욕"), "\(first.stdout)")
        #expect(try home.run(["move", "서울", "99"] + bundled).status == 0)
        #expect(try home.names() == ["런던", "뉴욕", "서울"])
        #expect(try home.run(["move", "파리", "1"] + bundled).status == 1)
        for position in ["0", "첫째", "-1"] {
            let result = try home.run(["move", "서울", position] + bundled)
            #expect(result.status == 2, "\(position): \(result.stderr)")
        }
    }
}

/// A clocks file edited by hand (issue 54 §8): each mistake read where it can be, suggested where
/// it cannot, and never silent.
@Suite("a clocks file edited by hand")
struct HandEditedClocksFileTests {
    static let at = ["--at", "2026-07-15T12:00:00Z"] + bundled

    @Test("spaces where the tabs go read as the tabs: the kind first, the zone last, the name between")
    func spacesForTabs() throws {
        let home = try ConfigHome()
        try home.write("clock 뉴욕 America/New_York\nclock  로드 하우  Australia/Lord_Howe\n")
        let result = try home.run(["--from", "Asia/Seoul"] + Self.at, environment: ["COLUMNS": "200"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        #expect(result.stdout.contains("뉴욕") && result.stdout.contains("로드 하우"), "\(result.stdout)")
        #expect(try home.names() == ["뉴욕", "로드 하우"])
    }

    @Test("a zone id spelled wrong is named with its line and the id meant", arguments: ["asia/tokyo", "Asia/Tokyoo", "ASIA/TOKYO", "Asia/Tokio"])
    func suggestsZone(written: String) throws {
        let home = try ConfigHome()
        try home.write("clock\t서울\tAsia/Seoul\nclock\t도쿄\t\(written)\n")
        let result = try home.run(["--from", "Asia/Seoul"] + Self.at)
        #expect(result.status == 3)
        #expect(result.stderr.contains("\(home.file):2: \"\(written)\""), "\(result.stderr)")
        #expect(result.stderr.contains("혹시 Asia/Tokyo?"), "\(result.stderr)")
        let doctor = try home.run(["doctor"] + bundled)
        #expect(doctor.stdout.contains("혹시 Asia/Tokyo?"), "\(doctor.stdout)")
    }

    @Test("a clock named after a place of another zone shows the zone written, and says the two differ")
    func nameOfAnotherZone() throws {
        let home = try ConfigHome()
        try home.write("clock\t뉴욕\tAsia/Tokyo\nclock\t런던\tEurope/London\n")
        let result = try home.run(["--from", "Asia/Seoul"] + Self.at)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("\(home.file):1: 뉴욕의 시간대(America/New_York)와 이 줄의 시간대(Asia/Tokyo)가 다릅니다"), "\(result.stderr)")
        #expect(!result.stderr.contains(":2:"), "\(result.stderr)")
        // A name the catalogue does not have is the user's own label: nothing to say.
        try home.write("clock\t회사\tAsia/Tokyo\n")
        #expect(try home.run(["--from", "Asia/Seoul"] + Self.at).stderr.isEmpty)
    }

    @Test("two reference lines: the last is used, and said with both lines, until from makes it one")
    func twoReferences() throws {
        let home = try ConfigHome()
        try home.write("reference\t서울\tAsia/Seoul\nclock\t뉴욕\tAmerica/New_York\nreference\t런던\tEurope/London\n")
        for command in [[], ["list", "--section", "ㄴ"]] {
            let result = try home.run(command + Self.at)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr.contains("기준이 2줄(1, 3행) 있어 마지막 줄(3행)의 런던을 씁니다"), "\(command): \(result.stderr)")
        }
        #expect(try home.run(["from", "도쿄"] + bundled).status == 0)
        let fixed = try home.run(Self.at)
        #expect(fixed.stderr.isEmpty, "\(fixed.stderr)")
        #expect(fixed.stdout.hasPrefix("기준: 도쿄"), "\(fixed.stdout)")
    }

    @Test("a line that does not read is skipped and said; the saved reference still counts")
    func badLineKeepsReference() throws {
        let home = try ConfigHome()
        try home.write("reference\t뉴욕\tAmerica/New_York\nclock\t도쿄\nclock\t런던\tEurope/London\n")
        let show = try home.run(["show", "런던"] + Self.at)
        #expect(show.status == 0, "\(show.stderr)")
        #expect(show.stdout.contains("+5시간"), "measured from 뉴욕, not from TZ's Seoul: \(show.stdout)")
        #expect(show.stderr.contains("\(home.file):2: 탭으로 나눈 칸이 2개"), "\(show.stderr)")
        // My clocks show the clock that reads, measured from the saved reference, and fail on the line.
        let clocks = try home.run(Self.at, environment: ["COLUMNS": "200"])
        #expect(clocks.status == 3)
        #expect(clocks.stdout.hasPrefix("기준: 뉴욕"), "\(clocks.stdout)")
        #expect(clocks.stdout.contains("런던"), "\(clocks.stdout)")
        #expect(clocks.stderr.contains("\(home.file):2: "), "\(clocks.stderr)")
        // With --json, the error alone: stdout is never an array followed by an error object.
        let json = try home.run(["--json"] + Self.at)
        #expect(json.status == 3)
        let error = try #require(json.json as? [String: Any], "one JSON document: \(json.stdout)")
        #expect((error["error"] as? [String: Any])?["code"] as? String == "data", "\(json.stdout)")
    }

    @Test("a line that is not UTF-8 is one bad line: the saved reference still counts, and no edit writes the file")
    func notUTF8LineKeepsReference() throws {
        let home = try ConfigHome()
        let bytes = Array("reference\t뉴욕\tAmerica/New_York\nclock\t".utf8) + [0xFF, 0xFE] + Array("\tAsia/Tokyo\n".utf8)
        try home.write(bytes)
        let show = try home.run(["show", "런던"] + Self.at)
        #expect(show.status == 0, "\(show.stderr)")
        #expect(show.stdout.contains("+5시간"), "measured from 뉴욕: \(show.stdout)")
        #expect(show.stderr.contains("\(home.file):2: UTF-8"), "\(show.stderr)")
        let add = try home.run(["add", "파리"] + bundled)
        #expect(add.status == 3, "\(add.stderr)")
        #expect(home.bytes == bytes)
    }
}
