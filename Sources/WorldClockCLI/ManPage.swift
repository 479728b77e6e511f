import MeetingPlanning
import WireCore
import WorldClockKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The man pages, worldclock(1) and worldclock-server(8), in Korean and English, written from the
/// same specs as `--help` (`worldclock --generate-man-page worldclock ko`): an option's page text
/// is its `help` (Korean) or `english`, so the page and `--help` cannot disagree. Scripts/release/package
/// writes them into the .deb; ManPageTests compares each page with the help.
package enum ManPage {
    /// The two pages.
    package enum Page: String, CaseIterable, Sendable {
        /// worldclock(1): every command.
        case worldclock
        /// worldclock-server(8): serving and exporting, the service's settings and units.
        case server = "worldclock-server"

        var section: Int { self == .worldclock ? 1 : 8 }
    }

    /// The languages a page is written in: `ko` (installed under /usr/share/man/ko/) and `en`.
    package enum Language: String, CaseIterable, Sendable {
        case korean = "ko"
        case english = "en"
    }

    /// The commands each page describes, by name: the server's are the ones it runs itself.
    static let serverCommands: Set<String> = ["serve", "export", "health"]

    /// The English page's names for the option table's Korean value names (`--section <letter>`):
    /// under `LANG=C` a Korean name in the synopsis is lost, so the English page shows these.
    /// ManPageTests checks that every value name of the table is ASCII or has its English here.
    static let englishValueNames: [String: String] = [
        "ㄱ": "letter", "개수": "count", "기준": "place", "날": "day", "디렉터리": "directory", "수": "number",
        "수준": "level", "시각": "time", "월-금": "days", "주소": "address", "초": "seconds", "파일": "file",
        "포트": "port", "포트|off": "port|off", "호스트:포트|main|off": "host:port|main|off", "형식": "format", "검색어": "query", "곳": "place", "위치": "position",
    ]

    /// The environment variables of the option table: each option of a command that reads the
    /// environment (`serve`, `export`), once, with the commands that take it, in the table's order.
    package static func environment(of commands: [CommandSpec]) -> [(variable: String, option: OptionSpec, commands: [String])] {
        var result: [(variable: String, option: OptionSpec, commands: [String])] = []
        for command in commands where command.readsEnvironment {
            for option in command.options {
                if let index = result.firstIndex(where: { $0.variable == option.environmentName }) {
                    result[index].commands.append(command.name)
                } else {
                    result.append((option.environmentName, option, [command.name]))
                }
            }
        }
        return result
    }

    /// The page's date: SOURCE_DATE_EPOCH's day (Scripts/release/package sets the commit's), else today's, in UTC.
    static var date: String {
        let seconds = getenv("SOURCE_DATE_EPOCH").flatMap { Int(String(cString: $0)) } ?? Int(time(nil))
        var moment = time_t(seconds)
        var parts = tm()
        gmtime_r(&moment, &parts)
        return "\(parts.tm_year + 1900)-\(zeroPadded(Int(parts.tm_mon) + 1, width: 2))-\(zeroPadded(Int(parts.tm_mday), width: 2))"
    }

    /// The page in roff (man(7) macros).
    /// - Parameters:
    ///   - date: the page's date (YYYY-MM-DD): the commit's, so a rebuild writes the same page.
    package static func page(_ page: Page, language: Language, root: CommandSpec, commands: [CommandSpec], date: String) -> String {
        let ko = language == .korean
        func text(_ korean: String, _ english: String) -> String { ko ? korean : english }
        func value(_ name: String) -> String { ko ? name : englishValueNames[name] ?? name }
        func label(_ option: OptionSpec) -> String { "--\(option.name)" + (option.valueName.map { " <\(value($0))>" } ?? "") }
        func label(_ argument: ArgumentSpec) -> String {
            let shown = "<\(value(argument.valueName))>" + (argument.repeats ? "…" : "")
            return argument.isOptional ? "[\(shown)]" : shown
        }
        let shown = page == .worldclock ? commands : commands.filter { serverCommands.contains($0.name) }
        var lines = [
            // man-db reads a page under man/ko/ as EUC-KR unless the page says it is UTF-8.
            ".\\\" -*- coding: UTF-8 -*-",
            ".\\\" Written by `\(page.rawValue) --generate-man-page \(page.rawValue) \(language.rawValue)` from the option table of --help.",
            ".TH \(page.rawValue.uppercased().replacing("-", with: "\\-")) \(page.section) \(date) \"worldclock \(WorldClockCommand.version)\" "
                + quoted(page == .worldclock ? text("사용자 명령", "User Commands") : text("시스템 관리 명령", "System Administration")),
            ".SH " + text("이름", "NAME"),
        ]
        let summary =
            page == .worldclock
            ? text("한국어 세계 시계: 모든 시간대를 도시의 한국어 이름으로, ㄱ ㄴ ㄷ 순으로", "Korean world clock: every time zone under its city's Korean name, grouped ㄱ ㄴ ㄷ")
            : text(
                "worldclock의 HTTP 서버: 피드, API, 웹 시계를 제공하고 정적 파일로 내보냅니다",
                "the worldclock HTTP server: serves the feed, the API and the web clock, and exports them as static files")
        lines.append("\(escape(page.rawValue)) \\- \(escape(summary))")

        lines.append(".SH " + text("사용법", "SYNOPSIS"))
        for command in shown {
            lines.append(".SY \(escape(page.rawValue))")
            if !command.name.isEmpty { lines.append(".B \(escape(command.name))") }
            lines += command.options.map { ".OP \(escape("--" + $0.name))" + ($0.valueName.map { " " + quoted(value($0)) } ?? "") }
            lines += command.arguments.map { ".I " + quoted(label($0)) }
            lines.append(".YS")
        }

        lines.append(".SH " + text("설명", "DESCRIPTION"))
        if page == .worldclock {
            lines += paragraphs(ko ? root.abstract : root.english)
            if ko { lines += paragraphs(root.discussion) }
        } else {
            lines += paragraphs(
                text(
                    """
                    worldclock-server는 worldclock과 같은 명령을 받고, serve와 export를 직접 실행합니다(worldclock serve와 worldclock export는 옆에 설치된 이 실행 파일에 \
                    넘깁니다). worldclock.service가 serve를, worldclock-export.timer가 매일 export를 실행합니다.
                    """,
                    """
                    worldclock-server takes the same commands as worldclock and runs serve and export itself (worldclock serve and worldclock \
                    export hand themselves over to this executable, installed beside it). worldclock.service runs serve; \
                    worldclock-export.timer runs export daily.
                    """
                ))
        }

        lines.append(".SH " + text("옵션", "OPTIONS"))
        lines += item(
            "-V, --version", text("버전, 빌드한 커밋, 내장 tzdata를 보여 줍니다.", "Shows the version, the commit it was built from and the tzdata compiled in."))
        lines += item(
            text("--generate-completion-script <셸>", "--generate-completion-script <shell>"),
            text("셸 자동 완성 스크립트를 씁니다(bash, zsh, fish).", "Writes the shell completion script (bash, zsh, fish)."))
        lines += item("-h, --help", text("도움말을 보여 줍니다.", "Shows the help."))

        lines.append(".SH " + text("명령", "COMMANDS"))
        for command in shown {
            lines.append(".SS " + quoted(command.name))
            lines += paragraphs(ko ? command.abstract : command.english)
            if ko && !command.discussion.isEmpty { lines += paragraphs(command.discussion) }
            for argument in command.arguments { lines += item(label(argument), ko ? argument.help : argument.english) }
            for option in command.options { lines += item(label(option), ko ? option.help : option.english) }
        }

        // Every variable of the option table (ManPageTests and Scripts/release/package-check check that none is missing).
        lines.append(".SH " + text("환경", "ENVIRONMENT"))
        lines += paragraphs(
            text(
                """
                serve와 export는 명령줄에 없는 옵션을 환경 변수에서 읽습니다: WORLDCLOCK_ 뒤에 옵션 이름을 대문자로, -를 _로 쓴 변수입니다(명령줄이 우선합니다). 켜고 끄는 옵션은 1, true, yes, on 또는 \
                0, false, no, off를 받습니다.
                """,
                """
                serve and export read each option the command line leaves out from an environment variable: WORLDCLOCK_ and the option's name \
                in capitals, dashes as underscores (the command line wins). A flag takes 1, true, yes, on or 0, false, no, off.
                """
            ))
        for (variable, option, names) in Self.environment(of: commands) {
            let which = names.joined(separator: ko ? ", " : " and ")
            lines += item(
                variable,
                text("\(which)의 \(label(option)): ", "\(label(option)) of \(which): ") + (ko ? option.help : option.english))
        }

        if page == .server {
            lines += item(
                "WORLDCLOCK_OPTIONS",
                text(
                    "worldclock.service가 serve에 더 넘기는 옵션. WORLDCLOCK_HOST와 WORLDCLOCK_PORT는 --host와 --port로 넘깁니다(기본값 127.0.0.1, 8080).",
                    """
                    More options worldclock.service passes to serve; it passes WORLDCLOCK_HOST and WORLDCLOCK_PORT as --host and --port \
                    (default 127.0.0.1, 8080).
                    """
                ))
            lines.append(".SH " + text("파일", "FILES"))
            lines += item(
                "/etc/default/worldclock",
                text(
                    "worldclock.service와 worldclock-export.service의 설정(위 환경 변수).",
                    "Settings of worldclock.service and worldclock-export.service (the variables above)."))
            lines += item(
                "/lib/systemd/system/worldclock.service",
                text("serve를 실행하는 systemd 단위(DynamicUser).", "The systemd unit that runs serve (DynamicUser)."))
            lines += item(
                "/lib/systemd/system/worldclock-export.timer",
                text(
                    "매일 /var/www/worldclock/site에 다시 내보내는 타이머(이 경로를 서비스하는 nginx 사이트: /usr/share/doc/worldclock/examples/nginx-site.conf).",
                    "Re-exports into /var/www/worldclock/site daily (an nginx site serving it: /usr/share/doc/worldclock/examples/nginx-site.conf)."))
        }

        lines.append(".SH " + text("종료 상태", "EXIT STATUS"))
        lines += paragraphs(
            text(
                "0 성공, 1 찾은 것 없음, 2 사용법 오류, 3 데이터 오류(잘못된 표나 내 시계 파일), 4 입출력·네트워크 오류(이미 쓰이는 포트, 쓸 수 없는 디렉터리, 불러올 수 없는 시스템 ICU).",
                """
                0 success, 1 nothing found, 2 usage error, 3 data error (a malformed table or clocks file), 4 I/O or network error (a port in \
                use, a directory that cannot be written, a system ICU that cannot be loaded).
                """
            ))
        lines.append(".SH " + text("함께 보기", "SEE ALSO"))
        lines.append(page == .worldclock ? ".BR worldclock\\-server (8)" : ".BR worldclock (1)")
        // A heading starts a paragraph of its own: a .PP right after it is dropped (mandoc warns).
        let kept = lines.enumerated().filter { index, line in
            !(line == ".PP" && index > 0 && (lines[index - 1].hasPrefix(".SH") || lines[index - 1].hasPrefix(".SS")))
        }
        let written = kept.map(\.element).joined(separator: "\n") + "\n"
        return ko ? written : asciiOnly(written)
    }

    /// A tagged paragraph: the label in bold, its text under it.
    private static func item(_ label: String, _ text: String) -> [String] {
        [".TP", ".B " + quoted(label)] + [escape(text)]
    }

    /// Prose as paragraphs; lines that start with a space (examples laid out by hand) kept as
    /// they are, unfilled.
    private static func paragraphs(_ text: String) -> [String] {
        var lines: [String] = []
        var literal = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix(" ") {
                if !literal { lines += [".PP", ".nf"] }
                literal = true
                lines.append(escape(line))
                continue
            }
            if literal { lines.append(".fi") }
            literal = false
            if line.isEmpty { continue }
            lines += [".PP", escape(line)]
        }
        if literal { lines.append(".fi") }
        return lines
    }

    /// The English page in ASCII: every other character as its roff escape (`\[u3131]`), so that
    /// groff reads the page the same in any locale (`LANG=C` reads UTF-8 bytes as Latin-1) and
    /// renders the Korean examples on a UTF-8 terminal.
    static func asciiOnly(_ page: String) -> String {
        var result = ""
        for scalar in page.unicodeScalars {
            if scalar.isASCII {
                result.unicodeScalars.append(scalar)
            } else {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            }
        }
        return result
    }

    /// `text` as roff prints it literally: backslashes, dashes as minus signs (options), and a
    /// leading dot or quote that would make the line a request.
    static func escape(_ text: String) -> String {
        let escaped = text.replacing("\\", with: "\\e").replacing("-", with: "\\-")
        return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
    }

    /// A macro argument in double quotes (a quote inside doubled).
    private static func quoted(_ text: String) -> String { "\"" + escape(text).replacing("\"", with: "\"\"") + "\"" }
}
