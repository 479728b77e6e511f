import Foundation
import WorldClock
import WorldClockServer

/// `worldclock export DIR`: the HTTP API as static files (with .gz beside them) for nginx, an object
/// store or a CDN, the same bodies `worldclock serve` answers with `?at=` the export's instant.
struct ExportCommand: Command {
    static let spec = CommandSpec(
        name: "export",
        abstract: "API 전체를 정적 파일로 씁니다(nginx, 오브젝트 스토리지, CDN용, .gz 포함).",
        discussion: "내보낸 시각의 본문은 `worldclock serve`에 같은 `?at=`을 준 응답과 바이트까지 같습니다. 시각은 시간대마다 앞으로 1년치 전환 정보가 함께 있어 클라이언트가 직접 계산합니다. 하루에 한 번 다시 내보내면 됩니다. nginx 설정 예: Scripts/nginx-export.conf",
        options: InstantOptions.options + TableOptions.options + TZDataOption.options,
        arguments: [ArgumentSpec(valueName: "디렉터리", help: "쓸 디렉터리(없으면 만듭니다).")]
    )

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

    var writesJSON: Bool { false }

    func run() throws {
        let catalogue = try table.catalogue()
        let at = instant.instant()
        let index: StaticExport.Index
        do {
            index = try StaticExport.write(catalogue: catalogue, tzdata: try tzdata.database(), at: at,
                                           to: URL(fileURLWithPath: directory, isDirectory: true))
        } catch let error as CLIError {
            throw error
        } catch {
            throw CLIError.io("\(directory)에 쓰지 못했습니다: \(error.localizedDescription)")
        }
        let bytes = index.entries.reduce(0) { $0 + $1.bytes }
        let gzipBytes = index.entries.reduce(0) { $0 + ($1.gzipBytes ?? $1.bytes) }
        Output.line("\(directory): 경로 \(index.entries.count)개, \(bytes.formatted()) 바이트 (gzip \(gzipBytes.formatted()) 바이트), 시각 \(index.at), 목록 index.json")
    }
}
