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
        abstract: "세계 시계: every city of the world, grouped ㄱ ㄴ ㄷ … ㅎ, with its local time now.",
        discussion: """
            Examples:
              worldclock list --section ㄱ   cities under ㄱ with their local time
              worldclock search 뉴           ranked search (ㄴㅇ, 늉, sbdyr work too)
              worldclock show 뉴욕           one city in detail
              worldclock sections            the index titles with counts
              worldclock feed > feed.json    the JSON feed for clock apps
              worldclock serve --port 8080   the same feed over HTTP
              worldclock doctor              which tzdata gives the times, and what else was found

            Exit codes: 0 ok, 1 nothing found, 2 usage error, 3 data error (bad table).
            """,
        version: "worldclock \(version) (tzdata \(TZDataChoice.automatic.database.version?.description ?? "?") \(TZDataChoice.automatic.database.source), ICU \(ICUInfo.version), Unicode \(ICUInfo.unicodeVersion))",
        subcommands: [ListCommand.self, SearchCommand.self, ShowCommand.self, SectionsCommand.self, FeedCommand.self, ServeCommand.self,
                      DoctorCommand.self]
    )
}

/// Runs the command line and turns every outcome into an exit code and a message:
/// 0 ok, 1 nothing found, 2 usage error, 3 data error; in `--json` mode errors are JSON on stdout.
enum WorldClockCLI {
    static func main() async -> Never {
        let arguments = Array(CommandLine.arguments.dropFirst())
        let json = arguments.contains("--json") || arguments.first == "feed"
        if let position = invalidUTF8Argument() {
            fail(CLIError.usage("argument \(position) is not valid UTF-8"), json: json)
        }
        do {
            var command = try WorldClockCommand.parseAsRoot(arguments)
            if var command = command as? AsyncParsableCommand {
                try await command.run()
            } else {
                try command.run()
            }
            exit(0)
        } catch let error as CLIError {
            fail(error, json: json)
        } catch {
            let code = WorldClockCommand.exitCode(for: error)
            if code == .success {
                print(WorldClockCommand.fullMessage(for: error))
                exit(0)
            }
            if code == .validationFailure {
                if json { fail(CLIError.usage(WorldClockCommand.message(for: error)), json: true) }
                FileHandle.standardError.write(Data((WorldClockCommand.fullMessage(for: error) + "\n").utf8))
                exit(CLIError.usage("").exitCode)
            }
            fail(CLIError.data(WorldClockCommand.message(for: error)), json: json)
        }
    }

    static func fail(_ error: CLIError, json: Bool) -> Never {
        if json {
            Output.json(FeedError(code: error.code, message: error.message))
        } else {
            FileHandle.standardError.write(Data("worldclock: \(error.message)\n".utf8))
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

/// A failure with its exit code.
enum CLIError: Error {
    /// Nothing matched (exit 1).
    case nothingFound(String)
    /// The command line is wrong (exit 2).
    case usage(String)
    /// The zone table or ICU failed (exit 3).
    case data(String)

    var exitCode: Int32 {
        switch self {
        case .nothingFound: 1
        case .usage: 2
        case .data: 3
        }
    }

    var code: String {
        switch self {
        case .nothingFound: "not_found"
        case .usage: "usage"
        case .data: "data"
        }
    }

    var message: String {
        switch self {
        case .nothingFound(let message), .usage(let message), .data(let message): message
        }
    }
}
