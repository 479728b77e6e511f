import Foundation
import HangulIndex
import TimeZoneRules

/// Where a zone table comes from.
public enum TableSource: Sendable, Equatable {
    /// The table compiled into the binary (`Data/zones.tsv` at build time).
    case bundled
    /// A user's own table file.
    case file(path: String)
}

/// The validated catalogue: every place of a zone table under its canonical zone, grouped into the
/// Korean index (ㄱ … ㅎ, A–Z, #) and sorted by ICU's Korean collator. Built once per process.
public struct Catalogue: Sendable {
    /// The places in index order.
    public let places: [Place]
    /// The places grouped into sections, with the index titles and lookup by title.
    public let sections: SectionIndex<Place>
    /// The section definition, for resolving a title a user typed.
    public let indexer: SectionIndexer
    /// Where the table came from, as errors name it.
    public let path: String
    /// A digest of the table's bytes (FNV-1a, 64 bits, hex): changes whenever the table does.
    public let digest: String
    /// The table rows whose zone id was an alias, with the canonical id used instead.
    public let rewrittenZones: [(line: Int, written: String, canonical: String)]

    /// Korean-aware search over names, old spellings, countries, English names and zone ids,
    /// prepared on first use (a `list` never pays for it) and kept.
    public var search: SearchIndex<Place> { searchIndex.value }
    private let searchIndex: Lazy<SearchIndex<Place>>

    private let placeByName: [String: Place]
    private let canonicalZoneIDs: Set<String>
    /// The zone ids of the places, canonical.
    private let placeZoneIDs: Set<String>
    /// tzdata's links, read on the first lookup of an id that is not the catalogue's own.
    private let zoneAliases: Lazy<ZoneAliases>

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
        let table: ZoneTable
        do { table = try ZoneTable(bytes: bytes, path: path) } catch { throw .table(error) }
        // The bundled table's own ids are the canonical ones; no need to parse it twice.
        let canonical = source == .bundled ? Set(table.rows.map(\.zone)) : Self.bundledZoneIDs
        return try Catalogue(table: table, digest: Self.fnv1a(bytes), canonicalZoneIDs: canonical)
    }

    /// Validates a parsed table: every zone must be known to Foundation's `TimeZone`, and aliases
    /// are rewritten to the canonical id so one place never appears under two ids.
    init(table: ZoneTable, digest: String, canonicalZoneIDs: Set<String> = Catalogue.bundledZoneIDs) throws(CatalogueError) {
        var aliases: ZoneAliases?  // tzdata's links, read only when a row uses a non-canonical id
        var places: [Place] = []
        var rewritten: [(Int, String, String)] = []
        for row in table.rows {
            guard Self.isKnownToFoundation(row.zone) else {
                throw .table(TableError(path: table.path, line: row.line, problem: .unknownZone(row.zone)))
            }
            var canonical = row.zone
            if !canonicalZoneIDs.contains(row.zone) {
                if aliases == nil { aliases = ZoneAliases(canonical: canonicalZoneIDs, links: TZDataChoice.automatic.database.links) }
                canonical = aliases!.canonicalID(for: row.zone)
            }
            if canonical != row.zone { rewritten.append((row.line, row.zone, canonical)) }
            places.append(Place(name: row.name, country: row.country, countryCode: row.countryCode,
                                zoneID: canonical, englishName: row.english, aliases: row.aliases))
        }
        let indexer: SectionIndexer, collator: Collator
        do {
            indexer = try SectionIndexer()
            collator = try Collator(locale: "ko", strength: .tertiary)
        } catch {
            throw .icu(error)
        }
        let sections = SectionIndex(places, indexer: indexer, collator: collator) { $0.name }
        self.sections = sections
        self.places = sections.rows
        self.indexer = indexer
        self.path = table.path
        self.digest = digest
        self.rewrittenZones = rewritten
        self.canonicalZoneIDs = canonicalZoneIDs
        self.placeZoneIDs = Set(places.map(\.zoneID))
        self.zoneAliases = Lazy { ZoneAliases(canonical: canonicalZoneIDs, links: TZDataChoice.automatic.database.links) }
        self.placeByName = Dictionary(uniqueKeysWithValues: places.map { ($0.name, $0) })
        let rows = sections.rows
        self.searchIndex = Lazy { SearchIndex(rows) { place in
            [SearchableText(field: "name", text: place.name)]
                + place.aliases.map { SearchableText(field: "alias", text: $0) }
                + [SearchableText(field: "country", text: place.country),
                   SearchableText(field: "english", text: place.englishName),
                   SearchableText(field: "zone", text: place.zoneID)]
        } }
    }

    /// The place called exactly `name` (any Unicode form: NFD and NFC match).
    public func place(named name: String) -> Place? { placeByName[name] }

    /// The catalogue's zone id for `zoneID`: itself when a place has it, the canonical id when it
    /// is an alias of one (Asia/Calcutta → Asia/Kolkata), else nil.
    public func zoneID(for zoneID: String) -> String? {
        if placeZoneIDs.contains(zoneID) { return zoneID }
        if canonicalZoneIDs.contains(zoneID) { return nil }
        let canonical = zoneAliases.value.canonicalID(for: zoneID)
        return placeZoneIDs.contains(canonical) ? canonical : nil
    }

    /// The catalogue's zone id spelled like `zoneID` but for case (asia/seoul → Asia/Seoul), or nil.
    public func zoneID(ignoringCase zoneID: String) -> String? {
        placeZoneIDs.first { $0.caseInsensitiveCompare(zoneID) == .orderedSame }
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
    public var zoneIDs: [String] { placeZoneIDs.sorted() }

    /// The zone ids of the bundled table: tzdata's zone.tab ids plus UTC, the canonical ids.
    public static let bundledZoneIDs: Set<String> = {
        Set((try? ZoneTable(bytes: Array(EmbeddedTable.contents.utf8), path: EmbeddedTable.path))?.rows.map(\.zone) ?? [])
    }()

    /// FNV-1a, 64 bits, as 16 hex digits: the catalogue digest, and the server's entity tags.
    public static func fnv1a(_ bytes: some Sequence<UInt8>) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}

/// Why a catalogue could not be loaded.
public enum CatalogueError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A problem in the table, with its file and line.
    case table(TableError)
    /// ICU could not provide the collator or the index data.
    case icu(ICUError)

    public var description: String {
        switch self {
        case .table(let error): return error.description
        case .icu(let error): return error.description
        }
    }
}
