import Foundation
import Testing
import WireCore

/// One error vocabulary: each refusal's code is spelled in `Refusal`'s table and nowhere else in the
/// product's Swift (the server, the CLI, the kit and the web module map through the table).
@Suite("The refusal table is the only place a code is spelled")
struct RefusalTableTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let table = "Sources/WireCore/Refusal.swift"

    /// Every Swift file of the product and the web module, by its path from the root, without its comments.
    static let sources: [(path: String, text: String)] = {
        var files: [(String, String)] = []
        for folder in ["Sources", "WebAssembly"] {
            let enumerator = FileManager.default.enumerator(at: root.appending(path: folder), includingPropertiesForKeys: nil)
            while let url = enumerator?.nextObject() as? URL {
                guard url.pathExtension == "swift", let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
                // The code, not the comments that show a body as an example.
                let code = text.split(separator: "\n").filter { !$0.drop { $0 == " " }.hasPrefix("//") }.joined(separator: "\n")
                files.append((String(url.path.dropFirst(root.path.count + 1)), code))
            }
        }
        return files
    }()

    @Test("codes are distinct, snake_case, and found again from their text")
    func distinct() {
        let codes = Refusal.allCases.map(\.code)
        #expect(Set(codes).count == codes.count)
        for refusal in Refusal.allCases {
            #expect(refusal.code.allSatisfy { $0 == "_" || ("a"..."z").contains($0) || $0.isNumber }, "\(refusal.code)")
            #expect(Refusal(code: refusal.code) == refusal)
            #expect(!refusal.message.isEmpty)
        }
        #expect(Refusal(code: "no_such_code") == nil)
    }

    /// A code of one plain word (`data`, `usage`) may also be another word's spelling (the `--data`
    /// option): the codes of two words or more are held to it.
    @Test("each code is spelled as a string literal only in the table", arguments: Refusal.allCases.filter { $0.code.contains("_") })
    func spelledOnce(refusal: Refusal) {
        #expect(Self.sources.count > 100)
        let spelled = Self.sources.filter { $0.text.contains("\"\(refusal.code)\"") }.map(\.path)
        #expect(spelled == [Self.table], "\(refusal.code) is spelled in \(spelled)")
    }
}
