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
        options: TableOptions.options + TZDataOption.options,
        arguments: [ArgumentSpec(valueName: "곳", help: "뺄 곳.", repeats: true)]
    )

    let words: [String]
    let table: TableOptions
    let tzdata: TZDataOption

    init(_ arguments: ParsedArguments) throws(UsageError) {
        words = arguments.words(from: 0)
        table = TableOptions(arguments)
        tzdata = TZDataOption(arguments)
    }

    var writesJSON: Bool { false }

    func run() throws {
        let path = try MyClocksEdit.path()
        var clocks = try MyClocks.loadForCLI()
        // A saved name is taken as it is (a place since renamed in the table still goes).
        let names: [String]
        if words.allSatisfy({ word in clocks.clocks.contains { $0.name == word } }) {
            names = words
        } else if clocks.clocks.contains(where: { $0.name == words.joined(separator: " ") }) {
            names = [words.joined(separator: " ")]
        } else {
            let rules = try tzdata.database()
            let search = PlaceSearch(catalogue: try table.catalogue(tzdata: rules), tzdata: rules, at: Date())
            names = try MyClocksEdit.places(words, what: "", search: search).map(\.name)
        }
        let missing = names.filter { !clocks.contains(name: $0) }
        guard missing.isEmpty else {
            throw CLIError.nothingFound("내 시계에 없습니다: \(missing.map { Terminal.printable($0) }.joined(separator: ", "))")
        }
        clocks.clocks.removeAll { names.contains($0.name) }
        try MyClocksEdit.save(clocks, to: path)
        Output.line("내 시계에서 뺐습니다: \(names.map { Terminal.printable($0) }.joined(separator: ", ")) (남은 곳 \(clocks.clocks.count)곳)")
    }
}
