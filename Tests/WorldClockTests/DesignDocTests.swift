import Foundation
import Testing

/// docs/design.md is the map a newcomer reads first: it names every target Package.swift declares.
@Suite("The design page names every target")
struct DesignDocTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The names of Package.swift's targets (`.target(name:`, `.executableTarget(name:`, …).
    static let targets: [String] = {
        let manifest = (try? String(contentsOf: root.appending(path: "Package.swift"), encoding: .utf8)) ?? ""
        let pattern = #/\.(?:target|executableTarget|systemLibrary|plugin)\(\s*name:\s*"([^"]+)"/#
        return manifest.matches(of: pattern).map { String($0.output.1) }
    }()

    @Test("Package.swift reads, with its product modules among its targets")
    func manifestReads() {
        #expect(Self.targets.count >= 20, "\(Self.targets)")
        #expect(Self.targets.contains("WorldClockKit") && Self.targets.contains("worldclock-server"))
    }

    @Test("each target is named in docs/design.md, in a table row or the module graph", arguments: targets)
    func named(target: String) throws {
        let design = try String(contentsOf: Self.root.appending(path: "docs/design.md"), encoding: .utf8)
        #expect(design.contains("`\(target)`") || design.contains(" \(target) "), "\(target) is missing from docs/design.md")
    }
}
