import ArgumentParser
import Foundation
import HangulIndex
import TimeZoneRules
import WorldClock

/// The root command: `worldclock list | search | show | sections | feed | serve`.
struct WorldClockCommand: AsyncParsableCommand {
    static let version = "1.0.0"

    static let configuration = CommandConfiguration(
        commandName: "worldclock",
        abstract: "세계 시계: tzdata의 모든 시간대를 그곳의 대표 도시 한국어 이름으로, ㄱ ㄴ ㄷ … ㅎ 순으로 묶어 현지 시각과 함께 보여 줍니다.",
        discussion: """
            예:
              worldclock list --section ㄱ   ㄱ 섹션의 곳과 현지 시각
              worldclock search 뉴           순위를 매겨 찾기(ㄴㅇ, 늉, sbdyr도 됩니다)
              worldclock show 뉴욕           한 곳을 자세히
              worldclock sections            색인 제목과 곳의 수
              worldclock feed > feed.json    시계 앱용 JSON 피드
              worldclock serve --port 8080   같은 피드를 HTTP로
              worldclock export site/        API 전체를 nginx·CDN용 정적 파일로
              worldclock doctor              시각을 계산하는 tzdata와 찾아본 곳들

            종료 코드:
              0 성공, 1 찾은 것 없음, 2 사용법 오류, 3 데이터 오류(잘못된 표),
              4 입출력·네트워크 오류(이미 쓰이는 포트, 쓸 수 없는 디렉터리)
            """,
        version: "worldclock \(version) (tzdata \(TZDataChoice.automatic.database.version?.description ?? "?") \(TZDataChoice.automatic.database.source), ICU \(ICUInfo.version), Unicode \(ICUInfo.unicodeVersion))",
        subcommands: [ListCommand.self, SearchCommand.self, ShowCommand.self, SectionsCommand.self, FeedCommand.self, ServeCommand.self,
                      ExportCommand.self, DoctorCommand.self]
    )
}

/// Runs the command line and turns every outcome into an exit code and a message (see `CLIError`);
/// in JSON mode errors are JSON on stdout.
enum WorldClockCLI {
    static func main() async -> Never {
        PhaseTrace.mark("main")
        let arguments = Array(CommandLine.arguments.dropFirst())
        let parsed = Result { try WorldClockCommand.parseAsRoot(arguments) }
        PhaseTrace.mark("arguments parsed")
        // The parsed command says whether it answers in JSON; a command line that did not parse
        // is read once more, leniently, for just that (OutputMode).
        let json = (try? parsed.get()).map(OutputMode.of) ?? OutputMode.lenient(arguments)
        if let position = invalidUTF8Argument() {
            fail(CLIError.usage("\(position)번째 인자가 올바른 UTF-8이 아닙니다"), json: json)
        }
        do {
            var command = try parsed.get()
            if var command = command as? AsyncParsableCommand {
                try await command.run()
            } else {
                try command.run()
            }
            PhaseTrace.mark("done")
            exit(0)
        } catch let error as CLIError {
            fail(error, json: json)
        } catch {
            let code = WorldClockCommand.exitCode(for: error)
            let full = WorldClockCommand.fullMessage(for: error, columns: KoreanHelp.unwrapped)
            let width = Terminal.width ?? 80
            if code == .success {
                let isHelp = full.hasPrefix("OVERVIEW: ") || full.hasPrefix("USAGE: ")
                print(isHelp ? KoreanHelp.help(full, width: width) : full)
                exit(0)
            }
            let message = KoreanHelp.parserMessage(WorldClockCommand.message(for: error))
            if code == .validationFailure {
                if json { fail(CLIError.usage(message), json: true) }
                FileHandle.standardError.write(Data((KoreanHelp.usageError(message, full: full, width: width) + "\n").utf8))
                exit(CLIError.usage("").exitCode.rawValue)
            }
            fail(CLIError.data(message), json: json)
        }
    }

    static func fail(_ error: CLIError, json: Bool) -> Never {
        if json {
            Output.json(FeedError(code: error.code, message: error.message))
        } else {
            // Every message is made printable where it quotes input; this is the last guard.
            FileHandle.standardError.write(Data("worldclock: \(Terminal.printableLines(error.message))\n".utf8))
        }
        exit(error.exitCode.rawValue)
    }

    /// The 1-based position of the first argument that is not valid UTF-8 (Swift would quietly
    /// replace its bad bytes with U+FFFD).
    static func invalidUTF8Argument() -> Int? {
        for index in 1..<Int(CommandLine.argc) {
            guard let pointer = CommandLine.unsafeArgv[index] else { continue }
            let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer))
            if String(validating: bytes, as: UTF8.self) == nil { return index }
        }
        return nil
    }
}

/// A command whose output, errors included, is JSON when it says so (`--json`; `feed` always).
protocol JSONOutput {
    var writesJSON: Bool { get }
}

/// Whether errors are written as JSON on stdout.
enum OutputMode {
    /// What the parsed command says; false for a command without JSON output.
    static func of(_ command: any ParsableCommand) -> Bool { (command as? JSONOutput)?.writesJSON ?? false }

    /// For a command line that did not parse (a validation error): the subcommand's name and a
    /// `--json` flag read by ArgumentParser itself, all else left unread, so that `--` and option
    /// values are honoured (`search -- --json` searches for "--json").
    static func lenient(_ arguments: [String]) -> Bool {
        guard let read = try? Lenient.parse(arguments) else { return false }
        return read.json || read.rest.first == FeedCommand.configuration.commandName
    }

    private struct Lenient: ParsableArguments {
        @Flag var json = false
        @Argument(parsing: .allUnrecognized) var rest: [String] = []
    }
}

/// A failure with its exit code: each class of failure has its own, documented in the root
/// command's help and the README. Thrown by any command; `WorldClockCLI` writes the message (or
/// the JSON error) and exits with `exitCode`.
enum CLIError: Error {
    /// Nothing matched (exit 1).
    case nothingFound(String)
    /// The command line is wrong (exit 2).
    case usage(String)
    /// The zone table or ICU failed (exit 3).
    case data(String)
    /// Reading, writing or the network failed: a port already in use, a directory that cannot be
    /// written (exit 4).
    case io(String)

    var exitCode: ExitCode {
        switch self {
        case .nothingFound: ExitCode(1)
        case .usage: ExitCode(2)
        case .data: ExitCode(3)
        case .io: ExitCode(4)
        }
    }

    var code: String {
        switch self {
        case .nothingFound: "not_found"
        case .usage: "usage"
        case .data: "data"
        case .io: "io"
        }
    }

    var message: String {
        switch self {
        case .nothingFound(let message), .usage(let message), .data(let message), .io(let message): message
        }
    }
}
