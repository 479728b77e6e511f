import WireCore
import WorldClockKit

/// `worldclock sections`: the index titles with their counts.
struct SectionsCommand: Command {
    static let spec = CommandSpec(
        name: "sections",
        abstract: "색인 제목과 제목마다 들어 있는 곳의 수(목록 화면 옆에 그리는 색인).",
        english: "The index titles and how many places each holds (the index drawn beside a list).",
        options: [
            .flag("json", help: "텍스트 대신 JSON으로 출력합니다.", english: "Writes JSON instead of text."),
            .flag("all-sections", help: "곳이 없는 제목도 보여 줍니다.", english: "Shows titles with no place too."),
        ] + TableOptions.options
    )

    let json: Bool
    let allSections: Bool
    let table: TableOptions

    init(_ arguments: ParsedArguments) {
        json = arguments.flag("json")
        allSections = arguments.flag("all-sections")
        table = TableOptions(arguments)
    }

    var writesJSON: Bool { json }

    /// One title and its count, as JSON.
    struct Count: WireWritable {
        let title: String
        let count: Int

        func write(to json: inout JSONWriter) {
            json.object {
                $0.field("count", count)
                $0.field("title", title)
            }
        }
    }

    func run() throws {
        let catalogue = try table.catalogue()
        let counts = catalogue.indexer.titles.map { Count(title: $0.text, count: catalogue.sections[$0]?.rows.count ?? 0) }
            .filter { allSections || $0.count > 0 }
        if json {
            Output.json(["sections": counts])
            return
        }
        TextTable(rows: counts.map { [$0.title, String($0.count)] }).lines(fitting: nil).forEach { Output.line($0) }
    }
}
