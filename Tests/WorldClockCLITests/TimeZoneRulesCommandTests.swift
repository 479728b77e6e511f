import Foundation
import HangulCollation
import Testing

/// `Data/tzdata/zoneinfo` in the repository.
private let bundledZoneinfo = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Data/tzdata/zoneinfo")

@Suite("Time-zone rules on the command line")
struct TimeZoneRulesCommandTests {
    @Test("Vancouver shows today's rule (UTC−7 MST, tzdata 2026f), not Foundation's 2025b PST")
    func vancouver() throws {
        let result = try CommandRunner.run(["show", "America/Vancouver", "--at", "2026-11-23T12:00:00Z", "--tzdata", "bundled", "--json"])
        #expect(result.status == 0)
        let places = try #require(result.json as? [[String: Any]])
        let time = try #require(places.first?["time"] as? [String: Any])
        #expect(time["utc_offset_seconds"] as? Int == -7 * 3600)
        #expect(time["abbreviation"] as? String == "MST")
        #expect(time["dst"] as? Bool == false)
    }

    @Test("The feed carries each zone's transitions for the coming year, and says which tzdata gave them")
    func feedTransitions() throws {
        let result = try CommandRunner.run(["feed", "--at", "2026-11-23T12:00:00Z", "--tzdata", "bundled"])
        #expect(result.status == 0)
        let feed = try #require(result.json as? [String: Any])
        let transitions = try #require(feed["transitions"] as? [String: [[String: Any]]])
        #expect(transitions["America/New_York"]?.map { $0["at"] as? String } == ["2027-03-14T07:00:00Z", "2027-11-07T06:00:00Z"])
        #expect(transitions["America/Vancouver"]?.isEmpty == true)
        #expect(transitions.count == (feed["meta"] as? [String: Any])?["zone_count"] as? Int)
        #expect(feed["transitions_until"] as? String == "2027-11-23T12:00:00Z")
        let meta = try #require(feed["meta"] as? [String: Any])
        #expect(meta["tzdata_version"] as? String == "2026f")
        #expect(meta["tzdata_source"] as? String == "bundled")
    }

    @Test("An older tzdata named with --tzdata is used as asked, with a warning on stderr")
    func olderDirectoryWarns() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("old-zoneinfo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("Asia"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.copyItem(at: bundledZoneinfo.appendingPathComponent("Etc/UTC"), to: directory.appendingPathComponent("UTC"))
        try FileManager.default.copyItem(at: bundledZoneinfo.appendingPathComponent("Asia/Seoul"), to: directory.appendingPathComponent("Asia/Seoul"))
        try Data("# version 2020a\n".utf8).write(to: directory.appendingPathComponent("tzdata.zi"))
        let result = try CommandRunner.run(["show", "서울", "--tzdata", directory.path, "--json"])
        #expect(result.status == 0)
        #expect(result.stderr.contains("경고"))
        #expect(result.stderr.contains("2020a"))
        let doctor = try CommandRunner.run(["doctor", "--json", "--tzdata", directory.path])
        let report = try #require(doctor.json as? [String: Any])
        #expect((report["in_use"] as? [String: Any])?["version"] as? String == "2020a")
        #expect((report["warning"] as? String)?.contains("older than the bundled 2026f") == true)
    }

    @Test("doctor warns of a zone whose file in the tzdata in use is corrupt, answered by the bundled rules")
    func doctorCorruptZone() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("corrupt-zoneinfo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("Asia"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.copyItem(at: bundledZoneinfo.appendingPathComponent("Etc/UTC"), to: directory.appendingPathComponent("UTC"))
        try Data("# version 2099a\n".utf8).write(to: directory.appendingPathComponent("tzdata.zi"))
        try Data("TZif2 cut short".utf8).write(to: directory.appendingPathComponent("Asia/Seoul"))
        let json = try CommandRunner.run(["doctor", "--json", "--tzdata", directory.path])
        #expect(json.status == 0)
        let report = try #require(json.json as? [String: Any])
        let fallbacks = try #require(report["fallbacks"] as? [[String: Any]])
        #expect(fallbacks.map { $0["zone"] as? String } == ["Asia/Seoul"])
        let text = try CommandRunner.run(["doctor", "--tzdata", directory.path])
        #expect(text.stdout.contains("경고: Asia/Seoul: TZif 파일을 쓸 수 없어"), "\(text.stdout)")
        let bundled = try CommandRunner.run(["doctor", "--json", "--tzdata", "bundled"])
        #expect(((bundled.json as? [String: Any])?["fallbacks"] as? [Any])?.isEmpty == true)
    }

    @Test("--tzdata naming no zoneinfo is a usage error that names the directory")
    func badDirectory() throws {
        let result = try CommandRunner.run(["list", "--section", "ㄱ", "--tzdata", "/nonexistent/zoneinfo"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("/nonexistent/zoneinfo"))
    }

    @Test("doctor names the rules in use, every place looked at, and ICU's own version (the CLI links no Foundation)")
    func doctor() throws {
        // The in-use line must name what was chosen: the bundled copy is always among the places
        // looked at, so only the first line can tell that it is the one in use.
        let text = try CommandRunner.run(["doctor", "--tzdata", "bundled"])
        #expect(text.status == 0)
        let lines = text.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "시각 계산에 쓰는 규칙: tzdata 2026f (bundled)", "\(text.stdout)")
        #expect(lines.contains { $0.contains("bundled") && $0.contains("사용 중") }, "\(text.stdout)")
        // A directory named with --tzdata is what the first line names, not the machine's choice.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("newer-zoneinfo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.copyItem(at: bundledZoneinfo.appendingPathComponent("Etc/UTC"), to: directory.appendingPathComponent("UTC"))
        try Data("# version 2099a\n".utf8).write(to: directory.appendingPathComponent("tzdata.zi"))
        let named = try CommandRunner.run(["doctor", "--tzdata", directory.path])
        #expect(
            named.stdout.split(separator: "\n").first.map(String.init) == "시각 계산에 쓰는 규칙: tzdata 2099a (--tzdata \(directory.path))", "\(named.stdout)"
        )
        // The CLI links no Foundation (FoundationEssentials only), so it has no Foundation rules to list.
        #expect(!text.stdout.contains("Foundation"))
        #expect(text.stdout.contains("ICU \(ICUInfo.version)  "), "\(text.stdout)")
        let json = try CommandRunner.run(["doctor", "--json", "--tzdata", "bundled"])
        let report = try #require(json.json as? [String: Any])
        #expect((report["in_use"] as? [String: Any])?["source"] as? String == "bundled")
        #expect((report["in_use"] as? [String: Any])?["version"] as? String == "2026f")
        #expect(report["foundation_tzdata_version"] == nil)
        #expect((report["icu_tzdata_version"] as? String)?.isEmpty == false)
        #expect(report["icu_version"] as? String == ICUInfo.version)
    }
}
