import HangulCollation
import HangulIndex
import TimeZoneRules
import WorldClockKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Catalogue {
    /// Loads, validates and indexes a table: the bundled one from its compiled form (collated with
    /// ICU here only while the compiled form is stale), or a user's own file, whose sections and
    /// order ICU computes now.
    /// - Parameter tzdata: the rules a user's table's zone ids are checked against: the ones the
    ///   times will come from, so that a zone they lack is refused here rather than shown without a time.
    /// - Throws: `CatalogueError` naming the file and line of a malformed row or an unknown zone,
    ///   or ICU's failure to open the collator.
    package static func load(_ source: TableSource, tzdata: TZDatabase = TZDataChoice.automatic.database) throws(CatalogueError) -> Catalogue {
        switch source {
        case .bundled:
            guard !compiledIsCurrent else { return try load() }
            // Data/ edited, Scripts/dev/compile-catalogue not yet run (a test fails until it is).
            let table: ZoneTable
            do { table = try ZoneTable(bytes: Array(EmbeddedTable.contents.utf8), path: EmbeddedTable.path) } catch { throw .table(error) }
            return try Catalogue(table: table, digest: bundledDigest, canonicalZoneIDs: Set(table.rows.map(\.place.zoneID)), searchTables: .bundled)
        case .file(let file):
            guard let data = FileManager.default.contents(atPath: file) else {
                let reason = FileManager.default.fileExists(atPath: file) ? "permission denied or not a regular file" : "no such file"
                throw .table(TableError(path: file, line: nil, problem: .unreadable(reason: reason)))
            }
            let bytes = Array(data)
            let table: ZoneTable
            do { table = try ZoneTable(bytes: bytes, path: file) } catch { throw .table(error) }
            PhaseTrace.mark("table parsed (\(table.rows.count) rows)")
            return try Catalogue(table: table, digest: fnv1a(bytes), tzdata: tzdata)
        }
    }

    /// Validates a parsed table and collates it with ICU: every zone must be known to the tzdata
    /// in use, and aliases are rewritten to the canonical id so one place never appears under two ids.
    /// - Parameters:
    ///   - canonicalZoneIDs: tzdata's canonical ids (the bundled table's by default).
    ///   - searchTables: the search-only places and terms search also covers (the bundled ones), or none.
    ///   - tzdata: the rules the zone ids are checked against.
    package init(
        table: ZoneTable, digest: String, canonicalZoneIDs: Set<String> = Catalogue.bundledZoneIDs,
        searchTables: SearchTables? = nil, tzdata: TZDatabase = TZDataChoice.automatic.database
    ) throws(CatalogueError) {
        let (places, rewritten) = try Self.placesInCanonicalZones(of: table, canonicalZoneIDs: canonicalZoneIDs, tzdata: tzdata)
        let indexer: SectionIndexer, sections: SectionIndex<Place>
        do {
            indexer = try SectionIndexer()
            let collator = try Collator(locale: "ko", strength: .tertiary)
            sections = try SectionIndex(places, indexer: indexer, collator: collator) { $0.name }
        } catch {
            throw .icu(error.description)
        }
        PhaseTrace.mark("ICU collators, sections and order")
        self.init(
            collated: sections, indexer: indexer.definition, icuVersion: ICUInfo.version, path: table.path, digest: digest,
            rewrittenZones: rewritten, canonicalZoneIDs: canonicalZoneIDs, searchTables: searchTables)
    }
}

extension CompiledCatalogue {
    /// The bundled tables built now, with ICU, and compiled: what `bundled` must equal.
    /// - Throws: `CatalogueError` for a malformed table or an unknown zone.
    package static func compileBundled() throws(CatalogueError) -> CompiledCatalogue {
        let (catalogue, table, searchOnly) = try Catalogue.bundledAtRunTime()
        return CompiledCatalogue(catalogue, table: table, searchOnlyRows: searchOnly.rows, searchOnlyText: EmbeddedTable.searchOnly)
    }
}

extension Catalogue {
    /// The bundled tables, checked, with their catalogue built now with ICU.
    package static func bundledAtRunTime() throws(CatalogueError) -> (catalogue: Catalogue, table: ZoneTable, searchOnly: ZoneTable) {
        let table: ZoneTable, searchOnly: ZoneTable
        do {
            table = try ZoneTable(bytes: Array(EmbeddedTable.contents.utf8), path: EmbeddedTable.path)
            searchOnly = try ZoneTable(bytes: Array(EmbeddedTable.searchOnly.utf8), path: EmbeddedTable.searchOnlyPath)
        } catch {
            throw .table(error)
        }
        let catalogue = try Catalogue(
            table: table, digest: Catalogue.bundledDigest, canonicalZoneIDs: Set(table.rows.map(\.place.zoneID)),
            searchTables: .bundled)
        try catalogue.validateSearchTables()
        return (catalogue, table, searchOnly)
    }
}
