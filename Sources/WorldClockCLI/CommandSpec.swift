import TimeZoneRules
import WireCore
import WorldClockKit

/// The command line as data: each command declares its options and arguments here, `ArgumentReader`
/// reads `argv` against them and `HelpText` writes their help in Korean from the same data.
///
/// A plain table instead of swift-argument-parser: the parser found its options by reflection,
/// which cost 4–5 ms of every run in the runtime's protocol-conformance lookups, half a Foundation
/// hello-world (issue 15), and it wrote English that had to be translated back line by line.

/// One option: a flag (`--json`) or an option with a value (`--section <ㄱ>`).
package struct OptionSpec: Sendable {
    /// The long name without its dashes: `section`.
    package let name: String
    /// What the value is called in help (`ㄱ` in `--section <ㄱ>`); nil for a flag.
    package let valueName: String?
    /// What it does, in Korean: `--help` and the Korean man page.
    package let help: String
    /// The same in English: the English man page (`ManPage`). Every option of a shipped command
    /// has one (a test checks), so the two pages come from this one definition.
    package var english = ""

    package static func flag(_ name: String, help: String, english: String = "") -> OptionSpec {
        OptionSpec(name: name, valueName: nil, help: help, english: english)
    }

    package static func option(_ name: String, value: String, help: String, english: String = "") -> OptionSpec {
        OptionSpec(name: name, valueName: value, help: help, english: english)
    }

    /// `--section <ㄱ>`, as help and messages show it.
    package var label: String { "--\(name)" + (valueName.map { " <\($0)>" } ?? "") }

    /// The environment variable that gives this option to a command that reads the environment
    /// (`CommandSpec.readsEnvironment`): `WORLDCLOCK_` and the name in capitals, dashes as
    /// underscores (`--max-connections` → `WORLDCLOCK_MAX_CONNECTIONS`). One definition for the
    /// flag and the variable: a unit file or a container sets what a command line would.
    package var environmentName: String {
        "WORLDCLOCK_" + String(name.uppercased().map { $0 == "-" ? "_" : $0 })
    }
}

/// A positional argument: required unless `isOptional`; the last may take every word left
/// (`repeats`: `search new york` is one query of two words).
package struct ArgumentSpec: Sendable {
    package let valueName: String
    package let help: String
    /// `help` in English, for the English man page.
    package var english = ""
    /// The last argument takes all the words left.
    package var repeats = false
    /// It may be left out (only the last).
    package var isOptional = false

    package init(valueName: String, help: String, english: String = "", repeats: Bool = false, isOptional: Bool = false) {
        self.valueName = valueName
        self.help = help
        self.english = english
        self.repeats = repeats
        self.isOptional = isOptional
    }

    package var label: String {
        let shown = "<\(valueName)>" + (repeats ? "…" : "")
        return isOptional ? "[\(shown)]" : shown
    }
}

/// A subcommand: its name, its help and what it takes.
package struct CommandSpec: Sendable {
    package let name: String
    package let abstract: String
    /// `abstract` in English, for the English man page.
    package var english = ""
    package var discussion = ""
    package var options: [OptionSpec] = []
    package var arguments: [ArgumentSpec] = []
    /// Its output and errors are always JSON (`feed`), not only with `--json`.
    package var alwaysJSON = false
    /// Each option not on the command line may come from its environment variable
    /// (`OptionSpec.environmentName`); the command line wins. `serve` and `export`: what a
    /// service manager or a container runs.
    package var readsEnvironment = false

    package init(
        name: String, abstract: String, english: String = "", discussion: String = "", options: [OptionSpec] = [],
        arguments: [ArgumentSpec] = [], alwaysJSON: Bool = false, readsEnvironment: Bool = false
    ) {
        self.readsEnvironment = readsEnvironment
        self.name = name
        self.abstract = abstract
        self.english = english
        self.discussion = discussion
        self.options = options
        self.arguments = arguments
        self.alwaysJSON = alwaysJSON
    }

    /// `worldclock list [--json] … [--section <ㄱ>]`.
    var usage: String {
        (["worldclock", name] + options.map { "[\($0.label)]" } + arguments.map(\.label)).joined(separator: " ")
    }

    func option(named name: String) -> OptionSpec? { options.first { $0.name == name } }
}

/// A command line that does not fit its command (exit 2): the message, and the command whose usage
/// goes with it (nil: the root's).
package struct UsageError: Error {
    package let message: String
    package let command: CommandSpec?
    /// The message already shows a form that works (`--at`): no usage block under it.
    package var showsUsage = true
    /// The refusal it is, in the table every surface shares: `usage` unless a module's rule says
    /// otherwise (search's `empty_query`): its code for `--json`, its exit code.
    package var refusal = Refusal.usage

    package init(message: String, command: CommandSpec?, showsUsage: Bool = true) {
        self.message = message
        self.command = command
        self.showsUsage = showsUsage
    }
}

/// What one command line read: the flags given, the values of options (the last wins when one is
/// given twice) and the positional arguments, each checked against the command's spec.
package struct ParsedArguments {
    let command: CommandSpec
    // Arrays, not a set and a dictionary: a command line holds a handful, and a run that needs no
    // hashed String elsewhere skips the runtime's conformance lookups for them.
    fileprivate(set) var flags: [String] = []
    fileprivate(set) var values: [(name: String, value: String)] = []
    fileprivate(set) var positionals: [String] = []
    /// The options whose value came from the environment, with their variable: messages name it.
    fileprivate(set) var fromEnvironment: [(name: String, variable: String)] = []

    package func flag(_ name: String) -> Bool { flags.contains(name) }

    /// `worldclock 내일 오전 9시 뉴욕`, `worldclock 뉴욕 3pm`: the longest run of words at the start,
    /// else at the end, that reads as a time becomes `--at` when none was given, so the phrase
    /// converts where people type it. At least one word is left for the place.
    mutating func moveTimeToAt() {
        guard value("at") == nil, command.option(named: "at") != nil, positionals.count >= 2 else { return }
        func time(_ words: ArraySlice<String>) -> String? {
            let text = words.joined(separator: " ")
            return (try? TimeQuery.parse(text)) == nil ? nil : text
        }
        for length in stride(from: positionals.count - 1, through: 1, by: -1) {
            if let text = time(positionals[..<length]) {
                values.append((name: "at", value: text))
                positionals.removeFirst(length)
                return
            }
            if let text = time(positionals[(positionals.count - length)...]) {
                values.append((name: "at", value: text))
                positionals.removeLast(length)
                return
            }
        }
    }
    /// `worldclock 뉴욕 9시면` (and `… 서울 몇 시?`): a time said with 면 after a place is that
    /// place's time, "when it is 9 in 뉴욕": the reference becomes the place and the time `--at`,
    /// for my clocks, or for the place asked about after it. Nil when the words are not of that form.
    func conditionalTime(clocks: CommandSpec) -> ParsedArguments? {
        guard value("at") == nil, value("from") == nil, positionals.count >= 2 else { return nil }
        var words = positionals
        // The question after it: "서울 몇 시?", "서울은 몇 시야".
        if var last = words.last, last.hasSuffix("?") {
            last.removeLast()
            words[words.count - 1] = last
            if last.isEmpty { words.removeLast() }
        }
        var asked = false
        while let last = words.last, ["몇", "시", "몇시", "시야", "몇시야", "시지", "몇시지", "몇시예요", "시예요", "시죠"].contains(last) {
            words.removeLast()
            asked = true
        }
        for end in words.indices.dropFirst() where words[end].hasSuffix("면") {
            let said = words[end]
            let bare = said.hasSuffix("이면") && said.count > 2 ? [String(said.dropLast(2)), String(said.dropLast())] : [String(said.dropLast())]
            for start in 1...end {
                for stem in bare where !stem.isEmpty {
                    var text = (words[start..<end] + [stem]).joined(separator: " ")
                    guard (try? TimeQuery.parse(text)) != nil else { continue }
                    // A day before the place is the time's day: `내일 뉴욕 9시면`.
                    var from = 0
                    for length in stride(from: start - 1, through: 1, by: -1) {
                        let day = words[..<length].joined(separator: " ") + " " + text
                        if (try? TimeQuery.parse(day)) != nil {
                            text = day
                            from = length
                            break
                        }
                    }
                    var target = Array(words[(end + 1)...])
                    if asked, let last = target.last, last.count > 1, ["은", "는"].contains(last.last.map(String.init) ?? "") {
                        target[target.count - 1] = String(last.dropLast())
                    }
                    var parsed = ParsedArguments(command: target.isEmpty ? clocks : command)
                    parsed.flags = flags.filter { parsed.command.option(named: $0) != nil }
                    parsed.values = values.filter { parsed.command.option(named: $0.name) != nil }
                    parsed.values += [("from", words[from..<start].joined(separator: " ")), ("at", text)]
                    parsed.positionals = target
                    parsed.fromEnvironment = fromEnvironment
                    return parsed
                }
            }
        }
        return nil
    }

    package func value(_ name: String) -> String? { values.last { $0.name == name }?.value }
    /// Every value of a repeatable option, in the order given (`--trusted-proxy a --trusted-proxy b`).
    package func values(_ name: String) -> [String] { values.filter { $0.name == name }.map(\.value) }
    /// The `index`th positional argument: the reader saw that every declared one is there. The
    /// last, when it repeats, is every word left joined by a space.
    package func argument(_ index: Int) -> String {
        guard index == command.arguments.count - 1, command.arguments[index].repeats, index < positionals.count else {
            return index < positionals.count ? positionals[index] : ""
        }
        // Joined by hand: `joined(separator:)` costs a run-time conformance lookup on every start.
        return positionals[(index + 1)...].reduce(positionals[index]) { $0 + " " + $1 }
    }

    /// The words from the `index`th positional argument on, each as typed.
    package func words(from index: Int) -> [String] { index < positionals.count ? Array(positionals[index...]) : [] }

    /// Whether the `index`th positional argument was given.
    package func hasArgument(_ index: Int) -> Bool { index < positionals.count }

    /// An option's value as a whole number, or `default` when it was not given.
    package func integer(_ name: String, default fallback: Int) throws(UsageError) -> Int {
        guard let text = value(name) else { return fallback }
        guard let value = Int(text) else {
            let label = command.option(named: name)?.label ?? "--\(name)"
            let source = fromEnvironment.first(where: { $0.name == name }).map { "(환경 변수 \($0.variable))" } ?? ""
            throw UsageError(
                message: "\(KoreanParticle.attach(.topic, to: "\"\(Terminal.printable(text, limit: 40))\"")) \"\(label)\"\(source)에 쓸 수 없는 값입니다",
                command: command)
        }
        return value
    }

    /// A usage error about this command.
    package func error(_ message: String) -> UsageError { UsageError(message: message, command: command) }
}

/// What a command line asks for.
package enum Invocation {
    /// Help for a command, or for the root (nil).
    case help(CommandSpec?)
    case version
    /// `--generate-completion-script <shell>`.
    case completionScript(shell: String)
    /// `--generate-man-page <page> <language>` (Scripts/release/package; not in the help).
    case manPage(ManPage.Page, ManPage.Language)
    case run(ParsedArguments)
}

/// Reads `argv` against the commands' specs, the way command-line users expect: `--name value`
/// and `--name=value` anywhere among the arguments, `--` ending the options, `-h`/`--help` in any
/// position, `help <command>`.
package enum ArgumentReader {
    /// - Parameter commands: the commands' specs, made as they are looked at (`LazyMapCollection`):
    ///   a run builds the specs up to its own command's, not every help text.
    static func read(_ arguments: [String], commands: some Collection<CommandSpec>) throws(UsageError) -> Invocation {
        // No command: my clocks (`worldclock`, `worldclock --at 09:00`).
        guard let first = arguments.first else { return .run(try read([], for: defaultCommand(commands))) }
        if first.hasPrefix("--generate-completion-script=") {
            return try read(
                ["--generate-completion-script", String(first.dropFirst("--generate-completion-script=".count))] + arguments.dropFirst(),
                commands: commands)
        }
        switch first {
        case "-h", "--help": return .help(nil)
        case "--version", "-V": return .version
        case "--generate-completion-script":
            guard arguments.count == 2, CompletionScript.shells.contains(arguments[1]) else {
                throw UsageError(
                    message: "--generate-completion-script에는 셸 하나가 필요합니다: \(CompletionScript.shells.joined(separator: ", "))", command: nil)
            }
            return .completionScript(shell: arguments[1])
        case "--generate-man-page":
            guard arguments.count == 3, let page = ManPage.Page(rawValue: arguments[1]), let language = ManPage.Language(rawValue: arguments[2])
            else {
                throw UsageError(
                    message:
                        """
                        --generate-man-page에는 쪽(\(ManPage.Page.allCases.map(\.rawValue).joined(separator: ", "))) 하나와 \
                        언어(\(ManPage.Language.allCases.map(\.rawValue).joined(separator: ", "))) 하나가 필요합니다
                        """,
                    command: nil)
            }
            return .manPage(page, language)
        case _ where first.hasPrefix("-") && first != "-":
            // Options before the command: `worldclock --at 9:00 show 뉴욕` is `show --at 9:00 뉴욕`.
            if let word = firstWord(arguments, commands: commands) {
                return try read([arguments[word]] + arguments[..<word] + arguments[(word + 1)...], commands: commands)
            }
            let clocks = defaultCommand(commands)
            let name = String(first.dropFirst(2).prefix { $0 != "=" })
            if first.hasPrefix("--"), clocks.option(named: name) != nil { return .run(try read(arguments, for: clocks)) }
            throw UsageError(message: "알 수 없는 옵션 \"\(Terminal.printable(first, limit: 40))\"", command: nil)
        case "help":
            guard arguments.count > 1 else { return .help(nil) }
            guard let command = commands.first(where: { $0.name == arguments[1] }) else { throw unknownCommand(arguments[1], commands) }
            return .help(command)
        default:
            guard let command = commands.first(where: { $0.name == first }) else {
                // A bare place is `show` for it (`worldclock 뉴욕`); show names a mistyped command.
                guard let show = commands.first(where: { $0.name == ShowCommand.spec.name }) else { throw unknownCommand(first, commands) }
                if arguments.prefix(while: { $0 != "--" }).contains(where: { $0 == "-h" || $0 == "--help" }) { return .help(show) }
                // `sho`, `lst`, `del`: a command mistyped is never run as a place (SHO is an airport, DEL 델리).
                if let meant = nearCommand(first, commands.map(\.name)) {
                    let shown = Terminal.printable(first, limit: 40)
                    throw UsageError(
                        message: "\(KoreanParticle.attach(.topic, to: "\"\(shown)\"")) 명령이 아닙니다. "
                            + "명령이라면: worldclock \(meant); 곳이라면: worldclock show \(shown)",
                        command: nil)
                }
                var parsed = try read(arguments, for: show)
                if let conditional = parsed.conditionalTime(clocks: defaultCommand(commands)) { return .run(conditional) }
                parsed.moveTimeToAt()
                return .run(parsed)
            }
            let rest = Array(arguments.dropFirst())
            if rest.prefix(while: { $0 != "--" }).contains(where: { $0 == "-h" || $0 == "--help" }) { return .help(command) }
            return .run(try read(rest, for: command))
        }
    }

    /// Words people type for a command that are not its name.
    private static let commandAliases = ["del": "remove", "delete": "remove", "rm": "remove", "ls": "list", "mv": "move", "find": "search"]

    /// The command a bare first word most likely means: an alias (`del`, `ls`), a start of a
    /// command's name of three letters or more (`sho`), or a name one edit away (`lst`); nil for
    /// anything else, which is read as a place. Lowercase ASCII letters only: 뉴욕 and `JFK` are places.
    static func nearCommand(_ word: String, _ names: [String]) -> String? {
        guard (2...8).contains(word.count), word.allSatisfy({ $0.isASCII && $0.isLowercase }) else { return nil }
        if let alias = commandAliases[word], names.contains(alias) { return alias }
        guard word.count >= 3 else { return nil }
        if let name = names.first(where: { $0.hasPrefix(word) }) { return name }
        return names.first { editDistance(word, $0) == 1 }
    }

    /// The index of the first word that is not an option or an option's value, when only
    /// options (`--name`, `--name value`, `--name=value`, as any command declares them) come
    /// before it; nil when there is none or `--` comes first.
    private static func firstWord(_ arguments: [String], commands: some Collection<CommandSpec>) -> Int? {
        var index = 0
        while index < arguments.count {
            let token = arguments[index]
            guard token.hasPrefix("-"), token != "-" else { return index }
            guard token.hasPrefix("--"), token != "--" else { return nil }
            let name = String(token.dropFirst(2).prefix { $0 != "=" })
            let takesValue = !token.contains("=") && commands.contains { $0.option(named: name)?.valueName != nil }
            index += takesValue ? 2 : 1
        }
        return nil
    }

    /// The command a command line without one runs: my clocks.
    private static func defaultCommand(_ commands: some Collection<CommandSpec>) -> CommandSpec {
        commands.first { $0.name == ClocksCommand.spec.name } ?? ClocksCommand.spec
    }

    /// Whether a command line that did not read asked for JSON: its command always answers in
    /// JSON, or `--json` comes before any `--` (so `search -- --json` searches for "--json").
    static func asksForJSON(_ arguments: [String], commands: some Collection<CommandSpec>) -> Bool {
        // Read as `read` reads it: options before the command, a bare place for show, none for my clocks.
        var arguments = arguments
        if arguments.first?.hasPrefix("--") == true {
            guard let word = firstWord(arguments, commands: commands) else { return arguments.contains("--json") }
            arguments = [arguments[word]] + arguments[..<word] + arguments[(word + 1)...]
        }
        let command = commands.first { $0.name == arguments.first } ?? commands.first { $0.name == ShowCommand.spec.name }
        guard let command else { return false }
        return command.alwaysJSON
            || (command.option(named: "json") != nil && arguments.dropFirst().prefix(while: { $0 != "--" }).contains("--json"))
    }

    /// - Parameter environment: reads a variable, for a command that reads the environment.
    static func read(
        _ arguments: [String], for command: CommandSpec, environment: (String) -> String? = { Environment.value($0) }
    ) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments(command: command)
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let token = arguments[index]
            index += 1
            if optionsEnded || token == "-" || !token.hasPrefix("-") {
                parsed.positionals.append(token)
                continue
            }
            if token == "--" {
                optionsEnded = true
                continue
            }
            let body = token.dropFirst(2)
            let name = body.prefix { $0 != "=" }
            let inline = name.endIndex < body.endIndex ? String(body[body.index(after: name.endIndex)...]) : nil
            guard token.hasPrefix("--"), let option = command.option(named: String(name)) else {
                throw parsed.error(unknownOption(token, command: command))
            }
            guard option.valueName != nil else {
                if let inline {
                    throw parsed.error(
                        "\(KoreanParticle.attach(.topic, to: "\"--\(name)\"")) 값을 받지 않습니다(받은 값: \"\(Terminal.printable(inline, limit: 40))\")")
                }
                parsed.flags.append(option.name)
                continue
            }
            if let inline {
                parsed.values.append((option.name, inline))
            } else if index < arguments.count, !arguments[index].hasPrefix("--"), arguments[index] != "-h" {
                parsed.values.append((option.name, arguments[index]))
                index += 1
            } else {
                throw parsed.error("\"\(option.label)\"에 값이 없습니다")
            }
        }
        if command.readsEnvironment { try readEnvironment(into: &parsed, environment) }
        let required = command.arguments.filter { !$0.isOptional }.count
        if parsed.positionals.count < required {
            throw parsed.error("<\(command.arguments[parsed.positionals.count].valueName)> 인자가 필요합니다")
        }
        if command.arguments.last?.repeats == true { return parsed }
        let extra = parsed.positionals.dropFirst(command.arguments.count).map { "\"\(Terminal.printable($0, limit: 40))\"" }
        if extra.count == 1 { throw parsed.error("이 명령이 받지 않는 인자 \(extra[0])") }
        if extra.count > 1 { throw parsed.error("이 명령이 받지 않는 인자 \(extra.count)개: \(extra.joined(separator: ", "))") }
        return parsed
    }

    /// The options the command line left out, from their variables (`OptionSpec.environmentName`).
    /// A flag's variable is `1`, `true`, `yes` or `on` to set it, `0`, `false`, `no`, `off` or
    /// empty to leave it off; anything else is a usage error naming the variable.
    private static func readEnvironment(into parsed: inout ParsedArguments, _ environment: (String) -> String?) throws(UsageError) {
        for option in parsed.command.options {
            let given = option.valueName == nil ? parsed.flags.contains(option.name) : parsed.values.contains { $0.name == option.name }
            guard !given, let value = environment(option.environmentName) else { continue }
            guard option.valueName == nil else {
                parsed.values.append((option.name, value))
                parsed.fromEnvironment.append((option.name, option.environmentName))
                continue
            }
            switch value.lowercased() {
            case "1", "true", "yes", "on": parsed.flags.append(option.name)
            case "0", "false", "no", "off", "": break
            default:
                throw parsed.error(
                    """
                    환경 변수 \(option.environmentName): 알 수 없는 값 \"\(Terminal.printable(value, limit: 40))\" (켜기 1, true, yes, on / 끄기 0, false, \
                    no, off)
                    """
                )
            }
        }
    }

    /// "알 수 없는 옵션 '--sectoin'. 혹시 '--section'?": the nearest option within two edits.
    private static func unknownOption(_ token: String, command: CommandSpec) -> String {
        let name = String(token.drop { $0 == "-" }.prefix { $0 != "=" })
        let shown = "알 수 없는 옵션 \"\(Terminal.printable(String(token.prefix { $0 != "=" }), limit: 40))\""
        guard token.hasPrefix("--"), name.count <= 40 else { return shown }
        let nearest = command.options.map { (option: $0, distance: editDistance(name, $0.name)) }.min { $0.distance < $1.distance }
        guard let nearest, nearest.distance <= 2 else { return shown }
        return "\(shown). 혹시 \"--\(nearest.option.name)\"?"
    }

    private static func unknownCommand(_ name: String, _ commands: some Collection<CommandSpec>) -> UsageError {
        let shown = KoreanParticle.attach(.topic, to: "\"\(Terminal.printable(name, limit: 40))\"")
        return UsageError(message: "\(shown) 명령이 아닙니다. 명령: \(commands.map(\.name).joined(separator: ", "))", command: nil)
    }

    /// Levenshtein distance over characters.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let b = Array(b)
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}
