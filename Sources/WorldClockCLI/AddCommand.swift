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
        options: TableOptions.options + TZDataOption.options,
        arguments: [ArgumentSpec(valueName: "곳", help: "더할 곳. 띄어 쓴 이름은 따옴표로 묶습니다(\"로드 하우\").", repeats: true)]
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
        let rules = try tzdata.database()
        let search = PlaceSearch(catalogue: try table.catalogue(tzdata: rules), tzdata: rules, at: Date())
        var added: [String] = [], present: [String] = []
        for place in try MyClocksEdit.places(words, what: "", search: search) {
            let entry = MyClocks.Entry(name: place.name, zoneID: place.zoneID)
            if clocks.clocks.contains(entry) {
                present.append(place.name)
                continue
            }
            clocks.clocks.append(entry)
            added.append(place.name)
        }
        if !added.isEmpty { try MyClocksEdit.save(clocks, to: path) }
        if !present.isEmpty { Terminal.note("이미 내 시계에 있습니다: \(present.map { Terminal.printable($0) }.joined(separator: ", "))") }
        if !added.isEmpty { Output.line("내 시계에 더했습니다: \(added.map { Terminal.printable($0) }.joined(separator: ", ")) (모두 \(clocks.clocks.count)곳)") }
    }
}

/// What add, remove and from share: where the file is, reading the places typed, saving.
enum MyClocksEdit {
    /// The file, or an error when there is nowhere to keep it.
    static func path() throws -> String {
        guard let path = MyClocks.path else {
            throw CLIError.io("내 시계를 둘 곳이 없습니다: XDG_CONFIG_HOME도 HOME도 정해져 있지 않습니다")
        }
        return path
    }

    /// One place per word; when a word alone names no single place, the words together as one
    /// name (`add new york` is 뉴욕, `add 뉴욕 런던` two places).
    static func places(_ words: [String], what: String, search: PlaceSearch) throws -> [Place] {
        func one(_ text: String) throws -> Place {
            let found = try PlaceArgument.resolve(text, what: what, search: search, quiet: false)
            return PlaceArgument.principal(of: found.places) ?? found.places[0]
        }
        guard words.count > 1 else { return [try one(words[0])] }
        // The words as one name first, when that is a whole name (new york → 뉴욕); else each word a place.
        let joined = words.joined(separator: " ")
        if case .found(_, let reading)? = try? PlaceResolver(search: search).resolve(joined) {
            switch reading {
            case .name, .zoneID: return [try one(joined)]
            case .search(let match, _, _) where match.kind == .exact: return [try one(joined)]
            case .search: break
            }
        }
        return try words.map(one)
    }

    static func save(_ clocks: MyClocks, to path: String) throws {
        do { try clocks.save(to: path) } catch { throw CLIError.io("내 시계를 저장하지 못했습니다: \(error.message)") }
    }
}
