import WorldClockKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `worldclock add <곳>…`: puts places into my clocks, in the order given, each read as search reads it.
struct AddCommand: Command {
    static let spec = CommandSpec(
        name: "add",
        abstract: "곳을 내 시계에 더합니다. 곳은 검색처럼 찾습니다(뉴욕, 키예프, JFK, Asia/Seoul). 여러 곳을 한 번에 줄 수 있습니다.",
        english: "Adds places to my clocks, found as search finds them (뉴욕, 키예프, JFK, Asia/Seoul); several at once.",
        options: TableOptions.options + TZDataOption.options,
        arguments: [
            ArgumentSpec(
                valueName: "곳", help: "더할 곳. 띄어 쓴 이름은 따옴표로 묶습니다(\"로드 하우\").", english: "Places to add; quote a name of two words (\"로드 하우\").",
                repeats: true)
        ]
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
        let rules = try tzdata.database()
        let search = PlaceSearch(catalogue: try table.catalogue(tzdata: rules), tzdata: rules, at: Date())
        // Resolved before the lock: a search must not keep other writers waiting.
        let places = try PlaceArgument.texts(words, search: search).map { try PlaceArgument.one($0, search: search) }
        var added: [String] = [], present: [String] = []
        let clocks = try file.edit { clocks in
            for place in places {
                // `add 뉴욕 뉴욕`, `add 뉴욕 NYC`: one place named twice is said once.
                if added.contains(place.name) || present.contains(place.name) { continue }
                if clocks.add(MyClocks.Entry(name: place.name, zoneID: place.zoneID)) {
                    added.append(place.name)
                } else {
                    present.append(place.name)
                }
            }
            return clocks
        }
        for bad in clocks.unknownZones(in: rules) { Terminal.note("경고: " + file.unknownZone(bad.line, bad.entry, tzdata: rules)) }
        if !present.isEmpty { Terminal.note("이미 내 시계에 있습니다: \(present.map { Terminal.printable($0) }.joined(separator: ", "))") }
        if !added.isEmpty { Output.line("내 시계에 더했습니다: \(added.map { Terminal.printable($0) }.joined(separator: ", ")) (모두 \(clocks.clocks.count)곳)") }
    }
}
