import Foundation
import Testing

/// docs/design.md is the map a newcomer reads first: it names every target Package.swift declares
/// and every top-level folder of the tree.
@Suite("The design page names every target and folder")
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

    @Test("each target is named in docs/design.md, in a table row or the module graph", arguments: targets)
    func named(target: String) throws {
        let design = try String(contentsOf: Self.root.appending(path: "docs/design.md"), encoding: .utf8)
        #expect(design.contains("`\(target)`") || design.contains(" \(target) "), "\(target) is missing from docs/design.md")
    }
}
