import Foundation
import Testing

/// `Data/tzdata/zoneinfo` in the repository.
private let bundledZoneinfo = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Data/tzdata/zoneinfo")

/// A `--data` table's zone ids are checked against the rules the times come from (`--tzdata`),
/// not against whatever tzdata the machine would choose by itself.
@Suite("--data zones are checked against the tzdata in use")
struct TZDataInUseTests {
    static let table =
        "name\tcountry\tcountry_code\tzone\tenglish\taliases\n서울\t대한민국\tKR\tAsia/Seoul\tSeoul\t\n뉴랜드\t뉴랜드\tNL\tTest/Newland\tNewland\t\n"

    /// A zoneinfo directory (tzdata "2099a") that has a zone no real tzdata has, Test/Newland (Seoul's rules).
    static func newerTZData() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("newland-\(UUID())")
        for folder in ["Test", "Asia"] {
            try FileManager.default.createDirectory(at: directory.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try FileManager.default.copyItem(at: bundledZoneinfo.appendingPathComponent("Etc/UTC"), to: directory.appendingPathComponent("UTC"))
        try FileManager.default.copyItem(at: bundledZoneinfo.appendingPathComponent("Asia/Seoul"), to: directory.appendingPathComponent("Asia/Seoul"))
        try FileManager.default.copyItem(
            at: bundledZoneinfo.appendingPathComponent("Asia/Seoul"), to: directory.appendingPathComponent("Test/Newland"))
        try Data("# version 2099a\n".utf8).write(to: directory.appendingPathComponent("tzdata.zi"))
        try Data(table.utf8).write(to: directory.appendingPathComponent("zones.tsv"))
        return directory
    }

    @Test("a zone only --tzdata has is accepted, and shown with its time", arguments: [["list"], ["show", "뉴랜드"], ["feed"]])
    func zoneOfTZDataInUse(command: [String]) throws {
        let directory = try Self.newerTZData()
        defer { try? FileManager.default.removeItem(at: directory) }
        let table = directory.appendingPathComponent("zones.tsv").path
        let result = try CommandRunner.run(
            command + ["--data", table, "--tzdata", directory.path, "--at", "2026-07-15T12:00:00Z"] + (command[0] == "feed" ? [] : ["--json"]))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Test/Newland"), "\(result.stdout)")
        // Seoul's rules under the new id: pretty (list, show) or compact (feed) JSON.
        #expect(result.stdout.replacingOccurrences(of: " ", with: "").contains("\"utc_offset_seconds\":32400"), "\(result.stdout)")
    }

    @Test("a zone the tzdata in use lacks is refused (3, file:line), even when TZDIR has it")
    func zoneOnlyElsewhere() throws {
        let directory = try Self.newerTZData()
        defer { try? FileManager.default.removeItem(at: directory) }
        let table = directory.appendingPathComponent("zones.tsv").path
        let result = try CommandRunner.run(
            ["list", "--data", table, "--tzdata", "bundled", "--at", "2026-07-15T12:00:00Z"], environment: ["TZDIR": directory.path])
        #expect(result.status == 3, "\(result.stdout)")
        #expect(result.stderr.contains("\(table):3: 알 수 없는 시간대 \"Test/Newland\""), "\(result.stderr)")
        #expect(result.stdout.isEmpty, "\(result.stdout)")
    }

    @Test("--from takes a zone id the tzdata in use has though no place keeps its clock; one it lacks is a usage error")
    func fromZoneOfTZData() throws {
        let at = ["--at", "2026-07-15T12:00:00Z"]
        // Gaborone (UTC+2) against Etc/GMT-14 (UTC+14): twelve hours behind, the day before.
        let gmt = try CommandRunner.run(["list", "--section", "ㄱ", "--from", "Etc/GMT-14", "--tzdata", "bundled"] + at)
        #expect(gmt.status == 0, "\(gmt.stderr)")
        #expect(
            gmt.stdout.split(separator: "\n").contains { $0.contains("가보로네") && $0.contains("어제") && $0.contains("\u{2212}12시간") }, "\(gmt.stdout)")

        let directory = try Self.newerTZData()
        defer { try? FileManager.default.removeItem(at: directory) }
        let newland = try CommandRunner.run(["list", "--section", "ㄱ", "--from", "Test/Newland", "--tzdata", directory.path] + at)
        #expect(newland.status == 0, "\(newland.stderr)")
        #expect(newland.stdout.split(separator: "\n").contains { $0.contains("가보로네") && $0.contains("\u{2212}7시간") }, "\(newland.stdout)")
        let bundled = try CommandRunner.run(["list", "--section", "ㄱ", "--from", "Test/Newland", "--tzdata", "bundled"] + at)
        #expect(bundled.status == 2, "\(bundled.stderr)")
        #expect(bundled.stderr.contains("--from"), "\(bundled.stderr)")
    }
}
