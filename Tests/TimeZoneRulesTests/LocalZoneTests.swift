import Foundation
import Testing

@testable import TimeZoneRules

/// The machine's zone and the files behind it, read without Foundation.
@Suite("The machine's zone, read as the C library reads it")
struct LocalZoneTests {
    static let cases: [(tz: String?, localtime: String?, timezoneFile: String?, expected: [String])] = [
        (":Asia/Seoul", "/usr/share/zoneinfo/Europe/Paris", "Asia/Tokyo", ["Asia/Seoul", "Europe/Paris", "Asia/Tokyo"]),
        ("/usr/share/zoneinfo/America/New_York", nil, nil, ["America/New_York"]),
        ("", "../usr/share/zoneinfo/Etc/UTC", "", ["Etc/UTC"]),
        (nil, "/usr/share/zoneinfo-posix/Asia/Seoul", nil, ["Asia/Seoul"]),
        ("KST-9", nil, "Asia/Seoul", ["KST-9", "Asia/Seoul"]),  // a POSIX rule: the caller skips what its tzdata lacks
    ]

    @Test("TZ, then /etc/localtime's target, then /etc/timezone, each as a zone id", arguments: cases)
    func candidates(tz: String?, localtime: String?, timezoneFile: String?, expected: [String]) {
        #expect(LocalZone.candidates(tz: tz, localtime: localtime, timezoneFile: timezoneFile) == expected)
    }

    @Test(
        "a POSIX TZ string states rules for all time, read by the footer's reader",
        arguments: [
            ("KST-9", Int64(1_784_116_800), 32_400, "KST"), ("EST5EDT,M3.2.0,M11.1.0", 1_784_116_800, -14_400, "EDT"),
            ("EST5EDT,M3.2.0,M11.1.0", 1_768_478_400, -18_000, "EST"), ("<+0530>-5:30", 0, 19_800, "+0530"),
        ])
    func posixRules(tz: String, at: Int64, offset: Int, abbreviation: String) throws {
        let rules = try #require(LocalZone.posixRules(tz: tz))
        #expect(rules.period(at: at).utcOffset == offset)
        #expect(rules.period(at: at).abbreviation == abbreviation)
    }

    @Test("TZ that is no POSIX string, or names a file (:), states no rules", arguments: [nil, "", ":KST-9", "Asia/Seoul", "KST", "KST-9x"])
    func noPOSIXRules(tz: String?) {
        #expect(LocalZone.posixRules(tz: tz) == nil)
    }

    @Test("a file's bytes up to a limit; a directory or a missing file is nil")
    func files() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("systemfile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("f").path
        let bytes = (0..<40_000).map { UInt8(truncatingIfNeeded: $0) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect(SystemFile.read(path) == bytes)
        #expect(SystemFile.read(path, limit: 100) == Array(bytes.prefix(100)))
        #expect(SystemFile.read(directory.path) == nil)
        #expect(SystemFile.read(path + "-missing") == nil)
        try Data("2026f\nsecond\n".utf8).write(to: URL(fileURLWithPath: path))
        #expect(SystemFile.firstLine(of: path) == "2026f")
        let link = directory.appendingPathComponent("l").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/usr/share/zoneinfo/Asia/Seoul")
        #expect(SystemFile.link(link) == "/usr/share/zoneinfo/Asia/Seoul")
        #expect(SystemFile.link(path) == nil)
    }
}
