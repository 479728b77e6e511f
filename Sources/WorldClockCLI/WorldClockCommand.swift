import BuildStamp
import HangulCollation
import HangulIndex
import Synchronization
import TimeZoneRules
import WireCore
import WorldClockKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A subcommand: its spec, how it takes its read arguments (a usage error when they do not fit
/// together), whether it answers in JSON, and what it does.
package protocol Command {
    static var spec: CommandSpec { get }
    init(_ arguments: ParsedArguments) throws(UsageError)
    /// Its output, errors included, is JSON (`--json`; `feed` always).
    var writesJSON: Bool { get }
    func run() throws
}

extension Command {
    /// A command without `--json` writes JSON only when its spec says it always does (`feed`).
    package var writesJSON: Bool { Self.spec.alwaysJSON }
}

/// The root: `worldclock list | search | show | sections | feed | serve | export | doctor`.
package enum WorldClockCommand {
    /// The release (`WorldClockBuild`, which `/v1/meta` reads too).
    static var version: String { WorldClockBuild.version }

    static let spec = CommandSpec(
        name: "",
        abstract: "세계 시계: tzdata의 모든 시간대를 그곳의 대표 도시 한국어 이름으로, ㄱ ㄴ ㄷ … ㅎ 순으로 묶어 현지 시각과 함께 보여 줍니다.",
        english:
            """
            A Korean world clock: every tzdata zone under the Korean name of its city, grouped ㄱ ㄴ ㄷ … ㅎ, with its local time. Everything it \
            says is Korean; options may come before or after the command.
            """,
        discussion: """
            예:
              worldclock                     내 시계: 더해 둔 곳들의 지금 시각
              worldclock add 뉴욕 런던       내 시계에 더하기(빼기는 remove, 순서는 move)
              worldclock 뉴욕                한 곳을 자세히(여러 곳은 show 뉴욕 런던)
              worldclock --at 09:00          기준 시간대가 9시일 때 내 시계들의 시각
              worldclock list --section ㄱ   ㄱ 섹션의 곳과 현지 시각
              worldclock search 뉴           순위를 매겨 찾기(ㄴㅇ, 늉, sbdyr도 됩니다)
              worldclock plan 서울 뉴욕 런던  회의 시간 찾기(업무 시간, 공평한 순위, .ics)
              worldclock sections            색인 제목과 곳의 수
              worldclock feed > feed.json    시계 앱용 JSON 피드
              worldclock serve --port 8080   같은 피드를 HTTP로
              worldclock export site/        API 전체를 nginx·CDN용 정적 파일로
              worldclock doctor              시각을 계산하는 tzdata와 찾아본 곳들

            옵션은 명령 앞에도 뒤에도 둘 수 있습니다(worldclock --at 09:00 show 뉴욕).

            종료 코드:
              0 성공, 1 찾은 것 없음, 2 사용법 오류,
              3 데이터 오류(잘못된 표나 내 시계 파일),
              4 입출력·네트워크 오류(이미 쓰이는 포트, 쓸 수 없는 디렉터리나 읽기 전용 파일)
            """
    )

    /// Every command, in the order help lists them; `serve` and `export` as the binary runs them
    /// (the CLI hands them to `worldclock-server`, which runs them itself).
    package static func commands(
        serve: any Command.Type = ServeInServerBinary.self,
        export: any Command.Type = ExportInServerBinary.self
    ) -> [any Command.Type] {
        [
            ClocksCommand.self, AddCommand.self, RemoveCommand.self, MoveCommand.self, FromCommand.self, ListCommand.self, SearchCommand.self,
            ShowCommand.self, PlanCommand.self, SectionsCommand.self, FeedCommand.self, serve, export, DoctorCommand.self,
            HealthCommand.self,
        ]
    }

    /// `--version`: the tool, the commit it was built from (Scripts/release/package passes it; any other
    /// build says it is a development build), the tzdata compiled in and the one it would use; then
    /// the licence and the data's credits (`Credits`). No ICU: it is loaded only for `--data`, and a static executable cannot load it at all.
    static var versionText: String {
        let database = TZDataChoice.automatic.database
        return "worldclock \(version) (" + (WorldClockBuild.commit.map { "커밋 \($0)" } ?? "커밋 모름: 개발 빌드")
            + ", 내장 tzdata \(TZDatabase.bundled.version?.description ?? "?")"
            + ", 사용 중 tzdata \(database.version?.description ?? "?") \(database.source))\n" + Credits.line
    }
}

/// Runs the command line and turns every outcome into an exit code and a message (see `CLIError`);
/// in JSON mode errors are JSON on stdout.
package enum WorldClockCLI {
    package static func main(commands: [any Command.Type] = WorldClockCommand.commands()) -> Never {
        PhaseTrace.mark("main")
        // The CLI says tzdata warnings itself, in Korean (TZDataOption).
        TZDataChoice.reportsWarnings.store(false, ordering: .relaxed)
        let arguments = Array(CommandLine.arguments.dropFirst())
        let specs = commands.lazy.map { $0.spec }
        if let position = invalidUTF8Argument() {
            fail(CLIError.refused("\(position)번째 인자가 올바른 UTF-8이 아닙니다", .invalidUTF8), json: ArgumentReader.asksForJSON(arguments, commands: specs))
        }
        let command: any Command
        do {
            switch try ArgumentReader.read(arguments, commands: specs) {
            case .help(let spec):
                let width = Terminal.width ?? 80
                Output.line(
                    spec.map { HelpText.command($0, width: width) } ?? HelpText.root(WorldClockCommand.spec, commands: Array(specs), width: width))
                exit(0)
            case .version:
                Output.line(WorldClockCommand.versionText)
                exit(0)
            case .completionScript(let shell):
                print(CompletionScript.script(for: shell, commands: Array(specs)), terminator: "")
                exit(0)
            case .manPage(let page, let language):
                print(
                    ManPage.page(page, language: language, root: WorldClockCommand.spec, commands: Array(specs), date: ManPage.date), terminator: "")
                exit(0)
            case .run(let parsed):
                let type = commands.first { $0.spec.name == parsed.command.name }!
                command = try type.init(parsed)
            }
        } catch {
            if let line = ServerCommands.failureLine(error.message, arguments: arguments) {
                StandardStream.error.write(line)
                exit(error.refusal.exitCode)
            }
            if ArgumentReader.asksForJSON(arguments, commands: specs) { fail(CLIError.refused(error.message, error.refusal), json: true) }
            StandardStream.error.write((HelpText.usageError(error, width: Terminal.errorWidth ?? 80) + "\n"))
            exit(error.refusal.exitCode)
        }
        PhaseTrace.mark("arguments parsed")
        do {
            try command.run()
            PhaseTrace.mark("done")
            exit(0)
        } catch let error as CLIError {
            fail(error, json: command.writesJSON)
        } catch {
            fail(CLIError(classifying: error), json: command.writesJSON)
        }
    }

    static func fail(_ error: CLIError, json: Bool) -> Never {
        // `serve`'s failures in its log's format (JSON, the journal's priority), as its other lines.
        if !json, let line = ServerCommands.failureLine(error.message, arguments: Array(CommandLine.arguments.dropFirst())) {
            StandardStream.error.write(line)
            exit(error.exitCode)
        }
        if json {
            Output.wire(JSONWriter.error(code: error.code, message: error.message))
        } else {
            // Every message is made printable where it quotes input; this is the last guard.
            StandardStream.error.write(Terminal.errorText(error.message))
        }
        exit(error.exitCode)
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

/// A failure with its exit code: each class of failure has its own, documented in the root
/// command's help and the README. Thrown by any command; `WorldClockCLI` writes the message (or
/// the JSON error) and exits with `exitCode`.
package enum CLIError: Error {
    /// Nothing matched (exit 1).
    case nothingFound(String)
    /// The command line is wrong (exit 2).
    case usage(String)
    /// A refusal of the table every surface shares (search's `empty_query`, the plan's
    /// `bad_request`): its exit code and JSON `code` are the table's, as the server's and the web
    /// module's are.
    case refused(String, Refusal)
    /// The zone table or ICU failed (exit 3).
    case data(String)
    /// Reading, writing or the network failed: a port already in use, a directory that cannot be
    /// written (exit 4).
    case io(String)

    /// An error a command did not classify itself: a file or system call that failed is I/O
    /// (exit 4); anything else is about the data (exit 3).
    package init(classifying error: any Error) {
        let message = Terminal.printable(String(describing: error))
        self = error is CocoaError || error is POSIXError ? .io(message) : .data(message)
    }

    /// The refusal in the table every surface maps through (`Refusal`), whose exit code and
    /// code the CLI answers with.
    package var refusal: Refusal {
        switch self {
        case .nothingFound: .notFound
        case .usage: .usage
        case .refused(_, let refusal): refusal
        case .data: .data
        case .io: .io
        }
    }

    package var exitCode: Int32 { refusal.exitCode }

    package var code: String { refusal.code }

    package var message: String {
        switch self {
        case .nothingFound(let message), .usage(let message), .refused(let message, _), .data(let message), .io(let message): message
        }
    }
}
