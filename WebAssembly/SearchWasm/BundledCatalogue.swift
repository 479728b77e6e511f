import HangulIndex
import SearchEngine

/// The bundled catalogue's search: the compiled catalogue's match table, compiled in by
/// search-wasm-data (`BundledSearch`) with its columns packed and unpacked here when the module is
/// prepared (a pass over digits: no index is built at load), searched by the CLI's engine
/// (`PlaceSearchEngine`) over the same table the CLI searches.
struct BundledCatalogue: Sendable {
    let engine: PlaceSearchEngine<WasmPlace>

    init() {
        // Each item's place is read from its line when a result shows it; the listed ones, which
        // an offset query looks at, now.
        typealias S = BundledSearch
        let (texts, textStarts) = Self.pool(S.texts)
        let (labels, labelStarts) = Self.pool(S.labels)
        let places = PlaceLines(
            S.places, texts: texts, textStarts: textStarts,
            names: Self.unpacked(S.placeNames), englishNames: Self.unpacked(S.placeEnglishNames),
            countries: Self.unpacked(S.placeCountries), zones: Self.unpacked(S.placeZones))
        let countries = BundledSearch.countries.split(separator: "\n").map { line in
            let cells = line.split(separator: "\t")
            return CountryName(name: String(cells[0]), code: String(cells[1]))
        }
        // The letters are derived from the texts, and every postings from the letters (a sort of
        // their keys), not shipped: they were 40 % of the module with gzip.
        let otherScalars = Self.unpacked(S.otherScalars), otherStarts = Self.unpacked(S.otherStarts)
        let (letters, letterStarts) = CompiledMatchTable.letters(
            texts: texts, textStarts: textStarts, otherScalars: otherScalars, otherStarts: otherStarts)
        let postings = CompiledMatchTable.postings(letters: letters, letterStarts: letterStarts)
        let table = CompiledMatchTable(
            fieldNames: S.tableFieldNames, otherScalars: otherScalars, otherStarts: otherStarts,
            texts: texts, textStarts: textStarts, labels: labels, labelStarts: labelStarts,
            fieldRanks: Self.unpacked(S.fieldRanks), letters: letters, letterStarts: letterStarts,
            items: Self.unpacked(S.items), itemStarts: Self.unpacked(S.itemStarts), importance: Self.unpacked(S.importance),
            byStart: postings.byStart, byFirst: postings.byFirst, byLaterLetter: postings.byLaterLetter,
            byLaterPair: postings.byLaterPair)
        let index = SearchIndex(
            compiled: table, droppableSuffixes: S.droppableSuffixes, prominentImportance: S.prominentImportance
        ) { [places] in places.place($0) }
        engine = PlaceSearchEngine(index: index, places: (0..<S.listedCount).map(places.place), countryNames: { countries })
    }

    /// A text pool written a part a line (search-wasm-data's `lines`) as the table has it: the
    /// parts run together, and where each starts, in UTF-8 bytes (one more than parts).
    static func pool(_ lines: String) -> (String, HexColumn) {
        var lines = lines, starts: [UInt32] = [0]
        // Written in place, as `unpacked` writes its digits: appending byte by byte was a tenth of the module's start.
        let text = lines.withUTF8 { source in
            String(unsafeUninitializedCapacity: source.count) { target in
                var at = 0
                for byte in source {
                    if byte == 0x0A {
                        starts.append(UInt32(at))
                    } else {
                        target[at] = byte
                        at += 1
                    }
                }
                return at
            }
        }
        starts.append(UInt32(text.utf8.count))
        return (text, HexColumn(starts))
    }

    /// A column packed by search-wasm-data (`packed`: zigzagged differences in 5-bit digits, `0`…`O`
    /// for a digit with more after it, `P`…`o` for a number's last) as the hex text the table reads.
    static func unpacked(_ packed: String) -> HexColumn {
        packed.utf8.withContiguousStorageIfAvailable { bytes in
            var count = 0
            for byte in bytes where byte >= 0x50 { count += 1 }
            // Written in place: appending digit by digit was most of the module's start.
            let text = String(unsafeUninitializedCapacity: count * 8) { digits in
                var value: UInt32 = 0, zigzag: UInt32 = 0, at = 0
                for byte in bytes {
                    let isLast = byte >= 0x50
                    zigzag = zigzag << 5 | UInt32(byte &- (isLast ? 0x50 : 0x30))
                    guard isLast else { continue }
                    value &+= (zigzag >> 1) ^ (0 &- (zigzag & 1))
                    zigzag = 0
                    for shift in stride(from: 28, through: 0, by: -4) {
                        let digit = UInt8(truncatingIfNeeded: value >> UInt32(shift)) & 0xF
                        digits[at] = digit < 10 ? 0x30 + digit : 0x57 + digit
                        at += 1
                    }
                }
                return at
            }
            return HexColumn(text: text)
        }!
    }
}

/// The items' places as search-wasm-data writes them: a line each (`POPULATION CODE ALIAS…`), and
/// their names, English names, countries and zones as entries of the table's texts. A place is
/// made when it is asked for.
struct PlaceLines: Sendable {
    let text: String
    /// Where each line starts in `text`, in UTF-8 bytes, and where the text ends.
    let starts: [Int]
    let texts: String
    let textStarts: HexColumn
    let names: HexColumn, englishNames: HexColumn, countries: HexColumn, zones: HexColumn

    init(
        _ text: String, texts: String, textStarts: HexColumn,
        names: HexColumn, englishNames: HexColumn, countries: HexColumn, zones: HexColumn
    ) {
        self.text = text
        var starts = [0]
        for (offset, byte) in text.utf8.enumerated() where byte == 0x0A { starts.append(offset + 1) }
        starts.append(text.utf8.count + 1)
        self.starts = starts
        (self.texts, self.textStarts) = (texts, textStarts)
        (self.names, self.englishNames, self.countries, self.zones) = (names, englishNames, countries, zones)
    }

    /// The text of the table's entry `entry`.
    private func text(of entry: UInt32) -> String {
        let utf8 = texts.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: Int(textStarts[Int(entry)]))
        let end = utf8.index(utf8.startIndex, offsetBy: Int(textStarts[Int(entry) + 1]))
        return String(Substring(utf8[start..<end]))
    }

    func place(_ position: Int) -> WasmPlace {
        let utf8 = text.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: starts[position])
        let end = utf8.index(utf8.startIndex, offsetBy: starts[position + 1] - 1)
        let cells = Substring(utf8[start..<end]).split(separator: "\t", omittingEmptySubsequences: false)
        return WasmPlace(
            name: text(of: names[position]), country: text(of: countries[position]), countryCode: String(cells[1]),
            zoneID: text(of: zones[position]), englishName: text(of: englishNames[position]), population: Int(cells[0]) ?? 0,
            aliases: cells.dropFirst(2).map { String($0) })
    }
}
