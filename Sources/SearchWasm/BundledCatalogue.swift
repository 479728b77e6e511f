import HangulIndex
import SearchEngine

/// The bundled catalogue's search: the compiled catalogue's match table, compiled in by
/// search-wasm-data (`BundledSearch`) with its columns packed and unpacked here when the module is
/// prepared (a pass over digits: no index is built at load), searched by the CLI's engine
/// (`PlaceSearchEngine`) over the same table the CLI searches.
struct BundledCatalogue: Sendable {
    let engine: PlaceSearchEngine<WasmPlace>

    init() {
        // Each item's place, from its line (`POPULATION CODE COUNTRY NAME ENGLISH ZONE ALIAS…`).
        var places: [WasmPlace] = []
        for line in BundledSearch.places.split(separator: "\n") {
            let cells = line.split(separator: "\t", omittingEmptySubsequences: false)
            places.append(
                WasmPlace(
                    name: String(cells[3]), country: String(cells[2]), countryCode: String(cells[1]), zoneID: String(cells[5]),
                    englishName: String(cells[4]), population: Int(cells[0]) ?? 0, aliases: cells.dropFirst(6).map { String($0) }))
        }
        let countries = BundledSearch.countries.split(separator: "\n").map { line in
            let cells = line.split(separator: "\t")
            return CountryName(name: String(cells[0]), code: String(cells[1]))
        }
        typealias S = BundledSearch
        func postings(_ keys: String, _ starts: String, _ entries: String) -> CompiledMatchTable.Postings {
            .init(keys: Self.unpacked(keys), starts: Self.unpacked(starts), entries: Self.unpacked(entries))
        }
        let table = CompiledMatchTable(
            fieldNames: S.tableFieldNames, otherScalars: Self.unpacked(S.otherScalars), otherStarts: Self.unpacked(S.otherStarts),
            texts: S.texts, textStarts: Self.unpacked(S.textStarts), labels: S.labels, labelStarts: Self.unpacked(S.labelStarts),
            fieldRanks: Self.unpacked(S.fieldRanks), letters: Self.unpacked(S.letters), letterStarts: Self.unpacked(S.letterStarts),
            items: Self.unpacked(S.items), itemStarts: Self.unpacked(S.itemStarts), importance: Self.unpacked(S.importance),
            byStart: postings(S.byStartKeys, S.byStartStarts, S.byStartEntries),
            byFirst: postings(S.byFirstKeys, S.byFirstStarts, S.byFirstEntries),
            byLaterLetter: postings(S.byLaterLetterKeys, S.byLaterLetterStarts, S.byLaterLetterEntries),
            byLaterPair: postings(S.byLaterPairKeys, S.byLaterPairStarts, S.byLaterPairEntries))
        let index = SearchIndex(
            compiled: table, droppableSuffixes: S.droppableSuffixes, prominentImportance: S.prominentImportance
        ) { [places] in places[$0] }
        engine = PlaceSearchEngine(index: index, places: Array(places.prefix(S.listedCount)), countryNames: { countries })
    }

    /// A column packed by search-wasm-data (`packed`: zigzagged differences in 5-bit digits, `0`…`O`
    /// for a digit with more after it, `P`…`o` for a number's last) as the hex text the table reads.
    static func unpacked(_ packed: String) -> HexColumn {
        let hex: [UInt8] = Array("0123456789abcdef".utf8)
        var digits: [UInt8] = []
        digits.reserveCapacity(packed.utf8.count * 8)
        var value: UInt32 = 0, zigzag: UInt32 = 0
        for byte in packed.utf8 {
            let isLast = byte >= 0x50
            zigzag = zigzag << 5 | UInt32(byte &- (isLast ? 0x50 : 0x30))
            guard isLast else { continue }
            value &+= (zigzag >> 1) ^ (0 &- (zigzag & 1))
            zigzag = 0
            for shift in stride(from: 28, through: 0, by: -4) { digits.append(hex[Int((value >> UInt32(shift)) & 0xF)]) }
        }
        return HexColumn(text: String(decoding: digits, as: UTF8.self))
    }
}
