import ArgumentParser

/// swift-argument-parser's help and error texts in Korean, laid out by display width.
///
/// The parser writes its own headings (OVERVIEW, USAGE, OPTIONS …), the help of `--help` and
/// `--version`, and its parse errors in English, and it wraps and aligns by counting characters,
/// so Korean lines come out twice too wide and `<ㄱ>` pushes its help one column right. So the
/// help is asked for unwrapped, translated here line by line, and wrapped again by display width.
enum KoreanHelp {
    /// Help and usage texts are asked for this wide, so that the parser wraps nothing.
    static let unwrapped = 100_000

    /// Texts the parser itself writes, translated.
    private static let phrases: [(String, String)] = [
        ("Show help information.", "도움말을 보여 줍니다."),
        ("Show subcommand help information.", "명령의 도움말을 보여 줍니다."),
        ("Show the version.", "버전을 보여 줍니다."),
        ("(default: ", "(기본값: "),
        ("(default as flag: ", "(플래그의 기본값: "),
    ]

    private static let headings = [
        "ARGUMENTS:": "인자:", "OPTIONS:": "옵션:", "SUBCOMMANDS:": "명령:",
    ]

    /// An unwrapped help screen in Korean, wrapped to `width` display columns.
    static func help(_ text: String, width: Int) -> String {
        var output: [String] = []
        var elements: [(label: String, abstract: String)] = []
        var inElements = false  // inside ARGUMENTS, OPTIONS or SUBCOMMANDS
        func flushElements() {
            output += render(elements, width: width)
            elements = []
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if let rest = line.dropPrefix("OVERVIEW: ") {
                output += Terminal.wrap("개요: " + rest, width: width, hangingIndent: 4)
            } else if let rest = line.dropPrefix("USAGE: ") {
                output += Terminal.wrap("사용법: " + rest.replacingOccurrences(of: "<subcommand>", with: "<명령>"), width: width, hangingIndent: 8)
            } else if let heading = headings[line] {
                flushElements()
                output.append(heading)
                inElements = true
            } else if let rest = line.dropPrefix("  See '"), let end = rest.range(of: "' for detailed help.") {
                flushElements()
                output += Terminal.wrap("  명령마다 자세한 도움말: " + rest[..<end.lowerBound].replacingOccurrences(of: "<subcommand>", with: "<명령>"), width: width, hangingIndent: 4)
            } else if inElements, line.hasPrefix("  "), !line.hasPrefix("        "), let element = element(line) {
                elements.append(element)
            } else if inElements, line.hasPrefix("        "), !elements.isEmpty, elements[elements.count - 1].abstract.isEmpty {
                // A label too long for the parser's label column: its abstract on the next line.
                elements[elements.count - 1].abstract = translated(line.trimmingSpaces)
            } else if line.isEmpty {
                flushElements()
                inElements = false
                output.append("")
            } else if line.hasPrefix(" ") {
                output.append(line)  // examples, laid out by hand
            } else {
                output += Terminal.wrap(line, width: width)
            }
        }
        flushElements()
        return output.joined(separator: "\n")
    }

    /// `  --section <ㄱ>   이 섹션만 …` → ("--section <ㄱ>", "이 섹션만 …").
    private static func element(_ line: String) -> (label: String, abstract: String)? {
        let body = line.dropFirst(2)
        guard let gap = body.range(of: "  ") else { return (String(body), "") }
        return (String(body[..<gap.lowerBound]), translated(body[gap.upperBound...].trimmingSpaces))
    }

    private static func translated(_ text: String) -> String {
        phrases.reduce(text) { $0.replacingOccurrences(of: $1.0, with: $1.1) }
    }

    /// Labels padded by display width to one column; an abstract that does not fit beside its
    /// label wraps under it.
    private static func render(_ elements: [(label: String, abstract: String)], width: Int) -> [String] {
        guard !elements.isEmpty else { return [] }
        let labelWidth = min(28, elements.map { Terminal.displayWidth($0.label) }.max() ?? 0)
        let indent = 2 + labelWidth + 2
        return elements.flatMap { label, abstract -> [String] in
            let wrapped = Terminal.wrap(abstract, width: max(20, width - indent), hangingIndent: 0)
                .map { String(repeating: " ", count: indent) + $0 }
            guard Terminal.displayWidth(label) <= labelWidth else { return ["  " + label] + wrapped }
            guard let first = wrapped.first else { return ["  " + label] }
            return ["  " + Terminal.pad(label, to: labelWidth) + "  " + first.dropFirst(indent)] + wrapped.dropFirst()
        }
    }

    /// A usage error in Korean: the message, the usage line, where to read more.
    /// - Parameters:
    ///   - message: the error, already in Korean.
    ///   - full: the parser's full text of the error (message, usage, "See …"), unwrapped.
    static func usageError(_ message: String, full: String, width: Int) -> String {
        var lines = Terminal.wrap("worldclock: " + message, width: width, hangingIndent: 4)
        if let usage = full.range(of: "Usage: ", options: .backwards) {
            for (number, line) in full[usage.upperBound...].split(separator: "\n").map(String.init).enumerated() {
                if number == 0 {
                    lines += Terminal.wrap("사용법: " + line, width: width, hangingIndent: 8)
                } else if let rest = line.dropPrefix("  See '"), let end = rest.range(of: "' for more information.") {
                    lines += Terminal.wrap("자세한 설명: " + rest[..<end.lowerBound], width: width, hangingIndent: 4)
                } else {
                    lines.append(line)
                }
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The parser's own error messages, in Korean; values the user typed are made printable and
    /// cut. Messages this table does not know are kept as they are.
    static func parserMessage(_ message: String) -> String {
        func shown(_ text: Substring) -> String { Terminal.printable(String(text), limit: 40) }
        for (pattern, translate) in parserMessages {
            if let match = message.wholeMatch(of: pattern) {
                let captures = match.output.dropFirst().map { $0.substring ?? "" }
                return translate(captures.map(shown))
            }
        }
        return Terminal.printableLines(message)
    }

    private nonisolated(unsafe) static let parserMessages: [(Regex<AnyRegexOutput>, ([String]) -> String)] = [
        (try! Regex(#"Unknown option '(.+)'\. Did you mean '(.+)'\?"#), { "알 수 없는 옵션 '\($0[0])'. 혹시 '\($0[1])'?" }),
        (try! Regex(#"Unknown option '(.+)'"#), { "알 수 없는 옵션 '\($0[0])'" }),
        (try! Regex(#"Missing value for '(.+)'"#), { "'\($0[0])'에 값이 없습니다" }),
        (try! Regex(#"Missing expected argument '(.+)'"#), { "\($0[0]) 인자가 필요합니다" }),
        (try! Regex(#"Missing one of: (.+)"#), { "다음 중 하나가 필요합니다: \($0[0])" }),
        (try! Regex(#"Unexpected argument '(.*)'"#), { "이 명령이 받지 않는 인자 '\($0[0])'" }),
        (try! Regex(#"(\d+) unexpected arguments: (.*)"#), { "이 명령이 받지 않는 인자 \($0[0])개: \($0[1])" }),
        (try! Regex(#"The value '(.*)' is invalid for '(.+?)'(.*)"#),
         { "\(KoreanParticle.attach(.topic, to: "'\($0[0])'")) '\($0[1])'에 쓸 수 없는 값입니다\($0[2])" }),
        (try! Regex(#"The option '(.+)' does not take any value, but '(.*)' was specified\."#),
         { "\(KoreanParticle.attach(.topic, to: "'\($0[0])'")) 값을 받지 않습니다(받은 값: '\($0[1])')" }),
        (try! Regex(#"Invalid option: (.+)"#), { "잘못된 옵션: \($0[0])" }),
        (try! Regex(#"Missing required subcommand\."#), { _ in "명령이 필요합니다(list, search, show, sections, feed, serve)" }),
    ]
}

extension String {
    /// The rest after `prefix`, or nil when the string does not start with it.
    func dropPrefix(_ prefix: String) -> String? {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : nil
    }
}

extension StringProtocol {
    /// Without spaces at either end.
    var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
