import Foundation
import ServerConfiguration
import Testing
import TimeZoneRules
import WorldClockKit

@testable import WorldClockServer

@Suite("What the server logs about its tzdata")
struct TZDataLogTests {
    /// `Data/tzdata/zoneinfo` in the repository: real TZif files to build a zoneinfo directory from.
    static let bundledZoneinfo = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Data/tzdata/zoneinfo")

    @Test("a corrupt zone file in the tzdata in use is logged as a warning naming the zone, not silently replaced")
    func corruptZoneLogged() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("corrupt-zoneinfo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("Asia"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.copyItem(at: Self.bundledZoneinfo.appendingPathComponent("Etc/UTC"), to: directory.appendingPathComponent("UTC"))
        try Data("# version 2099a\n".utf8).write(to: directory.appendingPathComponent("tzdata.zi"))
        try Data("TZif2 cut short".utf8).write(to: directory.appendingPathComponent("Asia/Seoul"))
        let log = CapturedLog()
        let choice = try TZDataChoice.choose(option: directory.path)
        _ = buildApplication(catalogue: catalogue, tzdata: choice, configuration: FeedServerConfiguration(), logger: log.logger)
        let warnings = log.lines.withLock { $0.filter { $0.hasPrefix("warning") } }
        #expect(warnings.contains { $0.contains("Asia/Seoul") && $0.contains("bundled") }, "\(warnings)")
        // Zones the directory simply lacks (all but UTC here) are no warning each.
        #expect(!warnings.contains { $0.contains("America/New_York") }, "\(warnings)")
    }
}
