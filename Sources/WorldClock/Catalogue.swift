import FNV
import Foundation
import HangulIndex
import TimeZoneRules

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
    public let sections: SectionIndex<Place>
    /// The section definition, for resolving a title a user typed.
    public let indexer: SectionIndexer
    /// Where the table came from, as errors name it.
    public let path: String
    /// A digest of the tables' bytes (FNV-1a, 64 bits, hex): changes whenever a table does.
    public let digest: String
    /// The table rows whose zone id was an alias, with the canonical id used instead.
    public let rewrittenZones: [(line: Int, written: String, canonical: String)]

    /// Korean-aware search over names, old spellings, English names, regions, zone names, airport
    /// codes, countries and zone ids, of the listed and the search-only places; prepared on first
    /// use (a `list` never pays for it) and kept.
    public var search: SearchIndex<Place> { searchIndex.value }
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
    public static let droppableSuffixes = ["섬", "제도", "군도", "폭포", "산", "공항", "국제공항", "시", "시티", "주", "성", "도", "시간", "시각", "현재 시간", "현재시간"]

    /// The fields search looks at, in rank order (a name match beats an alias match of the same kind).
    /// `zone_name` twice: an ambiguous abbreviation's usual meaning first (CST → 시카고; the terms
    /// table's `usual` column), its other meanings after.
    public static let searchFields = ["name", "alias", "english", "region", "zone_name", "zone_name", "airport", "country", "zone"]

    /// Loads, validates and indexes a table.
    /// - Throws: `CatalogueError` naming the file and line of a malformed row or an unknown zone,
    ///   or ICU's failure to open the collator.
    public static func load(_ source: TableSource = .bundled) throws(CatalogueError) -> Catalogue {
        let bytes: [UInt8], path: String
        switch source {
        case .bundled:
            bytes = Array(EmbeddedTable.contents.utf8)
            path = EmbeddedTable.path
        case .file(let file):
            guard let data = FileManager.default.contents(atPath: file) else {
                let reason = FileManager.default.fileExists(atPath: file) ? "permission denied or not a regular file" : "no such file"
                throw .table(TableError(path: file, line: nil, problem: .unreadable(reason: reason)))
            }
            bytes = Array(data)
            path = file
        }
        if source == .bundled, let compiled = CompiledCatalogue.bundled, compiled.tablesDigest == bundledDigest {
            let table = ZoneTable(checked: bytes, path: path)
            PhaseTrace.mark("table split (\(table.rows.count) rows, checked when compiled)")
            return Catalogue(table: table, digest: compiled.tablesDigest, compiled: compiled)
        }
        let table: ZoneTable
        do { table = try ZoneTable(bytes: bytes, path: path) } catch { throw .table(error) }
        PhaseTrace.mark("table parsed (\(table.rows.count) rows)")
        guard source == .bundled else { return try Catalogue(table: table, digest: Self.fnv1a(bytes)) }
        // Only while the compiled form is stale (Data/ edited, Scripts/compile-catalogue not yet run;
        // a test fails until it is): built at run time, with ICU, as a `--data` table is.
        return try Catalogue(table: table, digest: bundledDigest, canonicalZoneIDs: Set(table.rows.map(\.place.zoneID)), searchTables: .bundled)
    }

    /// The bundled catalogue from its compiled form: sections, order and search as ICU and the
    /// search preparation made them when the tables were compiled. The zones were checked against
    /// Foundation then, and the tests check them again; the bundled ids are the canonical ones.
    private init(table: ZoneTable, digest: String, compiled: CompiledCatalogue) {
        let indexer = SectionIndexer(compiled: compiled.indexer)
        let sections = compiled.sections(of: table, indexer: indexer)
        PhaseTrace.mark("sections from the compiled catalogue")
        self.init(sections: sections, indexer: indexer, path: table.path, digest: digest, rewrittenZones: [],
                  canonicalZoneIDs: nil, searchTables: .bundled) { listed, searchData in
            SearchIndex(compiled: compiled.search, droppableSuffixes: Self.droppableSuffixes) { position in
                if position < listed.count { return listed[position] }
                // A server has read the whole table at start-up; a command reads just the lines it shows.
                if case .success(let data)? = searchData.madeValue { return data.places[position - listed.count] }
                return compiled.searchOnlyPlace(position - listed.count, table: EmbeddedTable.searchOnly)
            }
        }
    }

    /// Validates a parsed table: every zone must be known to Foundation's `TimeZone`, and aliases
    /// are rewritten to the canonical id so one place never appears under two ids.
    /// - Parameter searchTables: the search-only places and terms (the bundled ones, or none).
    init(table: ZoneTable, digest: String, canonicalZoneIDs: Set<String> = Catalogue.bundledZoneIDs,
         searchTables: SearchTables? = nil) throws(CatalogueError) {
        var aliases: ZoneAliases?  // tzdata's links, read only when a row uses a non-canonical id
        var places: [Place] = []
        var rewritten: [(Int, String, String)] = []
        for row in table.rows {
            let zone = row.place.zoneID
            guard Self.isKnownToFoundation(zone) else {
                throw .table(TableError(path: table.path, line: row.line, problem: .unknownZone(zone)))
            }
            var canonical = zone
            if !canonicalZoneIDs.contains(zone) {
                if aliases == nil { aliases = ZoneAliases(canonical: canonicalZoneIDs, links: TZDataChoice.automatic.database.links) }
                canonical = aliases!.canonicalID(for: zone)
            }
            if canonical != zone { rewritten.append((row.line, zone, canonical)) }
            places.append(row.place.inZone(canonical))
        }
        PhaseTrace.mark("zone ids checked with Foundation")
        let indexer: SectionIndexer, sections: SectionIndex<Place>
        do {
            indexer = try SectionIndexer()
            let collator = try Collator(locale: "ko", strength: .tertiary)
            sections = try SectionIndex(places, indexer: indexer, collator: collator) { $0.name }
        } catch {
            throw .icu(error)
        }
        PhaseTrace.mark("ICU collators, sections and order")
        self.init(sections: sections, indexer: indexer, path: table.path, digest: digest, rewrittenZones: rewritten,
                  canonicalZoneIDs: canonicalZoneIDs, searchTables: searchTables) { rows, searchData in
            let data = Self.checked(searchData)
            PhaseTrace.mark("search tables parsed (\(data.places.count) places, \(data.terms.count) terms)")
            return SearchIndex(rows + data.places, fields: Self.searchFields, importance: \.population,
                               droppableSuffixes: Self.droppableSuffixes) { place in
                var texts = [SearchableText(field: "name", text: place.name)]
                texts += place.aliases.map { SearchableText(field: "alias", text: $0) }
                texts.append(SearchableText(field: "english", text: place.englishName))
                texts += data.termsByPlace[place.name] ?? []
                // The terms carry the country's own name too, with its short forms (한국, 미국).
                texts += data.termsByCountry[place.countryCode] ?? [SearchableText(field: "country", text: place.country)]
                texts.append(SearchableText(field: "zone", text: place.zoneID))
                return texts
            }
        }
    }

    /// The parts every catalogue has, however its sections and search were made.
    /// - Parameter canonicalZoneIDs: tzdata's canonical ids; nil: the places' own (the bundled table).
    /// - Parameter makeSearch: the search index, from the listed rows and (read if it needs them)
    ///   the search-only places and terms; run on first use.
    private init(sections: SectionIndex<Place>, indexer: SectionIndexer, path: String, digest: String,
                 rewrittenZones: [(line: Int, written: String, canonical: String)], canonicalZoneIDs: Set<String>?,
                 searchTables: SearchTables?, makeSearch: @escaping @Sendable ([Place], Lazy<Result<SearchData, TableError>>) -> SearchIndex<Place>) {
        let rows = sections.rows
        self.sections = sections
        self.places = rows
        self.indexer = indexer
        self.path = path
        self.digest = digest
        self.rewrittenZones = rewrittenZones
        let placeZoneIDs = Lazy { Set(rows.map(\.zoneID)) }
        self.placeZoneIDs = placeZoneIDs
        let canonical = canonicalZoneIDs.map { ids in Lazy { ids } } ?? placeZoneIDs
        self.canonicalZoneIDs = canonical
        self.zoneAliases = Lazy { ZoneAliases(canonical: canonical.value, links: TZDataChoice.automatic.database.links) }
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
    /// checked when they were compiled (`Scripts/compile-catalogue`) and by the tests: a failure
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
    public func validateSearchTables() throws(CatalogueError) {
        do { _ = try searchData.value.get() } catch { throw .table(error) }
    }

    /// The search-only places (none for a `--data` table), in table order.
    public var searchOnlyPlaces: [Place] { Self.checked(searchData).places }

    /// The terms that lead to places (countries, regions, zone names, airport codes), in table order.
    public var terms: [Term] { Self.checked(searchData).terms }

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
    public func zoneID(ignoringCase zoneID: String) -> String? {
        placeZoneIDs.value.first { $0.caseInsensitiveCompare(zoneID) == .orderedSame }
    }

    /// Reads tzdata's links now rather than on the first alias lookup (a server's start-up).
    public func prepareZoneAliases() { _ = zoneAliases.value }

    /// The places in `zoneID` (canonical or alias), in index order.
    public func places(inZone zoneID: String) -> [Place] {
        guard let canonical = self.zoneID(for: zoneID) else { return [] }
        return places.filter { $0.zoneID == canonical }
    }

    /// Whether Foundation's `TimeZone` knows `zoneID`. Its list of known ids answers most in one
    /// set lookup; it lacks some current ids (Asia/Kolkata) that `TimeZone(identifier:)` accepts.
    static func isKnownToFoundation(_ zoneID: String) -> Bool {
        knownZoneIDs.contains(zoneID) || TimeZone(identifier: zoneID) != nil
    }

    private static let knownZoneIDs = Set(TimeZone.knownTimeZoneIdentifiers)

    /// The distinct zone ids of the catalogue, sorted.
    public var zoneIDs: [String] { placeZoneIDs.value.sorted() }

    /// The zone ids of the bundled table: tzdata's zone.tab ids plus UTC, the canonical ids.
    public static let bundledZoneIDs: Set<String> = {
        Set((try? ZoneTable(bytes: Array(EmbeddedTable.contents.utf8), path: EmbeddedTable.path))?.rows.map(\.place.zoneID) ?? [])
    }()

    /// The digest of the bundled tables.
    static var bundledDigest: String { fnv1a(Array(EmbeddedTable.contents.utf8) + Array(EmbeddedTable.searchDigest.utf8)) }

    /// FNV-1a, 64 bits, as 16 hex digits: the catalogue digest, and the server's entity tags
    /// (`FNV1a`, which the build tool that embeds the tables uses too).
    public static func fnv1a(_ bytes: some Sequence<UInt8>) -> String { FNV1a.hex(bytes) }
}
