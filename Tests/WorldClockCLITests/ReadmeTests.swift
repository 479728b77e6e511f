import Foundation
import Testing

/// What the README shows a user, read from the README itself: every `worldclock …` command in its
/// `sh` blocks (and after `$ ` in its `text` blocks), every repository path it names, and the one
/// example whose output it prints. A README that drifts from the program fails here.
enum Readme {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let text = (try? String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""

    /// Each fenced block: its language and its lines.
    static let blocks: [(language: String, lines: [String])] = {
        var blocks: [(String, [String])] = [], current: (String, [String])?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("```") {
                if let open = current {
                    blocks.append(open)
                    current = nil
                } else {
                    current = (String(line.dropFirst(3)), [])
                }
            } else {
                current?.1.append(line)
            }
        }
        return blocks
    }()

    /// My clocks for the README's commands, in a folder of the tests' own, holding the places its
    /// `remove` example takes away, whichever order the commands run in.
    static let config: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("readme-config-\(UUID().uuidString)")
        _ = try? CommandRunner.run(["add", "뉴욕", "런던", "--tzdata", "bundled"], environment: ["XDG_CONFIG_HOME": folder.path])
        return folder
    }()

    /// The `worldclock` commands shown: `sh` lines that start with it, `text` lines after `$ `.
    static let commands: [String] = blocks.flatMap { block -> [String] in
        switch block.language {
        case "sh": block.lines.filter { $0.hasPrefix("worldclock ") }
        case "text": block.lines.filter { $0.hasPrefix("$ worldclock ") }.map { String($0.dropFirst(2)) }
        default: []
        }
    }

    /// Repository paths named anywhere: in backticks, or as words of a code block.
    static let paths: [String] = {
        let pattern = #/(?:^|[\s`(])((?:\.ci|Data|Scripts|Sources|Tests|Plugins|docs)/[A-Za-z0-9_.+\-/]*[A-Za-z0-9_/])/#
        var found: [String] = []
        for match in text.matches(of: pattern) where !found.contains(String(match.1)) { found.append(String(match.1)) }
        return found
    }()

    /// The commands that take `--tzdata`: pinned to the bundled rules, so the times do not depend on the machine.
    static let takesTZData: Set<String> = ["list", "search", "show", "feed", "export", "doctor"]

    /// The arguments to run for a command line of the README: its comment and output redirection
    /// dropped, `serve` asked for its help (it would run until stopped), an export sent to `site`.
    static func arguments(_ line: String, site: String) -> [String] {
        let code = line.replacing(#/\s+#\s.*$/#, with: "").replacing(#/\s+>\s*\S+/#, with: "")
        var words = code.split(separator: " ").map(String.init).dropFirst().map { $0 == "site/" ? site : $0 }
        if words.first == "serve" { words.append("--help") }
        if let command = words.first, takesTZData.contains(command), !words.contains("--tzdata") { words += ["--tzdata", "bundled"] }
        return words
    }
}

@Suite("The README's commands and paths")
struct ReadmeTests {
    @Test(
        """
        the README shows the two commands first (run, and the one command that sets up and runs the tests), and is a user's page of at most 250 \
        lines
        """
    )
    func shape() throws {
        let first = try #require(Readme.blocks.first)
        #expect(first.lines.map { String($0.split(separator: " ").first ?? "") } == ["swift", "Scripts/test"])
        #expect(first.lines.first?.hasPrefix("swift run ") == true)
        #expect(Readme.text.contains("`swift test`"), "swift test stays mentioned for those who have the tools")
        #expect(Readme.text.split(separator: "\n", omittingEmptySubsequences: false).count <= 250)
        #expect(Readme.commands.count >= 10, "\(Readme.commands)")
    }

    @Test("every worldclock command the README shows runs and exits 0", arguments: Readme.commands)
    func commandRuns(line: String) throws {
        let site = FileManager.default.temporaryDirectory.appendingPathComponent("readme-site-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: site) }
        let result = try CommandRunner.run(Readme.arguments(line, site: site.path), environment: ["XDG_CONFIG_HOME": Readme.config.path])
        #expect(result.status == 0, "\(line): \(result.stderr)")
        // add, remove and from report on stderr (stdout stays for what a pipe wants).
        #expect(!result.stdout.isEmpty || !result.stderr.isEmpty || FileManager.default.fileExists(atPath: site.path), "\(line) printed nothing")
    }

    @Test("every repository path the README names exists", arguments: Readme.paths)
    func pathExists(path: String) {
        #expect(FileManager.default.fileExists(atPath: Readme.root.appendingPathComponent(path).path), "\(path)")
    }

    @Test("the README's show example is what show prints, line for line")
    func showExample() throws {
        let command = "worldclock show 뉴욕 --at 2026-07-15T12:00:00Z --from 서울"
        #expect(Readme.text.contains("`\(command)`:\n\n```text\n"))
        let shown = try #require(Readme.blocks.first { $0.language == "text" && $0.lines.first == "뉴욕 (New York)" })
        let result = try CommandRunner.run(Readme.arguments(command, site: ""))
        #expect(result.status == 0)
        #expect(result.stdout.split(separator: "\n").map(String.init) == shown.lines)
    }
}
