import Foundation
import Testing

/// docs/design.md is the map a newcomer reads first: a row of its tables for every target
/// Package.swift declares, test targets included, and no row for a target that is gone.
@Suite("The design page names every target")
struct DesignDocTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The names of Package.swift's targets (`.target(name:`, `.testTarget(name:`, …), each kind.
    static let targets: [String] = {
        let manifest = (try? String(contentsOf: root.appending(path: "Package.swift"), encoding: .utf8)) ?? ""
        let pattern = #/\.(?:target|executableTarget|testTarget|systemLibrary|binaryTarget|plugin|macro)\(\s*name:\s*"([^"]+)"/#
        return manifest.matches(of: pattern).map { String($0.output.1) }
    }()

    /// The first cell of every table row of docs/design.md whose cell is one name in backquotes.
    static let rows: [String] = {
        let design = (try? String(contentsOf: root.appending(path: "docs/design.md"), encoding: .utf8)) ?? ""
        return design.split(separator: "\n").compactMap { line in
            line.firstMatch(of: #/^\| `([^`/ ]+)` \|/#).map { String($0.output.1) }
        }
    }()

    @Test("Package.swift reads, with its product modules and its test targets among its targets")
    func manifestReads() {
        #expect(Self.targets.count >= 30, "\(Self.targets)")
        #expect(Self.targets.contains("WorldClockKit") && Self.targets.contains("worldclock-server"))
        #expect(Self.targets.contains("WorldClockKitTests") && Self.targets.contains("TestSupport"))
    }

    @Test("each target has a row of its own in one of docs/design.md's tables", arguments: targets)
    func named(target: String) {
        #expect(Self.rows.contains(target), "\(target) has no row in docs/design.md's tables")
    }

    @Test("each row of docs/design.md's module and test tables is a target Package.swift declares")
    func noStaleRow() {
        let stale = Self.rows.filter { !Self.targets.contains($0) }
        #expect(stale.isEmpty, "rows for targets Package.swift no longer declares: \(stale)")
    }
}
