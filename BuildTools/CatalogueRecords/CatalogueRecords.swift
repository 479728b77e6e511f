import FNV
import HangulIndex

/// What ICU and the search preparation make of the bundled tables, as text with one record per
/// line (`Data/compiled-catalogue.txt`): the listed places in ICU's Korean collation order with
/// their section, and each search item with the texts and importance its search index is built
/// from. `Scripts/dev/compile-catalogue` writes it (`text()`); the EmbedFiles plugin turns it into the
/// columns compiled into WorldClockKit at build time (`swiftSource`), so a change to one place in
/// `Data/` is a one-line diff here, and a run reads the same compiled columns as ever.
///
/// Records, tab-separated (a line starting with `#` is a comment):
///
///     tables       DIGEST                 FNV-1a of the tables it was made from
///     icu          VERSION                the ICU that collated it
///     locale       ko                     the collation locale
///     titles       ㄱ ㄴ … Z              the section titles but `#`
///     initials     N × 19                 the section of each initial consonant
///     latin        N × 26                 the section of each Latin letter
///     fields       name alias …           the search fields in rank order
///     place        TITLE NAME IMPORTANCE TEXT…   a listed place, in index order
///     search-only  NAME IMPORTANCE TEXT…         a place found by search only, in table order
///
/// A TEXT is `field:text`, `field:text|label`, with `*` after the field for a preferred text
/// (an ambiguous zone name's usual place): `zone_name*:CST|미 중부 표준시`.
package struct CatalogueRecords: Sendable {
    /// One search item: a listed place (with its section title) or a search-only place.
    package struct Item: Sendable {
        /// The section title of a listed place; nil for a search-only one.
        package let section: String?
        package let name: String
        package let importance: Int
        package let texts: [SearchableText]

        package init(section: String?, name: String, importance: Int, texts: [SearchableText]) {
            (self.section, self.name, self.importance, self.texts) = (section, name, importance, texts)
        }
    }

    package let tablesDigest: String
    package let icuVersion: String
    package let indexer: IndexDefinition
    /// The search fields in rank order, as the search index is built with them.
    package let fields: [String]
    /// The listed places in index order.
    package let listed: [Item]
    /// The search-only places in table order.
    package let searchOnly: [Item]

    package init(
        tablesDigest: String, icuVersion: String, indexer: IndexDefinition, fields: [String], listed: [Item], searchOnly: [Item]
    ) {
        self.tablesDigest = tablesDigest
        self.icuVersion = icuVersion
        self.indexer = indexer
        self.fields = fields
        self.listed = listed
        self.searchOnly = searchOnly
    }
}

/// A record file or table that cannot be read or written: where, and what is wrong.
package struct RecordError: Error, CustomStringConvertible, Equatable {
    package let path: String
    /// The 1-based line, when one line is at fault.
    package let line: Int?
    package let problem: String

    package init(path: String, line: Int?, problem: String) {
        (self.path, self.line, self.problem) = (path, line, problem)
    }

    package var description: String { "\(path)\(line.map { ":\($0)" } ?? ""): \(problem)" }
}

// MARK: - Writing and reading the record file

extension CatalogueRecords {
    /// The first lines of the file.
    static let preamble = """
        # The bundled catalogue as ICU and the search preparation make it from Data/zones.tsv, Data/search-only.tsv and
        # Data/terms.tsv, one record per line. Written by Scripts/dev/compile-catalogue: do not edit by hand. The EmbedFiles
        # plugin compiles it into WorldClockKit at build time; a test checks that the tables built at run time, with ICU,
        # make exactly this. Records (tab-separated): tables, icu, locale, titles, initials, latin, fields; then
        # `place TITLE NAME IMPORTANCE TEXT...` per listed place in index order and `search-only NAME IMPORTANCE TEXT...`
        # per search-only place in table order. A TEXT is field:text or field:text|label; field* marks a preferred text.

        """

    /// The record file.
    /// - Throws: `RecordError` naming the place and the text that holds a tab, a line break, or
    ///   (in a field name or a text) a character the format uses as a separator.
    package func text(path: String) throws(RecordError) -> String {
        func cell(_ value: String, _ what: String, forbidding separators: String = "") throws(RecordError) -> String {
            if let bad = value.unicodeScalars.first(where: { $0 == "\t" || $0 == "\n" || $0 == "\r" || separators.unicodeScalars.contains($0) }) {
                throw RecordError(
                    path: path, line: nil,
                    problem: "\(what) \"\(value)\" holds U+\(String(bad.value, radix: 16, uppercase: true)), which a record cannot")
            }
            return value
        }
        func item(_ item: Item) throws(RecordError) -> String {
            var cells: [String] = []
            if let section = item.section { cells.append(try cell(section, "the section title of \(item.name)")) }
            cells.append(try cell(item.name, "the place name"))
            cells.append(String(item.importance))
            for text in item.texts {
                var written = try cell(text.field, "a field of \(item.name)", forbidding: ":*|")
                written += text.isPreferred ? "*:" : ":"
                written += try cell(text.text, "a text of \(item.name)", forbidding: "|")
                if let label = text.label, !label.isEmpty { written += "|" + (try cell(label, "a label of \(item.name)")) }
                cells.append(written)
            }
            return cells.joined(separator: "\t")
        }
        var lines = [
            "tables\t" + (try cell(tablesDigest, "the digest")),
            "icu\t" + (try cell(icuVersion, "the ICU version")),
            "locale\t" + (try cell(indexer.collationLocale, "the collation locale")),
        ]
        var titles: [String] = []
        for title in indexer.labelTexts { titles.append(try cell(title, "a section title")) }
        var fieldCells: [String] = []
        for field in fields { fieldCells.append(try cell(field, "a search field", forbidding: ":*|")) }
        lines.append((["titles"] + titles).joined(separator: "\t"))
        lines.append((["initials"] + indexer.initialSections.map(String.init)).joined(separator: "\t"))
        lines.append((["latin"] + indexer.latinSections.map(String.init)).joined(separator: "\t"))
        lines.append((["fields"] + fieldCells).joined(separator: "\t"))
        for place in listed {
            guard place.section != nil else { throw RecordError(path: path, line: nil, problem: "the listed place \(place.name) has no section") }
            lines.append("place\t" + (try item(place)))
        }
        for place in searchOnly {
            lines.append("search-only\t" + (try item(Item(section: nil, name: place.name, importance: place.importance, texts: place.texts))))
        }
        return Self.preamble + lines.joined(separator: "\n") + "\n"
    }

    /// The digest of the tables a record file was made from (its `tables` record), read without
    /// reading the rest.
    package static func digest(in text: String) -> String? { value(of: "tables", in: text) }

    /// The value of a record file's one-value record (`tables`, `icu`, `locale`), read without
    /// reading the rest.
    package static func value(of kind: String, in text: String) -> String? {
        text.split(separator: "\n").first { $0.hasPrefix(kind + "\t") }.map { String($0.dropFirst(kind.count + 1)) }
    }

    /// Reads a record file.
    /// - Throws: `RecordError` with the line of an unknown or malformed record, or naming a
    ///   record the file lacks.
    package init(text: String, path: String) throws(RecordError) {
        var single: [String: String] = [:]
        var titles: [String]?, initials: [Int]?, latin: [Int]?, fields: [String]?
        var listed: [Item] = [], searchOnly: [Item] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            func fail(_ problem: String) -> RecordError { RecordError(path: path, line: number, problem: problem) }
            if line.isEmpty || line.hasPrefix("#") { continue }
            let cells = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            let kind = cells[0], values = Array(cells.dropFirst())
            func numbers(_ count: Int) throws(RecordError) -> [Int] {
                guard values.count == count else { throw fail("`\(kind)` has \(values.count) values, not \(count)") }
                var result: [Int] = []
                for value in values {
                    guard let number = Int(value), number >= 0 else { throw fail("`\(kind)`: \"\(value)\" is not a section number") }
                    result.append(number)
                }
                return result
            }
            func item(section: String?, _ cells: ArraySlice<String>) throws(RecordError) -> Item {
                guard cells.count >= 2, let importance = Int(cells[cells.startIndex + 1]) else {
                    throw fail("`\(kind)` needs a name and an importance (a whole number)")
                }
                var texts: [SearchableText] = []
                for written in cells.dropFirst(2) {
                    guard let colon = written.firstIndex(of: ":") else { throw fail("the text \"\(written)\" has no field (field:text)") }
                    var field = written[..<colon]
                    let isPreferred = field.hasSuffix("*")
                    if isPreferred { field = field.dropLast() }
                    let rest = written[written.index(after: colon)...]
                    let bar = rest.firstIndex(of: "|")
                    let label = bar.map { String(rest[rest.index(after: $0)...]) }
                    texts.append(
                        SearchableText(field: String(field), text: String(rest[..<(bar ?? rest.endIndex)]), label: label, isPreferred: isPreferred))
                }
                return Item(section: section, name: cells[cells.startIndex], importance: importance, texts: texts)
            }
            switch kind {
            case "tables", "icu", "locale":
                guard values.count == 1 else { throw fail("`\(kind)` has \(values.count) values, not 1") }
                guard single[kind] == nil else { throw fail("a second `\(kind)` record") }
                single[kind] = values[0]
            case "titles":
                guard titles == nil else { throw fail("a second `titles` record") }
                titles = values
            case "initials":
                guard initials == nil else { throw fail("a second `initials` record") }
                initials = try numbers(Jamo.initials.count)
            case "latin":
                guard latin == nil else { throw fail("a second `latin` record") }
                latin = try numbers(26)
            case "fields":
                guard fields == nil else { throw fail("a second `fields` record") }
                fields = values
            case "place":
                guard values.count >= 1 else { throw fail("`place` needs a section title") }
                listed.append(try item(section: values[0], values.dropFirst()))
            case "search-only":
                searchOnly.append(try item(section: nil, values[...]))
            default:
                throw fail("unknown record `\(kind)`")
            }
        }
        func missing(_ kind: String) -> RecordError { RecordError(path: path, line: nil, problem: "no `\(kind)` record") }
        guard let digest = single["tables"] else { throw missing("tables") }
        guard let icu = single["icu"] else { throw missing("icu") }
        guard let locale = single["locale"] else { throw missing("locale") }
        guard let titles else { throw missing("titles") }
        guard let initials else { throw missing("initials") }
        guard let latin else { throw missing("latin") }
        guard let fields else { throw missing("fields") }
        // A section number may name any title, `#` (the last) included.
        if let bad = (initials + latin).first(where: { $0 > titles.count }) {
            throw RecordError(path: path, line: nil, problem: "section number \(bad) is past the \(titles.count + 1) titles")
        }
        self.init(
            tablesDigest: digest, icuVersion: icu,
            indexer: IndexDefinition(titles: titles, initialSections: initials, latinSections: latin, collationLocale: locale),
            fields: fields, listed: listed, searchOnly: searchOnly)
    }
}

// MARK: - The compiled columns

extension CatalogueRecords {
    /// The tables the records were made from, with the paths errors name.
    package struct Tables {
        package let zones: (text: String, path: String)
        package let searchOnly: (text: String, path: String)
        package let terms: (text: String, path: String)
        /// Data/prominence.tsv: the places Korean users look up most, which search ranks first.
        package let prominence: (text: String, path: String)

        package init(
            zones: (text: String, path: String), searchOnly: (text: String, path: String), terms: (text: String, path: String),
            prominence: (text: String, path: String)
        ) {
            (self.zones, self.searchOnly, self.terms, self.prominence) = (zones, searchOnly, terms, prominence)
        }

        /// FNV-1a of the zone table followed by that of the search tables: `Catalogue.bundledDigest`.
        package var digest: String {
            let search = FNV1a.hex(Array(searchOnly.text.utf8) + Array(terms.text.utf8) + Array(prominence.text.utf8))
            return FNV1a.hex(Array(zones.text.utf8) + Array(search.utf8))
        }
    }

    /// Each data row of a zone table as `ZoneTable` splits it: its name (the first field), its
    /// line, and where the line starts in UTF-8. Lines before the header that start with `#` are
    /// comments; blank lines are skipped.
    static func rows(of text: String) -> [(name: String, line: Int, offset: Int)] {
        var rows: [(name: String, line: Int, offset: Int)] = []
        var seenHeader = false
        var offset = 0
        for (index, line) in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            defer { offset += line.count + 1 }
            if line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) { continue }
            guard seenHeader else {
                seenHeader = line.first != UInt8(ascii: "#")
                continue
            }
            let name = line.prefix { $0 != UInt8(ascii: "\t") }
            rows.append((String(decoding: name, as: UTF8.self), index + 1, offset))
        }
        return rows
    }

    private static func header(path: String, icuVersion: String?) -> String {
        """
        // Generated at build time by the EmbedFiles plugin from \(path.split(separator: "/").suffix(2).joined(separator: "/"))\
        \(icuVersion.map { " (Scripts/dev/compile-catalogue, ICU \($0))" } ?? ""): not committed, not to be edited.

        import HangulIndex

        extension CompiledCatalogue {
            /// The bundled tables, compiled.
            static let bundled: CompiledCatalogue? =
        """
    }

    /// The Swift source of no compiled catalogue: WorldClockKit then works from the tables alone,
    /// as it does for a stale catalogue, and the tests fail until `Scripts/dev/compile-catalogue` runs.
    /// - Parameter reason: why, for the generated file's reader.
    package static func noCatalogue(path: String, because reason: String) -> String {
        header(path: path, icuVersion: nil) + " nil  // \(reason): run Scripts/dev/compile-catalogue\n}\n"
    }

    /// The Swift source that compiles these records into WorldClockKit as `CompiledCatalogue.bundled`:
    /// the order as positions in the zone table, the sections, where each search-only line starts,
    /// and the search index built from the items' texts. When the tables are not the ones the
    /// records were made from (`Data/` edited, `Scripts/dev/compile-catalogue` not yet run), `bundled`
    /// is nil, and WorldClockKit works from the tables alone, as it does for a stale catalogue.
    /// - Parameter path: the record file, as errors name it.
    /// - Throws: `RecordError` when the records do not fit the tables they name by digest: a place
    ///   no row has, a row no place has, sections out of order, search-only places that are not the table's.
    package func swiftSource(tables: Tables, path: String) throws(RecordError) -> String {
        let header = Self.header(path: path, icuVersion: icuVersion)
        guard tables.digest == tablesDigest else { return Self.noCatalogue(path: path, because: "the tables changed since it was written") }
        func fail(_ problem: String) -> RecordError { RecordError(path: path, line: nil, problem: problem) }
        // The order: each listed place's row in the zone table.
        let zoneRows = Self.rows(of: tables.zones.text)
        var rowOfName: [String: Int] = [:]
        for (position, row) in zoneRows.enumerated() {
            guard rowOfName.updateValue(position, forKey: row.name) == nil else {
                throw RecordError(path: tables.zones.path, line: row.line, problem: "a second row named \(row.name)")
            }
        }
        var order: [UInt32] = [], placed = Set<Int>()
        var sectionTitles: [UInt32] = [], sectionStarts: [UInt32] = [0]
        let positionOfTitle = Dictionary(indexer.titles.map { ($0.text, $0.position) }, uniquingKeysWith: { first, _ in first })
        for (number, place) in listed.enumerated() {
            guard let row = rowOfName[place.name] else { throw fail("the place \(place.name) is in no row of \(tables.zones.path)") }
            guard placed.insert(row).inserted else { throw fail("the place \(place.name) is listed twice") }
            guard let title = place.section.flatMap({ positionOfTitle[$0] }) else {
                throw fail("the place \(place.name) is in section \"\(place.section ?? "")\", which is not a title")
            }
            if sectionTitles.last != UInt32(title) {
                guard sectionTitles.last.map({ $0 < UInt32(title) }) ?? true else {
                    throw fail("the place \(place.name) is in section \(place.section ?? ""), after a later section")
                }
                if !sectionTitles.isEmpty { sectionStarts.append(UInt32(number)) }
                sectionTitles.append(UInt32(title))
            }
            order.append(UInt32(row))
        }
        sectionStarts.append(UInt32(listed.count))
        if let missing = zoneRows.indices.first(where: { !placed.contains($0) }) {
            throw fail("the row of \(zoneRows[missing].name) (\(tables.zones.path):\(zoneRows[missing].line)) is no listed place")
        }
        // The search-only places are the search-only table's rows, in its order.
        let searchOnlyRows = Self.rows(of: tables.searchOnly.text)
        guard searchOnlyRows.map(\.name) == searchOnly.map(\.name) else {
            let first = zip(searchOnlyRows, searchOnly).first { $0.name != $1.name }
            throw fail(
                "the search-only places are not the rows of \(tables.searchOnly.path) (\(searchOnly.count) places, \(searchOnlyRows.count) rows"
                    + (first.map { "; line \($0.0.line) is \($0.0.name), the record \($0.1.name)" } ?? "") + ")")
        }
        let items = listed + searchOnly
        let search = SearchIndex(Array(items.indices), fields: fields, importance: { items[$0].importance }, texts: { items[$0].texts }).compiled
        func column(_ values: [UInt32]) -> String { column(HexColumn(values)) }
        func column(_ column: HexColumn) -> String { "HexColumn(text: \"\(column.text)\")" }
        func postings(_ postings: CompiledMatchTable.Postings) -> String {
            ".init(keys: \(column(postings.keys)), starts: \(column(postings.starts)), entries: \(column(postings.entries)))"
        }
        func list(_ values: [Int]) -> String { "[" + values.map(String.init).joined(separator: ", ") + "]" }
        func string(_ text: String) -> String {
            var hashes = "#"
            while text.contains("\"" + hashes) || text.contains("\\" + hashes) { hashes += "#" }
            return hashes + "\"" + text + "\"" + hashes
        }
        return header + """
             CompiledCatalogue(
                    tablesDigest: \(string(tablesDigest)),
                    icuVersion: \(string(icuVersion)),
                    indexer: .init(
                        titles: [\(indexer.labelTexts.map(string).joined(separator: ", "))],
                        initialSections: \(list(indexer.initialSections)),
                        latinSections: \(list(indexer.latinSections)),
                        collationLocale: \(string(indexer.collationLocale))),
                    order: \(column(order)),
                    sectionTitles: \(column(sectionTitles)),
                    sectionStarts: \(column(sectionStarts)),
                    searchOnlyLines: \(column(searchOnlyRows.map { UInt32($0.offset) })),
                    search: CompiledMatchTable(
                        fieldNames: \(string(search.fieldNames)),
                        otherScalars: \(column(search.otherScalars)),
                        otherStarts: \(column(search.otherStarts)),
                        texts: \(string(search.texts)),
                        textStarts: \(column(search.textStarts)),
                        labels: \(string(search.labels)),
                        labelStarts: \(column(search.labelStarts)),
                        fieldRanks: \(column(search.fieldRanks)),
                        letters: \(column(search.letters)),
                        letterStarts: \(column(search.letterStarts)),
                        items: \(column(search.items)),
                        itemStarts: \(column(search.itemStarts)),
                        importance: \(column(search.importance)),
                        byStart: \(postings(search.byStart)),
                        byFirst: \(postings(search.byFirst)),
                        byLaterLetter: \(postings(search.byLaterLetter)),
                        byLaterPair: \(postings(search.byLaterPair))))
            }

            """
    }
}
