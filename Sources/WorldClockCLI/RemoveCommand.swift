import WorldClockKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `worldclock remove <곳>…`: takes places out of my clocks.
struct RemoveCommand: Command {
    static let spec = CommandSpec(
        name: "remove",
        abstract: "곳을 내 시계에서 뺍니다. 곳은 검색처럼 찾습니다. 내 시계에 없는 곳이면 종료 코드 1로 끝납니다.",
        english: "Removes places from my clocks, found as search finds them. A place not among my clocks exits 1.",
        options: TableOptions.options + TZDataOption.options,
        arguments: [ArgumentSpec(valueName: "곳", help: "뺄 곳.", english: "Places to remove.", repeats: true)]
    )

    let words: [String]
    let table: TableOptions
    let tzdata: TZDataOption

    init(_ arguments: ParsedArguments) throws(UsageError) {
        words = arguments.words(from: 0)
        table = TableOptions(arguments)
        tzdata = TZDataOption(arguments)
    }

    func run() throws {
        let file = try ClocksFile.forEditing()
        let names = try Self.savedNames(words, in: try file.saved(), table: table, tzdata: tzdata)
        let left = try file.edit { clocks in
            // Read again under the lock: another command may have changed the file since.
            let missing = names.filter { !clocks.contains(name: $0) }
            guard missing.isEmpty else {
                throw CLIError.nothingFound("내 시계에 없습니다: \(missing.map { Terminal.printable($0) }.joined(separator: ", "))")
            }
            for name in names { clocks.remove(named: name) }
            return clocks.clocks.count
        }
        Output.line("내 시계에서 뺐습니다: \(names.map { Terminal.printable($0) }.joined(separator: ", ")) (남은 곳 \(left)곳)")
    }

    /// The saved names `words` mean: saved names as typed (a place since renamed in the table
    /// still goes), else places found as search finds them.
    static func savedNames(_ words: [String], in clocks: MyClocks, table: TableOptions, tzdata: TZDataOption) throws -> [String] {
        if words.allSatisfy({ clocks.contains(name: $0) }) { return words }
        let joined = words.joined(separator: " ")
        if clocks.contains(name: joined) { return [joined] }
        let rules = try tzdata.database()
        let search = PlaceSearch(catalogue: try table.catalogue(tzdata: rules), tzdata: rules, at: Date())
        return try PlaceArgument.texts(words, search: search).map { try PlaceArgument.one($0, search: search).name }
    }
}
