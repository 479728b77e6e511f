import Foundation
import Testing

/// docs/design.md is the map a newcomer reads first: a row of its tables for every target
/// Package.swift declares, test targets included, no row for a target that is gone, and a row of
/// its tree for every top-level folder.
@Suite("The design page names every target and folder")
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

    /// The repository's top-level folders (hidden ones, such as `.build` and `.ci`, left out).
    static let folders: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        return names.filter { name in
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: root.appending(path: name).path, isDirectory: &isDirectory)
            return exists && isDirectory.boolValue && !name.hasPrefix(".") && !name.hasPrefix("_")
        }.sorted()
    }()

    @Test("the repository's folders are read, the web app's project among them")
    func foldersRead() {
        #expect(Self.folders.contains("Sources") && Self.folders.contains("Web"), "\(Self.folders)")
    }

    @Test("each top-level folder has a row in docs/design.md's table of the tree", arguments: folders)
    func folderNamed(folder: String) throws {
        let design = try String(contentsOf: Self.root.appending(path: "docs/design.md"), encoding: .utf8)
        let tree = design.components(separatedBy: "## The tree").dropFirst().first?.components(separatedBy: "\n## ").first ?? ""
        #expect(tree.contains("| `\(folder)/") || tree.contains("| `\(folder)` |"), "\(folder)/ has no row in docs/design.md's tree")
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
