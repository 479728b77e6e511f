import Foundation
import Testing

/// One ```swift block of a page: where it is and its lines.
struct DocBlock: CustomTestStringConvertible, Sendable {
    let file: String
    let line: Int
    let lines: [String]

    var testDescription: String { "\(file):\(line)" }

    /// UIKit and SwiftUI exist on Apple's systems only: such a block cannot be compiled here.
    var isAppleOnly: Bool { lines.contains { $0 == "import UIKit" || $0 == "import SwiftUI" } }
    /// A fragment of an app's Package.swift, not Swift a target compiles.
    var isManifest: Bool { lines.first?.hasPrefix("dependencies:") == true }
}

/// The Swift code in docs/, the README and the kit's DocC guide is the code of
/// Examples/DocSnippets, which every build compiles: a page whose code no longer builds, or a
/// snippet edited without its page, fails here.
@Suite("The pages' Swift code is compiled")
struct DocSnippetTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func markdownFiles() -> [String] {
        let folders = ["docs", "Sources/WorldClockKit/WorldClockKit.docc"]
        let pages = folders.flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: root.appending(path: folder).path)) ?? [])
                .filter { $0.hasSuffix(".md") }.sorted().map { "\(folder)/\($0)" }
        }
        return ["README.md"] + pages
    }

    static let blocks: [DocBlock] = markdownFiles().flatMap { file -> [DocBlock] in
        guard let text = try? String(contentsOf: root.appending(path: file), encoding: .utf8) else { return [] }
        var blocks: [DocBlock] = []
        var open: (line: Int, lines: [String])?
        for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let current = open {
                if line.trimmingCharacters(in: .whitespaces) == "```" {
                    blocks.append(DocBlock(file: file, line: current.line, lines: current.lines))
                    open = nil
                } else {
                    open = (current.line, current.lines + [String(line)])
                }
            } else if line.trimmingCharacters(in: .whitespaces) == "```swift" {
                open = (offset + 1, [])
            }
        }
        return blocks
    }

    /// The snippet files, each as its lines without their indentation.
    static let snippets: [String: [String]] = {
        let folder = root.appending(path: "Examples/DocSnippets")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return Dictionary(
            uniqueKeysWithValues: names.filter { $0.hasSuffix(".swift") }.map { name in
                let text = (try? String(contentsOf: folder.appending(path: name), encoding: .utf8)) ?? ""
                return (name, text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
            })
    }()

    @Test("the pages hold Swift code, and the snippets folder reads")
    func found() {
        #expect(Self.blocks.count >= 7, "\(Self.blocks.map(\.testDescription))")
        #expect(Self.snippets.count >= 4, "\(Self.snippets.keys.sorted())")
    }

    @Test(
        "every block that builds on Linux is a snippet, line for line (imports among the file's)",
        arguments: blocks.filter { !$0.isAppleOnly && !$0.isManifest })
    func compiled(block: DocBlock) {
        let lines = block.lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let imports = lines.filter { $0.hasPrefix("import ") }
        let code = lines.filter { !$0.hasPrefix("import ") }
        let home = Self.snippets.first { _, file in
            imports.allSatisfy(file.contains)
                && (0...max(0, file.count - code.count)).contains { Array(file[$0..<min(file.count, $0 + code.count)]) == code }
        }
        #expect(home != nil, "\(block.testDescription): its code is in no file of Examples/DocSnippets; copy it there as written")
    }

    /// The two app-side blocks, UIKit and SwiftUI: Linux has neither, so no test here compiles them.
    @Test("the only blocks not compiled are the guide's UIKit and SwiftUI view controllers and its manifest lines")
    func notCompiled() {
        let skipped = Self.blocks.filter { $0.isAppleOnly || $0.isManifest }.map(\.file)
        #expect(
            skipped == [
                "Sources/WorldClockKit/WorldClockKit.docc/BuildAClockList.md", "Sources/WorldClockKit/WorldClockKit.docc/BuildAClockList.md",
                "Sources/WorldClockKit/WorldClockKit.docc/WorldClockKit.md",
            ], "\(skipped)")
    }
}
