import HangulCollation
import HangulIndex
import Testing
import CatalogueBuilder
@testable import WorldClockKit

/// The bundled catalogue runs from its compiled form (no ICU, no sorting, no search preparation);
/// these tests hold that form to what ICU and the search preparation make of the tables now.
@Suite("The compiled catalogue")
struct CompiledCatalogueTests {
    static let runtime: Catalogue = {
        let table = try! ZoneTable(bytes: Array(EmbeddedTable.contents.utf8), path: EmbeddedTable.path)
        return try! Catalogue(table: table, digest: Catalogue.bundledDigest, canonicalZoneIDs: Set(table.rows.map(\.place.zoneID)),
                              searchTables: .bundled)
    }()

    @Test("the tables built at run time, with ICU, compile to exactly what is compiled in (else run Scripts/compile-catalogue)")
    func compiledIsCurrent() throws {
        let bundled = try #require(CompiledCatalogue.bundled)
        let fresh = try CompiledCatalogue.compileBundled()
        #expect(fresh.tablesDigest == bundled.tablesDigest, "the tables changed since they were compiled")
        #expect(fresh.indexer == bundled.indexer, "ICU's index labels or the sections of initials and Latin letters")
        #expect(fresh.order == bundled.order, "the collation order")
        #expect(fresh.sectionTitles == bundled.sectionTitles && fresh.sectionStarts == bundled.sectionStarts, "the sections")
        #expect(fresh.searchOnlyLines == bundled.searchOnlyLines)
        #expect(fresh.search == bundled.search, "the search index")
    }

    @Test("the bundled table split without its checks gives the rows the checking parser gives")
    func checkedSplit() throws {
        let bytes = Array(EmbeddedTable.contents.utf8)
        let parsed = try ZoneTable(bytes: bytes, path: EmbeddedTable.path).rows
        let split = ZoneTable(checked: bytes, path: EmbeddedTable.path).rows
        #expect(split.count == parsed.count)
        #expect(split == parsed)
    }

    @Test("the bundled catalogue lists what the run-time catalogue lists, section by section")
    func sameSections() throws {
        let bundled = try Catalogue.load()
        #expect(bundled.digest == Self.runtime.digest)
        #expect(bundled.sections.sections == Self.runtime.sections.sections)
        #expect(bundled.indexer.titles == Self.runtime.indexer.titles)
    }

    @Test("a compiled indexer answers every name as the one ICU builds", arguments: [
        "서울", "ㄱ", "ᄀ", "ﾡ", "까", "new york", "Zürich", "Ελλάδα", "㉠", "⅍", "1", "🙂", " (서울)", "", "ㅏ",
    ])
    func compiledIndexer(name: String) throws {
        let fromICU = try SectionIndexer()
        let compiled = SectionIndexer(definition: fromICU.definition)
        #expect(compiled.section(for: name) == fromICU.section(for: name))
        #expect(compiled.collatedSection(for: name) == fromICU.collatedSection(for: name))
    }

    @Test("the compiled search answers every query of the user set exactly as the run-time one", arguments: UserQuery.all)
    func sameSearch(query: UserQuery) throws {
        let compiled = try Catalogue.load().search.search(query.query, limit: 20)
        let runtime = try Self.runtime.search.search(query.query, limit: 20)
        #expect(compiled.matches.map(\.item) == runtime.matches.map(\.item))
        #expect(compiled.matches.map(\.kind) == runtime.matches.map(\.kind))
        #expect(compiled.matches.map(\.field) == runtime.matches.map(\.field))
        #expect(compiled.matches.map(\.text) == runtime.matches.map(\.text))
        #expect(compiled.matches.map(\.label) == runtime.matches.map(\.label))
        #expect(compiled.matches.map(\.utf16Range) == runtime.matches.map(\.utf16Range))
    }

    @Test("a search-only place read from its own line equals the one read with its table")
    func searchOnlyPlaces() throws {
        let compiled = try #require(CompiledCatalogue.bundled)
        let places = try Catalogue.load().searchOnlyPlaces
        #expect(places.count == compiled.searchOnlyLines.count)
        for index in [0, 1, places.count / 2, places.count - 1] {
            #expect(compiled.searchOnlyPlace(index, table: EmbeddedTable.searchOnly) == places[index])
        }
    }
}
