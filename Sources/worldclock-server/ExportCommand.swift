import WorldClockCLI
import WorldClockKit
import WorldClockServer

// FoundationEssentials, never Foundation: one import of Foundation links all of it, with ICU's
// data, into the static server (docs/packaging.md).
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `worldclock export DIR`: the HTTP API as static files (with .gz beside them) for nginx, an object
/// store or a CDN, the same bodies `worldclock serve` answers with `?at=` the export's instant.
struct ExportCommand: Command {
    static var spec: CommandSpec { ServerCommands.export }

    let directory: String
    let instant: InstantOptions
    let table: TableOptions
    let tzdata: TZDataOption

    init(_ arguments: ParsedArguments) throws(UsageError) {
        directory = arguments.argument(0)
        instant = try InstantOptions(arguments)
        table = TableOptions(arguments)
        tzdata = TZDataOption(arguments)
    }

    func run() throws {
        let rules = try tzdata.database()
        let catalogue = try table.catalogue(tzdata: rules)
        let at = instant.instant()
        let index: StaticExport.Index
        let tree: URL
        do {
            (index, tree) = try PublishedExport.publish(
                catalogue: catalogue, tzdata: rules, at: at,
                to: URL(fileURLWithPath: directory, isDirectory: true))
        } catch let error as CLIError {
            throw error
        } catch let error as PublishedExport.Failure {
            throw CLIError.io(error.description)
        } catch {
            throw CLIError.io("\(Terminal.printable(directory, limit: 80))에 쓰지 못했습니다: \(FileProblem.writing(directory + "/index.json"))")
        }
        let bytes = index.entries.reduce(0) { $0 + $1.bytes }
        let gzipBytes = index.entries.reduce(0) { $0 + ($1.gzipBytes ?? $1.bytes) }
        Output.line(
            """
            \(directory) → \(tree.deletingLastPathComponent().lastPathComponent)/\(tree.lastPathComponent): 경로 \(index.entries.count)개, \
            \(Self.grouped(bytes)) 바이트 (gzip \(Self.grouped(gzipBytes)) 바이트), 시각 \(index.at), tzdata \(index.meta.tzdataVersion), 규칙 다이제스트 \
            \(index.meta.rulesDigest ?? "-"), 목록 index.json
            """
        )
    }

    /// `1234567` as `1,234,567`.
    static func grouped(_ value: Int) -> String {
        let digits = Array(String(value.magnitude))
        let groups = stride(from: digits.count, to: 0, by: -3).reversed().map { String(digits[max(0, $0 - 3)..<$0]) }
        return (value < 0 ? "-" : "") + groups.joined(separator: ",")
    }
}
