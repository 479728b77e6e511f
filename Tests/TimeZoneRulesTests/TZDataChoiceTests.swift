import Foundation
import Testing

@testable import TimeZoneRules

/// A zoneinfo directory in a temporary folder: UTC, a Vancouver whose rules say "XXX" (to tell which
/// copy answered), and a tzdata.zi stating `version` when given.
private struct FakeZoneinfo: ~Copyable {
    let path: String

    init(version: String?, vancouverFooter: String = "XXX8") throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("zoneinfo-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path + "/America", withIntermediateDirectories: true)
        try Data(try zoneBytes("Etc/UTC")).write(to: URL(fileURLWithPath: path + "/UTC"))
        try tzifFile(types: [(-8 * 3600, false, 0)], designations: "XXX\0", footer: vancouverFooter)
            .write(to: URL(fileURLWithPath: path + "/America/Vancouver"))
        if let version {
            try Data("# version \(version)\n# redo posix_only\nL America/Vancouver Canada/Pacific\n".utf8)
                .write(to: URL(fileURLWithPath: path + "/tzdata.zi"))
        }
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}

@Suite("Choosing the tzdata")
struct TZDataChoiceTests {
    let noEnvironment: [String: String] = [:]

    @Test("An older system tzdata loses to the bundled copy, with a warning")
    func olderSystemLoses() throws {
        let system = try FakeZoneinfo(version: "2025b")
        let choice = try TZDataChoice.choose(option: nil, environment: noEnvironment, systemDirectories: [system.path])
        #expect(choice.database.source == .bundled)
        #expect(choice.warning == .systemOlder(.system(directory: system.path), TZDataVersion("2025b"), bundled: TZDataVersion("2026f")))
        #expect(choice.candidates.map(\.version) == [TZDataVersion("2025b"), TZDataVersion("2026f")])
        #expect(choice.database.rules(for: "America/Vancouver")?.period(at: 1_800_000_000).abbreviation == "MST")
    }

    @Test("A newer system tzdata wins, without a warning, and answers for the zones it has")
    func newerSystemWins() throws {
        let system = try FakeZoneinfo(version: "2099a")
        let choice = try TZDataChoice.choose(option: nil, environment: noEnvironment, systemDirectories: ["/nonexistent", system.path])
        #expect(choice.database.source == .system(directory: system.path))
        #expect(choice.database.version == TZDataVersion("2099a"))
        #expect(choice.warning == nil)
        #expect(choice.candidates.map(\.exists) == [false, true, true])
        #expect(choice.database.rules(for: "America/Vancouver")?.period(at: 1_800_000_000).abbreviation == "XXX")
        // A zone the directory lacks comes from the bundled copy rather than going without a time.
        #expect(choice.database.rules(for: "Asia/Seoul")?.period(at: 1_800_000_000).abbreviation == "KST")
        // Its tzdata.zi's links, and the bundled ones for what it lacks.
        #expect(choice.database.links["Canada/Pacific"] == "America/Vancouver")
        #expect(choice.database.links["Asia/Calcutta"] == "Asia/Kolkata")
        #expect(choice.database.aliases(of: "America/Vancouver").contains("Canada/Pacific"))
    }

    @Test(
        "tzdata.zi's link lines are read, anything else is passed over, and an alias linked twice takes the last line",
        arguments: [
            ("L America/Vancouver Canada/Pacific\n", "Canada/Pacific", "America/Vancouver"),
            ("# version 2099a\nZ Etc/UTC 0 - UTC\nL Etc/UTC Test/Last", "Test/Last", "Etc/UTC"),  // no final newline
            ("L Etc/UTC Test/Three words\n", "Test/Three", nil),
            ("L Etc/UTC\n", "Etc/UTC", nil),
            ("L  Etc/UTC Test/Gap\n", "Test/Gap", nil),
            ("l Etc/UTC Test/Lower\nR Etc/UTC Test/Rule\n", "Test/Lower", nil),
            ("", "Asia/Calcutta", nil),
            ("L Asia/Kolkata Asia/Calcutta\nL B/B A/A\nL Etc/UTC Asia/Calcutta\nL C/C Z/Z\n", "Asia/Calcutta", "Etc/UTC"),
            ("L Asia/Kolkata Asia/Calcutta\nL B/B A/A\nL Etc/UTC Asia/Calcutta\nL C/C Z/Z\n", "A/A", "B/B"),
            ("L Asia/Kolkata Asia/Calcutta\nL B/B A/A\nL Etc/UTC Asia/Calcutta\nL C/C Z/Z\n", "Z/Z", "C/C"),
        ] as [(String, String, String?)])
    func ziLinks(zi: String, alias: String, target: String?) {
        let table = LinkTable(zi: Array(zi.utf8))
        #expect(table.target(of: alias) == target)
        #expect(table.dictionary[alias] == target)
        // Read backwards, the alias is under its target and under no other (the overruled line's).
        for other in ["Asia/Kolkata", "Etc/UTC", "America/Vancouver", "B/B", "C/C"] {
            #expect(table.aliases(of: other).contains(alias) == (other == target), "\(alias) under \(other)")
        }
    }

    @Test("The ids linking to a zone, read backwards from the links: every alias of Etc/UTC, and none of a zone without links")
    func aliasesOfZone() {
        #expect(TZDatabase.bundled.aliases(of: "Etc/UTC") == ["Etc/UCT", "Etc/Universal", "Etc/Zulu", "UCT", "UTC", "Universal", "Zulu"])
        #expect(TZDatabase.bundled.aliases(of: "Asia/Kolkata") == ["Asia/Calcutta"])
        #expect(TZDatabase.bundled.aliases(of: "Asia/Calcutta") == [])
        #expect(TZDatabase.bundled.aliases(of: "") == [])
    }

    @Test("The bundled links read in place are the lines of links.tsv, every one")
    func bundledLinkTable() {
        let lines = BundledTZData.links.split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
        let expected = Dictionary(uniqueKeysWithValues: lines.map { ($0[0], $0[1]) })
        #expect(expected.count > 200)
        #expect(BundledZones.shared.links.dictionary == expected)
        for (alias, target) in expected { #expect(BundledZones.shared.links.target(of: alias) == target, "\(alias)") }
        #expect(BundledZones.shared.links.target(of: "Asia/Seoul") == nil)
        #expect(BundledZones.shared.links.target(of: "") == nil)
    }

    @Test("A corrupt zone file is answered by the bundled copy and recorded; a missing one only falls back")
    func corruptZoneRecorded() throws {
        let system = try FakeZoneinfo(version: "2099a")
        try FileManager.default.createDirectory(atPath: system.path + "/Asia", withIntermediateDirectories: true)
        try Data("not a TZif file".utf8).write(to: URL(fileURLWithPath: system.path + "/Asia/Seoul"))
        let choice = try TZDataChoice.choose(option: nil, environment: noEnvironment, systemDirectories: [system.path])
        #expect(choice.database.fallbacks.isEmpty)
        #expect(choice.database.rules(for: "Asia/Seoul")?.period(at: 1_800_000_000).abbreviation == "KST")
        #expect(choice.database.rules(for: "Europe/Paris")?.period(at: 1_800_000_000).abbreviation == "CET")
        #expect(choice.database.fallbacks == [TZDataFallback(zoneID: "Asia/Seoul", source: .system(directory: system.path), error: .badMagic)])
        #expect(choice.database.fallbacks.first?.description.contains("Asia/Seoul") == true)
    }

    @Test("A system tzdata that states no version is not trusted over the bundled copy")
    func unversionedSystem() throws {
        let system = try FakeZoneinfo(version: nil)
        let choice = try TZDataChoice.choose(option: nil, environment: noEnvironment, systemDirectories: [system.path])
        #expect(choice.database.source == .bundled)
        #expect(choice.warning == .systemOlder(.system(directory: system.path), nil, bundled: TZDataVersion("2026f")))
    }

    @Test("Without any system tzdata the bundled copy is used, with a warning naming where it looked")
    func noSystemTZData() throws {
        let choice = try TZDataChoice.choose(option: nil, environment: noEnvironment, systemDirectories: ["/nonexistent/a", "/nonexistent/b"])
        #expect(choice.database.source == .bundled)
        #expect(choice.warning == .noSystemTZData(searched: ["/nonexistent/a", "/nonexistent/b"]))
    }

    @Test("TZDIR wins over the system and the bundled copy, even when older, and says so")
    func environmentWins() throws {
        let older = try FakeZoneinfo(version: "2020a")
        let newer = try FakeZoneinfo(version: "2099a")
        let choice = try TZDataChoice.choose(option: nil, environment: ["TZDIR": older.path], systemDirectories: [newer.path])
        #expect(choice.database.source == .environment(directory: older.path))
        #expect(choice.warning == .explicitOlder(.environment(directory: older.path), TZDataVersion("2020a"), bundled: TZDataVersion("2026f")))
    }

    @Test("A TZDIR without zoneinfo is ignored with a warning")
    func badEnvironment() throws {
        let system = try FakeZoneinfo(version: "2099a")
        let choice = try TZDataChoice.choose(option: nil, environment: ["TZDIR": "/nonexistent"], systemDirectories: [system.path])
        #expect(choice.database.source == .system(directory: system.path))
        #expect(choice.warning == .environmentNotZoneinfo("/nonexistent"))
    }

    @Test("--tzdata wins over TZDIR; a directory without zoneinfo is an error that names it")
    func optionWins() throws {
        let option = try FakeZoneinfo(version: "2099a")
        let choice = try TZDataChoice.choose(option: option.path, environment: ["TZDIR": "/nonexistent"], systemDirectories: [])
        #expect(choice.database.source == .option(directory: option.path))
        #expect(choice.warning == nil)
        #expect(throws: TZDataError.notZoneinfo("/nonexistent")) {
            try TZDataChoice.choose(option: "/nonexistent", environment: noEnvironment, systemDirectories: [])
        }
        #expect(TZDataError.notZoneinfo("/x").description.contains("/x"))
    }

    @Test("--tzdata bundled names the compiled-in copy, whatever TZDIR and the system say")
    func optionBundled() throws {
        let newer = try FakeZoneinfo(version: "2099a")
        let choice = try TZDataChoice.choose(option: "bundled", environment: ["TZDIR": newer.path], systemDirectories: [newer.path])
        #expect(choice.database === TZDatabase.bundled)
        #expect(choice.warning == nil)
    }

    /// The feed's `tzdata_source` and `doctor` print the chosen database's source: each way of
    /// choosing must lead to a source that names how it was chosen and which directory it reads.
    @Test("Each way of choosing names itself and its directory, as the feed's meta prints it")
    func sourceDescriptions() throws {
        let zoneinfo = try FakeZoneinfo(version: "2099a")
        let system = try TZDataChoice.choose(option: nil, environment: noEnvironment, systemDirectories: [zoneinfo.path])
        let environment = try TZDataChoice.choose(option: nil, environment: ["TZDIR": zoneinfo.path], systemDirectories: [])
        let option = try TZDataChoice.choose(option: zoneinfo.path, environment: noEnvironment, systemDirectories: [])
        let bundled = try TZDataChoice.choose(option: "bundled", environment: noEnvironment, systemDirectories: [zoneinfo.path])
        #expect(system.database.source.description == "system \(zoneinfo.path)")
        #expect(environment.database.source.description == "TZDIR \(zoneinfo.path)")
        #expect(option.database.source.description == "--tzdata \(zoneinfo.path)")
        #expect(bundled.database.source.description == "bundled")
    }
}

@Suite("tz release names")
struct TZDataVersionTests {
    @Test(
        "Releases order by year, then letters as tz names them",
        arguments: [
            ("2025b", "2026a"), ("2026a", "2026f"), ("2026f", "2026z"), ("2026z", "2026za"), ("1999z", "2000a"),
        ])
    func order(older: String, newer: String) throws {
        #expect(try #require(TZDataVersion(older)) < (try #require(TZDataVersion(newer))))
    }

    @Test("Anything but four digits and lower-case letters is no release", arguments: ["", "2026", "26f", "2026F", "2026f1", "v2026f", "２０２６f"])
    func invalid(text: String) {
        #expect(TZDataVersion(text) == nil)
    }

    @Test("White space around a release is allowed, as files end with a newline")
    func whiteSpace() {
        #expect(TZDataVersion(" 2026f\n")?.description == "2026f")
    }
}

@Suite("The bundled tzdata copy")
struct BundledTZDataTests {
    /// `Data/tzdata` in the repository.
    static let dataDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Data/tzdata")

    @Test("The compiled-in copy holds exactly the bytes of Data/tzdata (Scripts/ops/update-tzdata writes both)")
    func matchesData() throws {
        let zoneinfo = Self.dataDirectory.appendingPathComponent("zoneinfo")
        let enumerator = try #require(FileManager.default.enumerator(atPath: zoneinfo.path))
        var files: [String] = []
        for case let path as String in enumerator {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: zoneinfo.appendingPathComponent(path).path, isDirectory: &isDirectory),
                !isDirectory.boolValue
            {
                files.append(path)
            }
        }
        #expect(files.sorted() == BundledZones.shared.zoneIDs)
        for zone in files {
            #expect(BundledZones.shared.data(for: zone) == (try Data(contentsOf: zoneinfo.appendingPathComponent(zone))), "\(zone)")
        }
        let links = try String(contentsOf: Self.dataDirectory.appendingPathComponent("links.tsv"), encoding: .utf8)
        #expect(links == BundledTZData.links)
        let version = try String(contentsOf: Self.dataDirectory.appendingPathComponent("VERSION"), encoding: .utf8)
        #expect(version == "\(BundledTZData.version)\t\(BundledTZData.origin)\n")
    }

    @Test("The copy is 2026f with tz's backward links, which resolve to their zones")
    func versionAndLinks() throws {
        #expect(TZDatabase.bundled.version == TZDataVersion("2026f"))
        for (alias, zone) in [
            ("Asia/Calcutta", "Asia/Kolkata"), ("Europe/Kiev", "Europe/Kyiv"), ("America/Godthab", "America/Nuuk"),
            ("US/Eastern", "America/New_York"),
        ] {
            #expect(TZDatabase.bundled.links[alias] == zone)
            #expect(TZDatabase.bundled.followingLinks(alias) == zone)
            #expect(TZDatabase.bundled.rules(for: alias)?.period(at: 1_800_000_000) == TZDatabase.bundled.rules(for: zone)?.period(at: 1_800_000_000))
        }
        #expect(TZDatabase.bundled.followingLinks("Asia/Seoul") == "Asia/Seoul")
        #expect(TZDatabase.bundled.followingLinks("Mars/Olympus_Mons") == "Mars/Olympus_Mons")
        #expect(TZDatabase.bundled.rules(for: "Mars/Olympus_Mons") == nil)
        #expect(TZDatabase.bundled.rules(for: "../../etc/passwd") == nil)
    }
}
