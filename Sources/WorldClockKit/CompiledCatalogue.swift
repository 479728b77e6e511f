package import HangulIndex

/// What ICU and the search preparation make of the bundled tables, computed when the tables change
/// (`Scripts/dev/compile-catalogue` writes `Data/compiled-catalogue.txt`, one record per line) and
/// compiled in at build time (the EmbedFiles plugin writes `bundled` from those records), so that a
/// run does no ICU collation, no sorting and no key building for the bundled catalogue. A test
/// builds the catalogue from the tables at run time, with ICU, and checks it compiles to exactly this.
package struct CompiledCatalogue: Sendable, Equatable {
    /// FNV-1a of the three tables it was compiled from (`Catalogue.digest`).
    package let tablesDigest: String
    /// The section definition (titles, and the sections of initial consonants and Latin letters).
    package let indexer: IndexDefinition
    /// The ICU version that collated it ("72.1").
    package let icuVersion: String
    /// The listed table's rows, by their position in the table, in index order.
    package let order: HexColumn
    /// Each non-empty section: the position of its title, and where its rows start in `order`
    /// (one more start than sections).
    package let sectionTitles: HexColumn
    package let sectionStarts: HexColumn
    /// Where each search-only place's line starts in `EmbeddedTable.searchOnly`, in UTF-8 bytes.
    package let searchOnlyLines: HexColumn
    /// The search index over the listed places in index order, then the search-only places.
    package let search: CompiledMatchTable

    package init(
        tablesDigest: String, icuVersion: String, indexer: IndexDefinition, order: HexColumn, sectionTitles: HexColumn,
        sectionStarts: HexColumn, searchOnlyLines: HexColumn, search: CompiledMatchTable
    ) {
        self.tablesDigest = tablesDigest
        self.icuVersion = icuVersion
        self.indexer = indexer
        self.order = order
        self.sectionTitles = sectionTitles
        self.sectionStarts = sectionStarts
        self.searchOnlyLines = searchOnlyLines
        self.search = search
    }

    /// Compiles a catalogue built at run time from the bundled tables.
    /// - Parameters:
    ///   - table: the listed table the catalogue was built from.
    ///   - searchOnlyRows: the search-only table's rows, whose lines `searchOnlyText` holds.
    package init(_ catalogue: Catalogue, table: ZoneTable, searchOnlyRows: [ZoneTableRow], searchOnlyText: String) {
        let rowOfName = Dictionary(uniqueKeysWithValues: table.rows.enumerated().map { ($1.place.name, UInt32($0)) })
        var lineStarts: [UInt32] = [0]
        for (offset, byte) in searchOnlyText.utf8.enumerated() where byte == UInt8(ascii: "\n") { lineStarts.append(UInt32(offset + 1)) }
        var starts: [UInt32] = [0]
        for section in catalogue.sections.sections { starts.append(starts.last! + UInt32(section.rows.count)) }
        self.init(
            tablesDigest: catalogue.digest,
            icuVersion: catalogue.icuVersion,
            indexer: catalogue.indexer,
            order: HexColumn(catalogue.places.map { rowOfName[$0.name]! }),
            sectionTitles: HexColumn(catalogue.sections.titles.map { UInt32($0.position) }),
            sectionStarts: HexColumn(starts),
            searchOnlyLines: HexColumn(searchOnlyRows.map { lineStarts[$0.line - 1] }),
            search: catalogue.nameIndex.compiled)
    }

    /// The listed rows as places, sorted as compiled, and in their sections.
    func sections(of table: ZoneTable, indexer: IndexDefinition) -> (rows: [Place], index: SectionIndex<Place>) {
        let rows = order.values(0..<order.count).map { table.rows[Int($0)].place }
        var sections: [IndexSection<Place>] = []
        for number in 0..<sectionTitles.count {
            let range = Int(sectionStarts[number])..<Int(sectionStarts[number + 1])
            sections.append(IndexSection(title: indexer.titles[Int(sectionTitles[number])], rows: Array(rows[range])))
        }
        return (rows, SectionIndex(orderedSections: sections))
    }

    /// The search-only place at `index` (in table order), read from its line of the table alone.
    func searchOnlyPlace(_ index: Int, table text: String) -> Place {
        var text = text
        return text.withUTF8 { bytes in
            let start = Int(searchOnlyLines[index])
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            // The line was checked with its whole table when this was compiled: split, not parsed
            // again (the checking parser, per place shown, was a tenth of a `search` run).
            var fields: [Range<Int>] = []
            return ZoneTable.place(checkedLine: UnsafeBufferPointer(rebasing: bytes[start..<end]), fields: &fields).searchOnly
        }
    }
}
