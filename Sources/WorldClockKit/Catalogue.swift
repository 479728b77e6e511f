import FNV
package import HangulIndex
package import TimeZoneRules

/// The validated catalogue: every place of a zone table under its canonical zone, grouped into the
/// Korean index (ㄱ … ㅎ, A–Z, #) and sorted by ICU's Korean collator. Built once per process.
///
/// The bundled catalogue has two more tables that only search needs, read on its first use: the
/// places found by search only (`Data/search-only.tsv`) and the terms that lead to places
/// (`Data/terms.tsv`: countries, regions, zone names, airport codes).
public struct Catalogue: Sendable {
    /// The places the list shows, in index order.
    public let places: [Place]
    /// The places grouped into sections, with the index titles and lookup by title.
    package let sections: SectionIndex<Place>
    /// The index's titles (ㄱ … ㅎ, A … Z, #) and the section of each initial consonant and
    /// Latin letter, for resolving a title a user typed.
    package let indexer: IndexDefinition
    /// The ICU version that collated the sections ("72.1"): the one the bundled catalogue was
    /// compiled with, or the one that built a user's own table.
    package let icuVersion: String
    /// Where the table came from, as errors name it.
    package let path: String
    /// A digest of the tables' bytes (FNV-1a, 64 bits, hex): changes whenever a table does.
    public let digest: String
    /// The table rows whose zone id was an alias, with the canonical id used instead.
    package let rewrittenZones: [(line: Int, written: String, canonical: String)]

    /// The raw name index `PlaceSearch` ranks over: Korean-aware matching over names, old
    /// spellings, English names, regions, zone names, airport codes, countries and zone ids, of the
    /// listed and the search-only places; prepared on first use (a `list` never pays for it) and
    /// kept. Not the kit's search, so not public: alone it has neither what the zones' rules decide
    /// (offsets, abbreviations in use) nor the whole-word rules, and answers differently ("PST"
    /// finds 밴쿠버 here, which `PlaceSearch`, the one search of every surface, leaves out).
    package var nameIndex: SearchIndex<Place> { searchIndex.value }
    /// Every listed place as a sectioned list, with the full index (ㄱ … ㅎ, A … Z, #): made on
    /// first use and kept.
    public var list: ClockList { clockList.value }
    private let clockList: Lazy<ClockList>
    private let searchIndex: Lazy<SearchIndex<Place>>
    /// The search-only places and the terms, read on first use.
    private let searchData: Lazy<Result<SearchData, TableError>>

    // The lookup tables below are built on first use: hashing every name and zone id was a tenth
    // of a `list` or `search` run, which looks up neither.
    private let placeByName: Lazy<[String: Place]>
    /// The zone ids of the places, canonical.
    private let placeZoneIDs: Lazy<Set<String>>
    /// tzdata's canonical zone ids (for the bundled table, `placeZoneIDs`).
    private let canonicalZoneIDs: Lazy<Set<String>>
    /// tzdata's links, read on the first lookup of an id that is not the catalogue's own.
    private let zoneAliases: Lazy<ZoneAliases>

    /// What people add to a place's name that the tables leave out: an island (자바섬), islands
    /// (갈라파고스제도), falls, a mountain (킬리만자로산), an airport, a city, a state or province (뉴멕시코주, 광둥성),
    /// or the time they want (뉴욕 시간, 런던 현재 시간).
    /// Dropped only when the query as typed matches nothing.
    package static let droppableSuffixes = ["섬", "제도", "군도", "폭포", "산", "공항", "국제공항", "시", "시티", "주", "성", "도", "시간", "시각", "현재 시간", "현재시간"]

    /// The fields search looks at, in rank order (a name match beats an alias match of the same kind).
    /// `zone_name` twice: an ambiguous abbreviation's usual meaning first (CST → 시카고; the terms
    /// table's `usual` column), its other meanings after.
    package static let searchFields = ["name", "alias", "english", "region", "zone_name", "zone_name", "airport", "country", "zone"]

    /// The bundled catalogue, from its compiled form: sections, order and search index as ICU
    /// made them when the tables were compiled (`Scripts/dev/compile-catalogue`). Calls no ICU.
    /// Made on the first call and shared by every later one: a second call costs nothing.
    /// - Throws: nothing today; a future table format may.
    public static func load() throws(CatalogueError) -> Catalogue { try bundled.get() }

    /// The bundled catalogue, made once per process (a static is initialised once, thread-safely).
    private static let bundled = Result(catching: { () throws(CatalogueError) -> Catalogue in try makeBundled() })

    /// The bundled catalogue, made now.
    private static func makeBundled() throws(CatalogueError) -> Catalogue {
        let table = ZoneTable(checked: Array(EmbeddedTable.contents.utf8), path: EmbeddedTable.path)
        PhaseTrace.mark("table split (\(table.rows.count) rows, checked when compiled)")
        guard let compiled = CompiledCatalogue.bundled, compiled.tablesDigest == bundledDigest else {
            // Data/ was edited and Scripts/dev/compile-catalogue not run: a test fails until it is, and
            // a build with CatalogueBuilder (the CLI) collates the tables with ICU instead. Without
            // ICU, the best this can do is the compiled index definition's sections, in code-point
            // order (Hangul syllables are in dictionary order there; mixed scripts are not).
            return Catalogue(uncollated: table)
        }
        return Catalogue(table: table, digest: compiled.tablesDigest, compiled: compiled)
    }

    /// Whether the compiled catalogue matches the bundled tables it was compiled from.
    package static var compiledIsCurrent: Bool { CompiledCatalogue.bundled?.tablesDigest == bundledDigest }

    /// The bundled catalogue from its compiled form: sections, order and search as ICU and the
    /// search preparation made them when the tables were compiled. The zones were checked against
    /// the tzdata then, and the tests check them again; the bundled ids are the canonical ones.
    private init(table: ZoneTable, digest: String, compiled: CompiledCatalogue) {
        let indexer = compiled.indexer
        let (rows, sections) = compiled.sections(of: table, indexer: indexer)
        PhaseTrace.mark("sections from the compiled catalogue")
        self.init(
            sections: sections, rows: rows, indexer: indexer, icuVersion: compiled.icuVersion, path: table.path, digest: digest,
            rewrittenZones: [], canonicalZoneIDs: nil, searchTables: .bundled
        ) { listed, searchData in
            SearchIndex(
                compiled: compiled.search, droppableSuffixes: Self.droppableSuffixes,
                prominentImportance: SearchProminence.prominentImportance
            ) { position in
                if position < listed.count { return listed[position] }
                // A server has read the whole table at start-up; a command reads just the lines it shows.
                if case .success(let data)? = searchData.madeValue { return data.places[position - listed.count] }
                return compiled.searchOnlyPlace(position - listed.count, table: EmbeddedTable.searchOnly)
            }
        }
    }

    /// The bundled tables without their compiled form (stale): sections by the index definition
    /// of the last compilation, rows in code-point order, search built now.
    private init(uncollated table: ZoneTable) {
        let indexer = CompiledCatalogue.bundled?.indexer ?? IndexDefinition.korean
        var members = [[Place]](repeating: [], count: indexer.titles.count)
        for row in table.rows { members[indexer.section(forFirstLetterOf: row.place.name) ?? indexer.otherPosition].append(row.place) }
        let sections = zip(indexer.titles, members).compactMap { title, rows in
            rows.isEmpty
                ? nil : IndexSection(title: title, rows: rows.sorted { $0.name.unicodeScalars.lexicographicallyPrecedes($1.name.unicodeScalars) })
        }
        self.init(
            sections: SectionIndex(orderedSections: sections), indexer: indexer, icuVersion: "none (uncollated)", path: table.path,
            digest: Self.bundledDigest, rewrittenZones: [], canonicalZoneIDs: nil, searchTables: .bundled, makeSearch: Self.runtimeSearch)
    }

    /// The zone ids of `table`'s rows checked against the tzdata in use and brought to their
    /// canonical form (Asia/Calcutta → Asia/Kolkata), so one place never appears under two ids.
    /// - Parameter canonicalZoneIDs: tzdata's canonical ids (zone.tab's, plus UTC).
    /// - Throws: `CatalogueError` naming the file and line of a zone the tzdata in use lacks.
    package static func placesInCanonicalZones(
        of table: ZoneTable, canonicalZoneIDs: Set<String>, tzdata: TZDatabase
    )
        throws(CatalogueError) -> (places: [Place], rewritten: [(line: Int, written: String, canonical: String)])
    {
        var aliases: ZoneAliases?  // tzdata's links, read only when a row uses a non-canonical id
        var places: [Place] = []
        var rewritten: [(line: Int, written: String, canonical: String)] = []
        for row in table.rows {
            let zone = row.place.zoneID
            var canonical = zone
            if !canonicalZoneIDs.contains(zone) {
                guard tzdata.linkTarget(of: zone) != nil || tzdata.rules(for: zone) != nil else {
                    throw .table(TableError(path: table.path, line: row.line, problem: .unknownZone(zone)))
                }
                if aliases == nil { aliases = ZoneAliases(canonical: canonicalZoneIDs, tzdata: tzdata) }
                canonical = aliases!.canonicalID(for: zone)
            }
            if canonical != zone { rewritten.append((row.line, zone, canonical)) }
            places.append(row.place.inZone(canonical))
        }
        PhaseTrace.mark("zone ids checked with tzdata \(tzdata.version?.description ?? "?")")
        return (places, rewritten)
    }

    /// A catalogue whose sections were collated elsewhere (CatalogueBuilder, with ICU).
    /// - Parameters:
    /// - Parameter searchTables: the search-only places and terms (the bundled ones), or nil for none.
    package init(
        collated sections: SectionIndex<Place>, indexer: IndexDefinition, icuVersion: String, path: String, digest: String,
        rewrittenZones: [(line: Int, written: String, canonical: String)], canonicalZoneIDs: Set<String>,
        searchTables: SearchTables?
    ) {
        self.init(
            sections: sections, indexer: indexer, icuVersion: icuVersion, path: path, digest: digest, rewrittenZones: rewrittenZones,
            canonicalZoneIDs: canonicalZoneIDs, searchTables: searchTables, makeSearch: Self.runtimeSearch)
    }

    /// The search index built at run time over the listed rows and the search tables.
    private static func runtimeSearch(_ rows: [Place], _ searchData: Lazy<Result<SearchData, TableError>>) -> SearchIndex<Place> {
        let data = Self.checked(searchData)
        PhaseTrace.mark("search tables parsed (\(data.places.count) places, \(data.terms.count) terms)")
        return SearchIndex(
            rows + data.places, fields: Self.searchFields, importance: SearchProminence.importance(of:),
            droppableSuffixes: Self.droppableSuffixes, prominentImportance: SearchProminence.prominentImportance
        ) { searchTexts(of: $0, data) }
    }

    /// The texts search finds `place` by, in the order the search index takes them.
    private static func searchTexts(of place: Place, _ data: SearchData) -> [SearchableText] {
        var texts = [SearchableText(field: "name", text: place.name)]
        texts += place.aliases.map { SearchableText(field: "alias", text: $0) }
        texts.append(SearchableText(field: "english", text: place.englishName))
        texts += data.termsByPlace[place.name] ?? []
        // The terms carry the country's own name too, with its short forms (한국, 미국).
        texts += data.termsByCountry[place.countryCode] ?? [SearchableText(field: "country", text: place.country)]
        texts.append(SearchableText(field: "zone", text: place.zoneID))
        return texts
    }

    /// What the search index of a catalogue built at run time is made from: each item (the listed
    /// places in index order, then the search-only places) with its texts, in the index's order;
    /// its importance is `SearchProminence.importance(of:)`. What `Scripts/dev/compile-catalogue` records.
    package var searchItems: [(place: Place, texts: [SearchableText])] {
        let data = Self.checked(searchData)
        return (places + data.places).map { ($0, Self.searchTexts(of: $0, data)) }
    }

    /// The parts every catalogue has, however its sections and search were made.
    /// - Parameter canonicalZoneIDs: tzdata's canonical ids; nil: the places' own (the bundled table).
    /// - Parameter makeSearch: the search index, from the listed rows and (read if it needs them)
    ///   the search-only places and terms; run on first use.
    /// - Parameter rows: `sections.rows`, when the caller has them already.
    private init(
        sections: SectionIndex<Place>, rows: [Place]? = nil, indexer: IndexDefinition, icuVersion: String, path: String, digest: String,
        rewrittenZones: [(line: Int, written: String, canonical: String)], canonicalZoneIDs: Set<String>?,
        searchTables: SearchTables?, makeSearch: @escaping @Sendable ([Place], Lazy<Result<SearchData, TableError>>) -> SearchIndex<Place>
    ) {
        let rows = rows ?? sections.rows
        self.sections = sections
        self.places = rows
        self.indexer = indexer
        self.icuVersion = icuVersion
        self.path = path
        self.digest = digest
        self.rewrittenZones = rewrittenZones
        self.clockList = Lazy { ClockList(sections, titles: indexer.titles) }
        let placeZoneIDs = Lazy { Set(rows.map { $0.zoneID }) }
        self.placeZoneIDs = placeZoneIDs
        let canonical = canonicalZoneIDs.map { ids in Lazy { ids } } ?? placeZoneIDs
        self.canonicalZoneIDs = canonical
        self.zoneAliases = Lazy { ZoneAliases(canonical: canonical.value, tzdata: TZDataChoice.automatic.database) }
        let placeByName = Lazy { Dictionary(uniqueKeysWithValues: rows.map { ($0.name, $0) }) }
        self.placeByName = placeByName
        let searchData = Lazy { () -> Result<SearchData, TableError> in
            guard let searchTables else { return .success(SearchData(listed: rows)) }
            return Result(catching: { () throws(TableError) -> SearchData in
                try SearchData(searchTables, listed: placeByName.value, zoneIDs: placeZoneIDs.value)
            })
        }
        self.searchData = searchData
        self.searchIndex = Lazy {
            defer { PhaseTrace.mark("search index ready") }
            return makeSearch(rows, searchData)
        }
    }

    /// The search-only places and the terms. Only the bundled tables have them, and those were
    /// checked when they were compiled (`Scripts/dev/compile-catalogue`) and by the tests: a failure
    /// here is a broken build, stopped with the file and line, never a search without them.
    private static func checked(_ data: Lazy<Result<SearchData, TableError>>) -> SearchData {
        switch data.value {
        case .success(let data): return data
        case .failure(let error): preconditionFailure("the bundled search tables are broken: \(error)")
        }
    }

    /// Reads and checks the search-only places and the terms now (tests; a server's start-up).
    /// - Throws: `CatalogueError` naming the file and line of a malformed row, a zone no listed
    ///   place has, a place listed twice, or a term leading nowhere.
    package func validateSearchTables() throws(CatalogueError) {
        do { _ = try searchData.value.get() } catch { throw .table(error) }
    }

    /// The search-only places (none for a `--data` table), in table order.
    package var searchOnlyPlaces: [Place] { Self.checked(searchData).places }

    /// The terms that lead to places (countries, regions, zone names, airport codes), in table order.
    package var terms: [Term] { Self.checked(searchData).terms }

    /// The place called exactly `name` (any Unicode form: NFD and NFC match), listed or search-only.
    public func place(named name: String) -> Place? {
        placeByName.value[name] ?? Self.checked(searchData).placeByName[name]
    }

    /// The catalogue's zone id for `zoneID`: itself when a place has it, the canonical id when it
    /// is an alias of one (Asia/Calcutta → Asia/Kolkata), else nil.
    public func zoneID(for zoneID: String) -> String? {
        if placeZoneIDs.value.contains(zoneID) { return zoneID }
        if canonicalZoneIDs.value.contains(zoneID) { return nil }
        let canonical = zoneAliases.value.canonicalID(for: zoneID)
        return placeZoneIDs.value.contains(canonical) ? canonical : nil
    }

    /// The catalogue's zone id spelled like `zoneID` but for case (asia/seoul → Asia/Seoul), or nil.
    package func zoneID(ignoringCase zoneID: String) -> String? {
        let lowered = zoneID.lowercased()
        return placeZoneIDs.value.first { $0.lowercased() == lowered }
    }

    /// Reads tzdata's links now rather than on the first alias lookup (a server's start-up).
    package func prepareZoneAliases() { zoneAliases.value.prepare() }

    /// The places in `zoneID` (canonical or alias), in index order.
    public func places(inZone zoneID: String) -> [Place] {
        // The places' ids are canonical: an id that has places needs no lookup of the catalogue's
        // ids (a set built on first use, a tenth of a `list` run's own work).
        let direct = places.filter { $0.zoneID == zoneID }
        guard direct.isEmpty else { return direct }
        guard let canonical = self.zoneID(for: zoneID), canonical != zoneID else { return [] }
        return places.filter { $0.zoneID == canonical }
    }

    /// The distinct zone ids of the catalogue, sorted.
    public var zoneIDs: [String] { placeZoneIDs.value.sorted() }

    /// The zone ids of the bundled table: tzdata's zone.tab ids plus UTC, the canonical ids.
    package static let bundledZoneIDs: Set<String> = {
        Set((try? ZoneTable(bytes: Array(EmbeddedTable.contents.utf8), path: EmbeddedTable.path))?.rows.map(\.place.zoneID) ?? [])
    }()

    /// The digest of the bundled tables: FNV-1a of `zones.tsv` followed by the search tables' digest,
    /// computed when they were compiled in (hashing them here was a fifth of a `list` run).
    package static var bundledDigest: String { EmbeddedTable.tablesDigest }

    /// FNV-1a, 64 bits, as 16 hex digits: the catalogue digest, and the server's entity tags
    /// (`FNV1a`, which the build tool that embeds the tables uses too).
    package static func fnv1a(_ bytes: some Sequence<UInt8>) -> String { FNV1a.hex(bytes) }
}
