import Foundation
import Testing

@testable import WorldClockCLI

/// The man pages are written from the option table `--help` is written from: each page lists, for
/// each command it describes, the same arguments and options as the command's help, with the same
/// Korean text (ko) or the option's English text (en); no option lacks its English.
@Suite("Man pages")
struct ManPageTests {
    static let commands = WorldClockCommand.commands().map { $0.spec }

    /// Each `.SS` command of a page with its tagged items (`.TP`, `.B "label"`, text), unescaped.
    static func items(of page: String) -> [String: [(label: String, text: String)]] {
        var result: [String: [(label: String, text: String)]] = [:]
        var command: String?
        let lines = page.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for (index, line) in lines.enumerated() {
            if line.hasPrefix(".SH") { command = nil }
            if line.hasPrefix(".SS ") {
                command = unescape(String(line.dropFirst(4)).trimmingCharacters(in: CharacterSet(charactersIn: "\"")))
                result[command!] = []
            }
            if let command, line == ".TP", index + 2 < lines.count, lines[index + 1].hasPrefix(".B \"") {
                let label = unescape(String(lines[index + 1].dropFirst(4).dropLast()))
                result[command]!.append((label, unescape(lines[index + 2])))
            }
        }
        return result
    }

    static func unescape(_ text: String) -> String {
        decodeUnicode(text).replacingOccurrences(of: "\\-", with: "-").replacingOccurrences(of: "\\e", with: "\\").replacingOccurrences(
            of: "\\&", with: ""
        )
        .replacingOccurrences(of: "\"\"", with: "\"")
    }

    /// `\[uAC00]` escapes (the English page is ASCII) back to their characters.
    static func decodeUnicode(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let start = rest.range(of: "\\[u") {
            result += rest[..<start.lowerBound]
            let after = rest[start.upperBound...]
            guard let end = after.firstIndex(of: "]"), let value = UInt32(after[..<end], radix: 16), let scalar = Unicode.Scalar(value) else {
                result += rest[start]
                rest = after
                continue
            }
            result.unicodeScalars.append(scalar)
            rest = after[after.index(after: end)...]
        }
        return result + rest
    }

    /// An option's or argument's label as the English page shows it: the value's English name.
    static func englishLabel(_ label: String, valueName: String?) -> String {
        guard let valueName, let english = ManPage.englishValueNames[valueName] else { return label }
        return label.replacingOccurrences(of: "<\(valueName)>", with: "<\(english)>")
    }

    @Test("every value name of the option table is ASCII or has its English name for the English page")
    func englishValueNames() {
        for command in Self.commands {
            let names = command.options.compactMap(\.valueName) + command.arguments.map(\.valueName)
            for name in names where !name.unicodeScalars.allSatisfy(\.isASCII) {
                #expect(ManPage.englishValueNames[name] != nil, "\(command.name): <\(name)> has no English name")
            }
        }
    }

    @Test(
        "each page lists every WORLDCLOCK_ variable of the option table, the English page is ASCII, no page cites a repository path",
        arguments: ManPage.Page.allCases)
    func environmentAndPaths(page: ManPage.Page) {
        let variables = ManPage.environment(of: Self.commands).map(\.variable)
        #expect(variables.contains("WORLDCLOCK_HOST") && variables.contains("WORLDCLOCK_TZDATA") && variables.count >= 10, "\(variables)")
        for language in ManPage.Language.allCases {
            let text = ManPage.page(page, language: language, root: WorldClockCommand.spec, commands: Self.commands, date: "2026-11-27")
            for variable in variables {
                #expect(text.contains(".B \"\(variable.replacingOccurrences(of: "-", with: "\\-"))\""), "\(page) \(language) lacks \(variable)")
            }
            let ascii = text.unicodeScalars.allSatisfy { $0.isASCII }
            if language == .english { #expect(ascii, "\(page) en") }
            for path in ["Scripts/", "Data/", "Sources/", "Tests/", "docs/", "Packaging/"] {
                #expect(!Self.unescape(text).contains(path), "\(page) \(language) cites \(path)")
            }
        }
    }

    @Test("every command, option and argument has its English text")
    func englishForEveryOption() {
        for command in Self.commands {
            #expect(!command.english.isEmpty, "\(command.name)")
            for option in command.options { #expect(!option.english.isEmpty, "\(command.name) --\(option.name)") }
            for argument in command.arguments { #expect(!argument.english.isEmpty, "\(command.name) <\(argument.valueName)>") }
        }
        #expect(!WorldClockCommand.spec.english.isEmpty)
    }

    @Test(
        "--at's English text names every form the Korean does: words for minutes and durations, midnight, another zone's abbreviation",
        arguments: ["세 시 십오 분", "사십오 분", "삼십 분 뒤", "이십 분 후", "반 시간 뒤", "자정", "밤 12시", "낼", "tomorrow", "09:00 EST"])
    func atEnglishNamesForms(form: String) throws {
        let at = try #require(ShowCommand.spec.options.first { $0.name == "at" })
        #expect(at.english.contains(form), "\(at.english)")
    }

    @Test("each page lists each of its commands' arguments and options as --help does, in its language", arguments: ManPage.Page.allCases)
    func pageMatchesHelp(page: ManPage.Page) throws {
        for language in ManPage.Language.allCases {
            let text = ManPage.page(page, language: language, root: WorldClockCommand.spec, commands: Self.commands, date: "2026-11-27")
            let items = Self.items(of: text)
            let shown = page == .worldclock ? Self.commands : Self.commands.filter { ManPage.serverCommands.contains($0.name) }
            #expect(Set(items.keys) == Set(shown.map(\.name)), "\(page) \(language)")
            for command in shown {
                // The labels --help lists, read off its text (two spaces, then the label).
                let help = HelpText.command(command, width: 400).split(separator: "\n").map(String.init)
                let helpLabels = help.filter { $0.hasPrefix("  <") || $0.hasPrefix("  [<") || $0.hasPrefix("  --") }
                    .map { String($0.dropFirst(2)).components(separatedBy: "  ")[0] }
                let pageItems = try #require(items[command.name])
                let expectedLabels =
                    language == .korean
                    ? helpLabels
                    : zip(helpLabels, command.arguments.map { Optional($0.valueName) } + command.options.map(\.valueName)).map {
                        Self.englishLabel($0, valueName: $1)
                    }
                #expect(pageItems.map(\.label) == expectedLabels, "\(page) \(language) \(command.name)")
                let expected =
                    command.arguments.map { language == .korean ? $0.help : $0.english }
                    + command.options.map { language == .korean ? $0.help : $0.english }
                #expect(pageItems.map(\.text) == expected, "\(page) \(language) \(command.name)")
            }
        }
    }

    @Test("the built binary writes the pages it is asked for, and refuses an unknown one")
    func fromTheBinary() throws {
        let korean = try CommandRunner.run(["--generate-man-page", "worldclock", "ko"], environment: ["SOURCE_DATE_EPOCH": "1795000000"])
        #expect(korean.status == 0, "\(korean.stderr)")
        #expect(korean.stdout.contains(".TH WORLDCLOCK 1 2026-11-18 "), "\(korean.stdout.prefix(300))")
        #expect(korean.stdout.contains(".SH 옵션"))
        let english = try CommandRunner.run(["--generate-man-page", "worldclock-server", "en"])
        #expect(english.status == 0 && english.stdout.contains(".TH WORLDCLOCK\\-SERVER 8 "), "\(english.stdout.prefix(300))")
        let wrong = try CommandRunner.run(["--generate-man-page", "worldclock", "fr"])
        #expect(wrong.status == 2)
    }
}
