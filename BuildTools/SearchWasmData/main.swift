// search-wasm-data: writes the Swift source that compiles the bundled catalogue's search into the
// web app's WebAssembly module (Scripts/dev/build-wasm): the compiled catalogue's match table, the one
// the CLI searches (`CompiledMatchTable`), its columns packed small (`packed(_:)`: hex text, as the
// CLI has them, was three times the size over the wire), every search item's place, and the
// country names search relabels with. The module unpacks the columns when loaded, a pass over
// their digits with no index to build. The zones' rules come later, from the page.
//
//   search-wasm-data OUTPUT.swift
import Foundation
import HangulIndex
import WorldClockKit

/// `text` as a string literal whose value is exactly `text`: quotes, backslashes and control
/// characters (tabs and line breaks, which separate cells and lines) escaped.
func literal(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case _ where scalar.value < 0x20 || scalar.value == 0x7F: out += "\\u{\(String(scalar.value, radix: 16))}"
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out + "\""
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("search-wasm-data: error: \(message)\n".utf8))
    exit(1)
}

/// The numbers of a column as the module reads them (`BundledCatalogue.unpacked`): each the
/// difference from the one before (wrapping, zigzagged so that a small step back is small too),
/// written in 5-bit digits, most significant first, `0`…`O` for a digit with more after it and
/// `P`…`o` for a number's last. Sorted columns (starts, keys, an entry list) come out a digit or two
/// a number, and every character is one a raw string literal keeps as it is.
func packed(_ column: HexColumn) -> String {
    var bytes: [UInt8] = []
    var previous: UInt32 = 0
    for value in column.values(0..<column.count) {
        let step = Int32(bitPattern: value &- previous)
        previous = value
        var zigzag = UInt32(bitPattern: (step << 1) ^ (step >> 31))
        var digits: [UInt8] = [UInt8(0x50 + (zigzag & 31))]
        zigzag >>= 5
        while zigzag > 0 {
            digits.append(UInt8(0x30 + (zigzag & 31)))
            zigzag >>= 5
        }
        bytes += digits.reversed()
    }
    return String(decoding: bytes, as: UTF8.self)
}

/// A text as a raw string literal (`#"…"#`, with as many #s as it needs), whose value is exactly the text.
func rawLiteral(_ text: String) -> String {
    var hashes = "#"
    while text.contains("\"" + hashes) || text.contains("\\" + hashes) { hashes += "#" }
    return hashes + "\"" + text + "\"" + hashes
}

/// A cell of the items' text, which tabs and line breaks split.
func cell(_ value: String) -> String {
    if value.contains(where: { $0 == "\t" || $0 == "\n" || $0 == "\r\n" }) { fail("a tab or line break in \(value)") }
    return value
}

let arguments = CommandLine.arguments
guard arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: search-wasm-data OUTPUT.swift\n".utf8))
    exit(2)
}
let catalogue: Catalogue
do { catalogue = try Catalogue.load() } catch { fail("\(error)") }
guard Catalogue.compiledIsCurrent else { fail("Data/ changed since Scripts/dev/compile-catalogue ran; run it first") }
let items = catalogue.searchItems
let fields = Catalogue.searchFields
// The table every other surface searches: the compiled catalogue's, exactly.
let table = catalogue.nameIndex.compiled
/// The first entry of the table whose text is each text: a place's name, English name, country and
/// zone are texts of the table, so a place refers to them rather than repeat them. By bytes: a
/// String key would take an NFD text for its NFC twin.
let entryOfText: [[UInt8]: UInt32] = {
    var entryOfText: [[UInt8]: UInt32] = [:]
    let textStarts = table.textStarts.values(0..<table.textStarts.count)
    let textBytes = Array(table.texts.utf8)
    for entry in 0..<max(0, textStarts.count - 1) {
        let text = Array(textBytes[Int(textStarts[entry])..<Int(textStarts[entry + 1])])
        if entryOfText[text] == nil { entryOfText[text] = UInt32(entry) }
    }
    return entryOfText
}()
func entry(_ text: String, of place: Place) -> UInt32 {
    guard let entry = entryOfText[Array(text.utf8)] else { fail("\(text) of \(place.name) is no text of the match table") }
    return entry
}
/// Each item a line, in the order of the table's items (listed places in index order, then the
/// search-only ones): `POPULATION TAB COUNTRY-CODE` then its aliases, a cell each; its name,
/// English name, country and zone as the entries of the table whose texts they are, a column each.
var lines: [String] = []
var names: [UInt32] = [], englishNames: [UInt32] = [], countryNames: [UInt32] = [], zones: [UInt32] = []
for (place, _) in items {
    if place.aliases.contains(where: { $0.isEmpty }) { fail("an empty alias of \(place.name)") }
    let cells = [String(place.population), place.countryCode] + place.aliases
    lines.append(cells.map(cell).joined(separator: "\t"))
    names.append(entry(place.name, of: place))
    englishNames.append(entry(place.englishName, of: place))
    countryNames.append(entry(place.country, of: place))
    zones.append(entry(place.zoneID, of: place))
}
/// The parts of a text pool, a line each (`BundledCatalogue.pool` reads them back).
func lines(_ pool: String, _ starts: HexColumn) -> String {
    let bytes = Array(pool.utf8), starts = starts.values(0..<starts.count)
    var parts: [String] = []
    for index in 0..<max(0, starts.count - 1) {
        let part = bytes[Int(starts[index])..<Int(starts[index + 1])]
        if part.contains(0x0A) { fail("a line break in the entry text \(String(decoding: part, as: UTF8.self))") }
        parts.append(String(decoding: part, as: UTF8.self))
    }
    if parts.isEmpty { fail("a match table with no entries") }
    return parts.joined(separator: "\n")
}
func column(_ name: String, _ column: HexColumn) -> String {
    "    static let \(name) = \(rawLiteral(packed(column)))\n"
}
let columns =
    column("otherScalars", table.otherScalars) + column("otherStarts", table.otherStarts) + column("fieldRanks", table.fieldRanks)
    + column("items", table.items)
    + column("itemStarts", table.itemStarts)
    + column("importance", table.importance)
// The letters are not written: the module derives them from the texts (`CompiledMatchTable.letters`),
// and byLaterLetter and byLaterPair from the letters (`CompiledMatchTable.laterPostings`), which
// must give the compiled catalogue's exactly.
let derived = CompiledMatchTable.letters(
    texts: table.texts, textStarts: table.textStarts, otherScalars: table.otherScalars, otherStarts: table.otherStarts)
guard derived.letters == table.letters, derived.letterStarts == table.letterStarts else {
    fail("the letters derived from the texts differ from the compiled catalogue's")
}
let postings = CompiledMatchTable.postings(letters: table.letters, letterStarts: table.letterStarts)
guard postings.byStart == table.byStart, postings.byFirst == table.byFirst, postings.byLaterLetter == table.byLaterLetter,
    postings.byLaterPair == table.byLaterPair
else { fail("the postings derived from the letters differ from the compiled catalogue's") }
let placeColumns =
    column("placeNames", HexColumn(names)) + column("placeEnglishNames", HexColumn(englishNames))
    + column("placeCountries", HexColumn(countryNames)) + column("placeZones", HexColumn(zones))
let countries = catalogue.terms.filter { $0.kind == .country }.map { cell($0.term) + "\t" + cell($0.target) }
let fieldNames = FeedMatch.koreanFieldNames.sorted { $0.key < $1.key }.map { cell($0.key) + "\t" + cell($0.value) }
let source = """
    // Generated by Scripts/dev/build-wasm (search-wasm-data) from the bundled catalogue: not committed.
    // swift-format-ignore-file

    enum BundledSearch {
        /// How many items are listed places (the first ones): what an offset query looks at.
        static let listedCount = \(catalogue.places.count)
        /// The search fields in rank order (`Catalogue.searchFields`).
        static let fields: [String] = [\(fields.map(literal).joined(separator: ", "))]
        /// `SearchProminence.prominentImportance`: the least importance of a place of Data/prominence.tsv.
        static let prominentImportance = \(SearchProminence.prominentImportance)
        static let droppableSuffixes: [String] = [\(Catalogue.droppableSuffixes.map(literal).joined(separator: ", "))]
        /// The items' places, a line each (listed places in index order, then search-only ones):
        /// population, country code and aliases; their names, English names, countries and zones
        /// are entries of the table's texts (packed columns).
        static let places = \(literal(lines.joined(separator: "\n")))
    \(placeColumns)
        /// The compiled catalogue's match table: its text pools, and its columns packed (`packed`).
        static let tableFieldNames = \(literal(table.fieldNames))
        /// The texts and the labels of the table's entries, a line each: the module finds where
        /// each starts (`textStarts`, `labelStarts`) as it takes the line breaks out.
        static let texts = \(literal(lines(table.texts, table.textStarts)))
        static let labels = \(literal(lines(table.labels, table.labelStarts)))
    \(columns)
        /// Country names and short forms, a line each: `NAME TAB CODE`.
        static let countries = \(literal(countries.joined(separator: "\n")))
        /// The feed's Korean names of fields (`FIELD TAB NAME` lines) and of kinds (`FeedMatch`).
        static let fieldNames = \(literal(fieldNames.joined(separator: "\n")))
        static let kindNames: [String] = [\(MatchKind.allCases.map { literal(FeedMatch.koreanKindName($0)) }.joined(separator: ", "))]
    }

    """
do { try Data(source.utf8).write(to: URL(fileURLWithPath: arguments[1])) } catch {
    fail("\(arguments[1]): \(error)")
}
