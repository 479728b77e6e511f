import Foundation
import Testing

/// Issue 13 at the command line: the library's limits and parsers reach the CLI unchanged.
@Suite("worldclock: strict input (issue 13)")
struct HardeningCommandTests {
    @Test("search refuses f + 336 combining accents (one character, 337 code points) as a usage error")
    func combiningMarks() throws {
        let result = try CommandRunner.run(["search", "f" + String(repeating: "\u{301}", count: 336) + "x"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("100"))
    }

    /// `show` takes `--at` (`sections` does not: there every case would fail as an unknown option
    /// and say nothing of the parser), and the error carries the parser's reason.
    @Test(
        "--at: junk after it, impossible dates and unknown zone letters are usage errors that say why, in Korean",
        arguments: [
            ("2026-07-15T12:00:00Zjunk", "ZJUNK는 기준 시간대"),
            ("2026-02-30T12:00:00Z", "2026년 2월은 28일까지입니다"),
            ("2026-07-15T21:00:00+09:00:00", #"":": 여기에 올 수 없습니다"#),
        ])
    func strictAt(at: String, reason: String) throws {
        let result = try CommandRunner.run(["show", "서울", "--at", at, "--tzdata", "bundled"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--at"), "\(result.stderr)")
        // Usage errors are wrapped to the terminal's width: compare with the line breaks undone.
        #expect(result.stderr.split(whereSeparator: \.isWhitespace).joined(separator: " ").contains(reason), "\(result.stderr)")
        #expect(try CommandRunner.run(["show", "서울", "--at", "2026-07-15T12:00:00Z", "--tzdata", "bundled"]).status == 0)
    }

    @Test("--at with an offset without a colon (+0900) is the same instant as +09:00")
    func compactOffset() throws {
        let compact = try CommandRunner.run(["show", "서울", "--at", "2026-07-15T21:00:00+0900", "--tzdata", "bundled"])
        let colon = try CommandRunner.run(["show", "서울", "--at", "2026-07-15T21:00:00+09:00", "--tzdata", "bundled"])
        #expect(compact.status == 0)
        #expect(compact.stdout == colon.stdout)
        #expect(compact.stdout.contains("오후 9:00"))
    }

    @Test("--at before 1582 is proleptic Gregorian")
    func earlyAt() throws {
        let result = try CommandRunner.run(["feed", "--at", "0001-01-01T00:00:00Z", "--tzdata", "bundled"])
        #expect(result.status == 0)
        #expect(((result.json as? [String: Any])?["at"] as? String) == "0001-01-01T00:00:00Z")
    }

    @Test("--data with a binary file is a data error saying it is not UTF-8, not \"CRLF\"")
    func binaryTable() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("worldclock-binary-\(UUID())")
        try Data([0x7F, 0x45, 0x4C, 0x46, 0x0D, 0x0A, 0x00, 0xFF, 0xFE, 0x0A]).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try CommandRunner.run(["list", "--data", file.path])
        #expect(result.status == 3)
        #expect(result.stderr.contains("\(file.path):2:"))
        #expect(result.stderr.contains("UTF-8"))
        #expect(!result.stderr.contains("CRLF"))
    }
}
