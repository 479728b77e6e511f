import Foundation
import Testing

/// `.swift-format`'s line length holds for every Swift line of the repository. The formatter breaks
/// code but never a string literal, so its lint passes a long help text or message; this test does not.
@Suite("Every Swift line fits .swift-format's line length")
struct LineLengthTests {
    static let root = DesignDocTests.root

    /// `lineLength` from .swift-format (150).
    static let limit: Int = {
        let text = (try? String(contentsOf: root.appending(path: ".swift-format"), encoding: .utf8)) ?? ""
        return text.firstMatch(of: #/"lineLength"\s*:\s*(\d+)/#).flatMap { Int($0.output.1) } ?? 0
    }()

    /// Every .swift file of the folders the formatter lints in Scripts/test, and Package.swift.
    static let files: [String] = {
        let folders = ["Sources", "Tests", "Examples", "Plugins", "Benchmarks", "BuildTools", "Fuzz", "WebAssembly"]
        var paths = ["Package.swift"]
        for folder in folders {
            let enumerator = FileManager.default.enumerator(atPath: root.appending(path: folder).path)
            while let path = enumerator?.nextObject() as? String {
                if path.hasSuffix(".swift") { paths.append(folder + "/" + path) }
            }
        }
        return paths.sorted()
    }()

    @Test("the limit and the files are read")
    func read() {
        #expect(Self.limit == 150)
        #expect(Self.files.count > 300 && Self.files.contains("Sources/WorldClockCLI/ServerCommands.swift"), "\(Self.files.count)")
    }

    @Test("no line is longer than the limit, in characters")
    func noLongLine() throws {
        var long: [String] = []
        for file in Self.files {
            let text = try String(contentsOf: Self.root.appending(path: file), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where line.count > Self.limit {
                long.append("\(file):\(number + 1) (\(line.count))")
            }
        }
        #expect(long.isEmpty, "lines over \(Self.limit) characters:\n\(long.joined(separator: "\n"))")
    }
}
