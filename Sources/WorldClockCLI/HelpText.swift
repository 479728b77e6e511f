/// Help and usage errors, written in Korean from the commands' specs and laid out by display
/// width: a Hangul character takes two columns, so `--section <ㄱ>` lines up with the rest.
enum HelpText {
    /// The root's help: what the tool does, examples and exit codes, then every command.
    static func root(_ root: CommandSpec, commands: [CommandSpec], width: Int) -> String {
        var lines = overview(root, width: width)
        lines += ["", "사용법: worldclock [<명령>]   (명령 없이: 내 시계)", "", "옵션:"]
        lines += elements(
            [
                ("-V, --version", "버전을 보여 줍니다."),
                ("--generate-completion-script <셸>", "셸 자동 완성 스크립트를 씁니다(bash, zsh, fish)."), helpOption,
            ], width: width)
        lines += ["", "명령:"] + elements(commands.map { ($0.name, $0.abstract) }, width: width)
        lines += [""] + Terminal.wrap("명령마다 자세한 도움말: worldclock help <명령>", width: width, hangingIndent: 4)
        return lines.joined(separator: "\n")
    }

    /// One command's help: overview, discussion, usage, arguments and options.
    static func command(_ command: CommandSpec, width: Int) -> String {
        var lines = overview(command, width: width)
        lines += [""] + Terminal.wrap("사용법: " + command.usage, width: width, hangingIndent: 8)
        if !command.arguments.isEmpty {
            lines += ["", "인자:"] + elements(command.arguments.map { ($0.label, $0.help) }, width: width)
        }
        lines += ["", "옵션:"] + elements(command.options.map { ($0.label, $0.help) } + [helpOption], width: width)
        return lines.joined(separator: "\n")
    }

    /// A usage error: the message, the usage line, where to read more.
    static func usageError(_ error: UsageError, width: Int) -> String {
        guard error.showsUsage else { return Terminal.wrap("worldclock: " + error.message, width: width, hangingIndent: 4).joined(separator: "\n") }
        let usage = error.command?.usage ?? "worldclock <명령>"
        let help = error.command.map { "worldclock \($0.name) --help" } ?? "worldclock --help"
        return
            (Terminal.wrap("worldclock: " + error.message, width: width, hangingIndent: 4)
            + Terminal.wrap("사용법: " + usage, width: width, hangingIndent: 8)
            + Terminal.wrap("자세한 설명: " + help, width: width, hangingIndent: 4)).joined(separator: "\n")
    }

    private static let helpOption = ("-h, --help", "도움말을 보여 줍니다.")

    /// 개요 and the discussion: prose wrapped to `width`, lines that start with a space (examples
    /// laid out by hand) kept as they are.
    private static func overview(_ command: CommandSpec, width: Int) -> [String] {
        var lines = Terminal.wrap("개요: " + command.abstract, width: width, hangingIndent: 4)
        guard !command.discussion.isEmpty else { return lines }
        lines.append("")
        for line in command.discussion.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            lines += line.hasPrefix(" ") || line.isEmpty ? [line] : Terminal.wrap(line, width: width)
        }
        return lines
    }

    /// Labels padded by display width to one column; help that does not fit beside its label
    /// wraps under it.
    private static func elements(_ elements: [(label: String, help: String)], width: Int) -> [String] {
        let labelWidth = min(28, elements.map { Terminal.displayWidth($0.label) }.max() ?? 0)
        let indent = 2 + labelWidth + 2
        return elements.flatMap { label, help -> [String] in
            let wrapped = Terminal.wrap(help, width: max(20, width - indent)).map { String(repeating: " ", count: indent) + $0 }
            guard Terminal.displayWidth(label) <= labelWidth else { return ["  " + label] + wrapped }
            guard let first = wrapped.first else { return ["  " + label] }
            return ["  " + Terminal.pad(label, to: labelWidth) + "  " + first.dropFirst(indent)] + wrapped.dropFirst()
        }
    }
}
