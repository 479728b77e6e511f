import Foundation
import Testing

@testable import WorldClockCLI

/// The command-line reader against a small spec: the forms users type, and what it refuses.
@Suite("Reading the command line")
struct ArgumentReaderTests {
    static let find = CommandSpec(
        name: "find", abstract: "찾기",
        options: [.flag("json", help: ""), .option("limit", value: "개수", help: ""), .option("from", value: "기준", help: "")],
        arguments: [ArgumentSpec(valueName: "검색어", help: "")])
    static let feed = CommandSpec(name: "feed", abstract: "피드", options: [.flag("pretty", help: "")], alwaysJSON: true)

    static func read(_ arguments: [String]) throws(UsageError) -> Invocation {
        try ArgumentReader.read(arguments, commands: [find, feed])
    }

    static func parsed(_ arguments: [String]) throws -> ParsedArguments {
        guard case .run(let parsed) = try read(arguments) else { throw UsageError(message: "not a run", command: nil) }
        return parsed
    }

    @Test(
        "options before, after and between arguments, with a space or =; the last of a repeated option wins",
        arguments: [
            ["find", "--limit", "3", "뉴", "--json"],
            ["find", "뉴", "--limit=3", "--json"],
            ["find", "--json", "--limit", "9", "--limit", "3", "뉴"],
        ])
    func forms(arguments: [String]) throws {
        let parsed = try Self.parsed(arguments)
        #expect(parsed.argument(0) == "뉴")
        #expect(parsed.flag("json"))
        #expect(try parsed.integer("limit", default: 20) == 3)
        #expect(parsed.value("from") == nil)
    }

    @Test("after --, everything is an argument; a lone - is an argument")
    func dashes() throws {
        #expect(try Self.parsed(["find", "--", "--json"]).argument(0) == "--json")
        #expect(try Self.parsed(["find", "-"]).argument(0) == "-")
        #expect(try Self.parsed(["find", "--from", "-05:00", "x"]).value("from") == "-05:00")
    }

    @Test("help in any position, help <command>, --version and -V; nothing at all is my clocks")
    func helpAndVersion() throws {
        guard case .help(let spec?) = try Self.read(["find", "뉴", "--help"]) else {
            Issue.record("not help")
            return
        }
        #expect(spec.name == "find")
        guard case .help(let named?) = try Self.read(["help", "feed"]) else {
            Issue.record("not help")
            return
        }
        #expect(named.name == "feed")
        guard case .run(let clocks) = try Self.read([]), clocks.command.name == "clocks" else {
            Issue.record("not my clocks")
            return
        }
        guard case .version = try Self.read(["--version"]) else {
            Issue.record("not version")
            return
        }
        guard case .version = try Self.read(["-V"]) else {
            Issue.record("not version")
            return
        }
        guard case .completionScript("bash") = try Self.read(["--generate-completion-script=bash"]) else {
            Issue.record("not = form")
            return
        }
        guard case .run = try Self.read(["find", "--", "-h"]) else {
            Issue.record("-h after -- is an argument")
            return
        }
    }

    @Test(
        "what it refuses, in Korean, naming what was typed",
        arguments: [
            (["bogus"], "\"bogus\"는 명령이 아닙니다. 명령: find, feed"),
            (["help", "bogus"], "\"bogus\"는 명령이 아닙니다. 명령: find, feed"),
            (["--bogus"], "알 수 없는 옵션 \"--bogus\""),
            (["find", "--limt", "3", "뉴"], "알 수 없는 옵션 \"--limt\". 혹시 \"--limit\"?"),
            (["find", "--zzzzzz", "뉴"], "알 수 없는 옵션 \"--zzzzzz\""),
            (["find", "-x", "뉴"], "알 수 없는 옵션 \"-x\""),
            (["find"], "<검색어> 인자가 필요합니다"),
            (["find", "a", "b"], "이 명령이 받지 않는 인자 \"b\""),
            (["find", "a", "b", "c"], "이 명령이 받지 않는 인자 2개: \"b\", \"c\""),
            (["find", "뉴", "--limit"], "\"--limit <개수>\"에 값이 없습니다"),
            (["find", "--limit", "--json", "뉴"], "\"--limit <개수>\"에 값이 없습니다"),
            (["find", "--json=yes", "뉴"], "\"--json\"은 값을 받지 않습니다(받은 값: \"yes\")"),
        ])
    func refusals(arguments: [String], message: String) {
        let error = #expect(throws: UsageError.self) { try Self.read(arguments) }
        #expect(error?.message == message)
    }

    @Test("options before the command move after it; a first word that is no command is a place for show")
    func commandAfterOptions() throws {
        let show = CommandSpec(
            name: "show", abstract: "", options: [.option("at", value: "시각", help: ""), .flag("json", help: "")],
            arguments: [ArgumentSpec(valueName: "곳", help: "", repeats: true)])
        func run(_ arguments: [String]) throws -> ParsedArguments {
            guard case .run(let parsed) = try ArgumentReader.read(arguments, commands: [Self.find, show]) else {
                throw UsageError(message: "not a run", command: nil)
            }
            return parsed
        }
        for arguments in [["--at", "9:00", "show", "뉴욕", "런던"], ["--at=9:00", "뉴욕", "런던"], ["뉴욕", "--at", "9:00", "런던"]] {
            let parsed = try run(arguments)
            #expect(parsed.command.name == "show", "\(arguments)")
            #expect(parsed.value("at") == "9:00", "\(arguments)")
            #expect(parsed.words(from: 0) == ["뉴욕", "런던"], "\(arguments)")
        }
        let find = try run(["--limit", "3", "--json", "find", "뉴"])
        #expect(find.command.name == "find")
        #expect(try find.integer("limit", default: 20) == 3)
        #expect(find.flag("json"))
        #expect(ArgumentReader.asksForJSON(["--json", "뉴욕"], commands: [Self.find, show]))
        #expect(ArgumentReader.asksForJSON(["뉴욕", "--json"], commands: [Self.find, show]))
    }

    @Test("a number that is not one names the option")
    func badNumber() throws {
        let parsed = try Self.parsed(["find", "--limit", "abc", "뉴"])
        let error = #expect(throws: UsageError.self) { try parsed.integer("limit", default: 20) }
        #expect(error?.message == "\"abc\"는 \"--limit <개수>\"에 쓸 수 없는 값입니다")
    }

    @Test("the last argument may take every word left, and may be optional")
    func repeating() throws {
        let search = CommandSpec(name: "search", abstract: "", arguments: [ArgumentSpec(valueName: "검색어", help: "", repeats: true)])
        let from = CommandSpec(name: "from", abstract: "", arguments: [ArgumentSpec(valueName: "곳", help: "", repeats: true, isOptional: true)])
        guard case .run(let words) = try ArgumentReader.read(["search", "new", "york"], commands: [search, from]) else {
            Issue.record("not run")
            return
        }
        #expect(words.argument(0) == "new york")
        #expect(words.words(from: 0) == ["new", "york"])
        guard case .run(let none) = try ArgumentReader.read(["from"], commands: [search, from]) else {
            Issue.record("not run")
            return
        }
        #expect(!none.hasArgument(0))
        #expect(throws: UsageError.self) { try ArgumentReader.read(["search"], commands: [search, from]) }
    }

    @Test(
        "a command line that does not read still says whether errors are JSON",
        arguments: [
            (["find", "--json", "--bogus"], true), (["find", "--", "--json"], false), (["feed", "--bogus"], true), (["find", "--bogus"], false),
        ])
    func json(arguments: [String], expected: Bool) {
        #expect(ArgumentReader.asksForJSON(arguments, commands: [Self.find, Self.feed]) == expected)
    }

    @Test("edit distance", arguments: [("limt", "limit", 1), ("", "abc", 3), ("abc", "", 3), ("section", "sectoin", 2), ("json", "json", 0)])
    func distance(a: String, b: String, expected: Int) {
        #expect(ArgumentReader.editDistance(a, b) == expected)
    }
}

/// The completion scripts, run by the shells they are for.
@Suite("Shell completion")
struct CompletionScriptTests {
    /// What bash completes for the words typed so far (the last one being completed).
    static func bashCompletions(_ words: [String]) throws -> [String] {
        let script = try CommandRunner.run(["--generate-completion-script", "bash"])
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        process.arguments = [
            "-c", script.stdout + "\nCOMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _worldclock; printf '%s\\n' \"${COMPREPLY[@]}\"",
        ]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    @Test(
        "bash completes commands, then the options of the command typed",
        arguments: [
            (["worldclock", "se"], ["search", "sections", "serve"]),
            (["worldclock", "list", "--se"], ["--section"]),
            (["worldclock", "search", "--l"], ["--limit"]),
            (["worldclock", "feed", "--j"], []),
            (["worldclock", "list", "--section", ""], ["ㄱ", "ㄴ", "ㄷ", "ㄹ", "ㅁ", "ㅂ", "ㅅ", "ㅇ", "ㅈ", "ㅊ", "ㅋ", "ㅌ", "ㅍ", "ㅎ"]),
            (["worldclock", "show", "뉴"], ["뉴델리", "뉴욕"]),
            (["worldclock", "list", "--from", "로드 하"], ["로드 하우"]),
        ])
    func bash(words: [String], expected: [String]) throws {
        #expect(try Self.bashCompletions(words) == expected)
    }

    @Test("zsh and fish get a script; another shell is a usage error", arguments: ["zsh", "fish"])
    func otherShells(shell: String) throws {
        let result = try CommandRunner.run(["--generate-completion-script", shell])
        #expect(result.status == 0)
        #expect(result.stdout.contains("worldclock"))
        let unknown = try CommandRunner.run(["--generate-completion-script", "tcsh"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("bash, zsh") && unknown.stderr.contains("fish"))
    }
}
