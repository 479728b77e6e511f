import Foundation
import HangulCollation
import Testing

@testable import WorldClockCLI

/// A fresh directory under the temporary one, removed by the caller.
private func temporaryDirectory(_ name: String) throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("worldclock-\(name)-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
}

/// Failures that once passed without a word: each is now said, and these tests hold it.
@Suite("Surfaced failures: no local zone, ICU that does not load")
struct SurfacedFailureTests {
    static let warning = "이 컴퓨터의 시간대를 알 수 없어"

    @Test("no TZ and no readable localtime or timezone: one Korean warning that UTC is the reference, and doctor says so")
    func noLocalZone() throws {
        let etc = try temporaryDirectory("etc")
        defer { try? FileManager.default.removeItem(at: etc) }
        let environment = ["TZ": "", "WORLDCLOCK_ETC": etc.path]
        let list = try CommandRunner.run(["list", "--section", "ㄱ", "--at", "2026-07-15T12:00:00Z", "--tzdata", "bundled"], environment: environment)
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stderr.components(separatedBy: Self.warning).count == 2, "warned once: \(list.stderr)")
        #expect(list.stderr.contains("\(etc.path)/localtime도"), "\(list.stderr)")
        #expect(list.stderr.contains("UTC 기준으로 보여 줍니다"), "\(list.stderr)")
        // --json is quiet on stderr: the JSON alone is the answer.
        let json = try CommandRunner.run(["list", "--section", "ㄱ", "--json", "--tzdata", "bundled"], environment: environment)
        #expect(json.status == 0 && json.stderr.isEmpty, "\(json.stderr)")

        let doctor = try CommandRunner.run(["doctor", "--tzdata", "bundled"], environment: environment)
        #expect(doctor.status == 0)
        #expect(doctor.stdout.contains("이 컴퓨터의 시간대: 없음(UTC를 기준으로 씁니다)"), "\(doctor.stdout)")
        #expect(doctor.stdout.contains(Self.warning), "\(doctor.stdout)")
        let report = try #require(
            try CommandRunner.run(["doctor", "--json", "--tzdata", "bundled"], environment: environment).json as? [String: Any])
        #expect(report["local_zone"] == nil)
    }

    @Test(
        "a localtime link or a timezone file in WORLDCLOCK_ETC is the machine's zone: no warning, and doctor names it",
        arguments: [("localtime", "Asia/Tokyo"), ("timezone", "Europe/Paris")])
    func localZoneFromFiles(file: String, zone: String) throws {
        let etc = try temporaryDirectory("etc")
        defer { try? FileManager.default.removeItem(at: etc) }
        let path = etc.appendingPathComponent(file).path
        if file == "localtime" {
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/usr/share/zoneinfo/" + zone)
        } else {
            try Data((zone + "\n").utf8).write(to: URL(fileURLWithPath: path))
        }
        let environment = ["TZ": "", "WORLDCLOCK_ETC": etc.path]
        let list = try CommandRunner.run(["list", "--section", "ㄱ", "--at", "2026-07-15T12:00:00Z", "--tzdata", "bundled"], environment: environment)
        #expect(list.status == 0)
        #expect(!list.stderr.contains(Self.warning), "\(list.stderr)")
        let doctor = try CommandRunner.run(["doctor", "--tzdata", "bundled"], environment: environment)
        #expect(doctor.stdout.contains("이 컴퓨터의 시간대: \(zone)"), "\(doctor.stdout)")
        #expect(!doctor.stdout.contains(Self.warning), "\(doctor.stdout)")
        let report = try #require(
            try CommandRunner.run(["doctor", "--json", "--tzdata", "bundled"], environment: environment).json as? [String: Any])
        #expect(report["local_zone"] as? String == zone)
    }

    /// A table ICU sorts into ㅅ and B when it loads; without ICU nothing may land under `#`.
    static let table =
        "name\tcountry\tcountry_code\tzone\tenglish\taliases\n서울\t대한민국\tKR\tAsia/Seoul\tSeoul\t\n베를린\t독일\tDE\tEurope/Berlin\tBerlin\t\n"

    @Test(
        """
        ICU that cannot be loaded: --data is the machine's failure (4) naming ICU and the package to install, in text and JSON, and no name is \
        filed under #
        """,
        arguments: [["sections"], ["list", "--tzdata", "bundled"], ["search", "서울", "--tzdata", "bundled"]])
    func icuNotLoadable(command: [String]) throws {
        let directory = try temporaryDirectory("icu")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("zones.tsv")
        try Data(Self.table.utf8).write(to: file)
        // ICU loads from this machine: the same table is fine, filed under ㅂ and ㅅ.
        let loaded = try CommandRunner.run(["sections", "--data", file.path])
        #expect(loaded.status == 0, "\(loaded.stderr)")
        #expect(loaded.stdout.hasPrefix("ㅂ") && loaded.stdout.contains("\nㅅ") && !loaded.stdout.contains("#"), "\(loaded.stdout)")

        let noICU = ["WORLDCLOCK_ICU_DIR": directory.path]  // a directory without libicuuc.so.72
        let text = try CommandRunner.run(command + ["--data", file.path], environment: noICU)
        #expect(text.status == 4, "\(text.stderr)")
        #expect(text.stdout.isEmpty, "\(text.stdout)")
        #expect(text.stderr.hasPrefix("worldclock: --data로 준 표를 정렬하려면 시스템 ICU가 필요한데 불러오지 못했습니다("), "\(text.stderr)")
        #expect(text.stderr.contains("ICU could not be loaded: \(directory.path)/libicuuc.so.72"), "\(text.stderr)")
        #expect(text.stderr.contains("apt install libicu72"), "\(text.stderr)")
        let json = try CommandRunner.run(command + ["--data", file.path, "--json"], environment: noICU)
        #expect(json.status == 4)
        #expect(((json.json as? [String: Any])?["error"] as? [String: Any])?["code"] as? String == "io", "\(json.stdout)")
        #expect(!json.stdout.contains("\"#\""), "\(json.stdout)")
    }

    /// Scripts/release/package's fully static binaries cannot load ICU at all; their checks run this path
    /// on the built binary (Scripts/release/package-check), this test the words it says.
    @Test("a static executable's --data says it needs the system ICU and names the package")
    func icuInStaticExecutable() throws {
        let message = try #require(TableOptions.icuUnavailable(.staticExecutable))
        #expect(message.hasPrefix("--data로 준 표를 정렬하려면 시스템 ICU가 필요한데"), "\(message)")
        #expect(message.contains("정적으로 링크된") && message.contains("libicu72"), "\(message)")
        #expect(TableOptions.icuUnavailable(.loaded) == nil)
    }

    @Test("the bundled catalogue needs no ICU: it was sorted when compiled")
    func bundledWithoutICU() throws {
        let result = try CommandRunner.run(
            ["list", "--section", "ㅅ", "--at", "2026-07-15T12:00:00Z", "--tzdata", "bundled"], environment: ["WORLDCLOCK_ICU_DIR": "/nonexistent"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("서울"))
    }
}
