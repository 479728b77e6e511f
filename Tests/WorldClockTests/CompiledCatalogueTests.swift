import CatalogueBuilder
import CatalogueCompiler
import CatalogueRecords
import FNV
import Foundation
import HangulCollation
import HangulIndex
import Testing

@testable import WorldClockKit

/// The bundled catalogue runs from its compiled form (no ICU, no sorting, no search preparation);
/// these tests hold that form to what ICU and the search preparation make of the tables now.
@Suite("The compiled catalogue")
struct CompiledCatalogueTests {
    static let runtime: Catalogue = {
        let table = try! ZoneTable(bytes: Array(EmbeddedTable.contents.utf8), path: EmbeddedTable.path)
        return try! Catalogue(
            table: table, digest: Catalogue.bundledDigest, canonicalZoneIDs: Set(table.rows.map(\.place.zoneID)),
            searchTables: .bundled)
    }()

    /// The ICU the compiled catalogue was made with: the committed record file says, even when
    /// the tables changed since and the build left it out.
    static let builtWithICU: String =
        (try? String(contentsOfFile: recordPath, encoding: .utf8)).flatMap { CatalogueRecords.value(of: "icu", in: $0) }
        ?? CompiledCatalogue.bundled?.icuVersion ?? "unknown"

    /// The compiled catalogue beside a fresh compile of the tables with the running ICU.
    static func verdict() throws -> CompiledVerdict {
        // The build compiles Data/compiled-catalogue.txt in only while its digest is the tables'.
        guard let bundled = CompiledCatalogue.bundled else { return .tablesChanged }
        return CompiledVerdict(
            bundled: bundled, fresh: try CompiledCatalogue.compileBundled(), builtWithICU: Self.builtWithICU, runningICU: ICUInfo.version)
    }

    @Test("on every ICU, what is compiled in was compiled from the tables as they are now (else run Scripts/dev/compile-catalogue)")
    func compiledFromTheseTables() throws {
        let verdict = try Self.verdict()
        #expect(verdict != .tablesChanged, "\(verdict)")
    }

    @Test(
        "the tables built at run time, with ICU, compile to exactly what is compiled in (else run Scripts/dev/compile-catalogue)",
        CompiledCatalogueTests.onTheICUItWasBuiltWith)
    func compiledIsCurrent() throws {
        // On another ICU the sections, order and search index may differ without any fault here:
        // this test is then skipped with the two versions in its reason, never passed or failed as "stale".
        let verdict = try Self.verdict()
        #expect(verdict == .current, "\(verdict)")
    }

    /// Runs a test only on the ICU the committed catalogue was made with; elsewhere it says so.
    static let onTheICUItWasBuiltWith: ConditionTrait = .enabled(
        if: builtWithICU == ICUInfo.version, Comment(rawValue: "ICU differs (built with \(builtWithICU), running \(ICUInfo.version))"))

    /// The committed record file, which the build compiles in.
    static let recordPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appending(path: "Data/compiled-catalogue.txt").path

    @Test(
        "the committed record file is exactly what Scripts/dev/compile-catalogue writes from the tables now",
        CompiledCatalogueTests.onTheICUItWasBuiltWith)
    func recordFileIsCurrent() throws {
        let committed = try String(contentsOfFile: Self.recordPath, encoding: .utf8)
        let fresh = try CatalogueRecords.compileBundled().text(path: Self.recordPath)
        let committedLines = committed.split(separator: "\n", omittingEmptySubsequences: false)
        let freshLines = fresh.split(separator: "\n", omittingEmptySubsequences: false)
        let first = zip(committedLines, freshLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        let isCurrent = committed == fresh  // not in the expectation, which would print both files
        #expect(
            isCurrent,
            """
            stale: \(Self.recordPath) differs from what the tables make now, first at line \
            \(first.map { "\($0 + 1)" } ?? "\(min(committedLines.count, freshLines.count) + 1)"): run Scripts/dev/compile-catalogue
            """
        )
    }

    @Test("the record file reads back as it was written, and compiles to the columns compiled in")
    func recordsRoundTrip() throws {
        let text = try String(contentsOfFile: Self.recordPath, encoding: .utf8)
        let records = try CatalogueRecords(text: text, path: Self.recordPath)
        #expect(try records.text(path: Self.recordPath) == text)
        #expect(records.listed.count == CompiledCatalogue.bundled?.order.count)
        #expect(records.searchOnly.count == CompiledCatalogue.bundled?.searchOnlyLines.count)
    }

    @Test("a malformed record file or one that does not fit the tables is an error naming the file, the line and what is wrong")
    func recordErrors() throws {
        let text = try String(contentsOfFile: Self.recordPath, encoding: .utf8)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let firstPlace = try #require(lines.firstIndex { $0.hasPrefix("place\t") })
        func error(_ lines: [String]) -> RecordError? {
            do {
                let records = try CatalogueRecords(text: lines.joined(separator: "\n"), path: "records.txt")
                let tables = CatalogueRecords.Tables(
                    zones: (EmbeddedTable.contents, "zones.tsv"), searchOnly: (EmbeddedTable.searchOnly, "search-only.tsv"),
                    terms: (EmbeddedTable.terms, "terms.tsv"), prominence: (EmbeddedTable.prominence, "prominence.tsv"))
                _ = try records.swiftSource(tables: tables, path: "records.txt")
                return nil
            } catch {
                return error
            }
        }
        #expect(error(lines) == nil)
        var unknown = lines
        unknown[firstPlace] = "plaice" + unknown[firstPlace].dropFirst(5)
        #expect(error(unknown) == RecordError(path: "records.txt", line: firstPlace + 1, problem: "unknown record `plaice`"))
        var badImportance = lines
        var cells = badImportance[firstPlace].split(separator: "\t").map(String.init)
        cells[3] = "many"
        badImportance[firstPlace] = cells.joined(separator: "\t")
        #expect(error(badImportance)?.line == firstPlace + 1)
        let dropped = lines.remove(at: firstPlace)
        #expect(error(lines)?.problem.hasPrefix("the row of \(dropped.split(separator: "\t")[2])") == true)
    }

    @Test("a difference on another ICU says which ICUs, and a difference on the same ICU says stale")
    func verdicts() throws {
        let bundled = try #require(CompiledCatalogue.bundled)
        let reordered = CompiledCatalogue(
            tablesDigest: bundled.tablesDigest, icuVersion: bundled.icuVersion, indexer: bundled.indexer,
            order: HexColumn(bundled.order.values(0..<bundled.order.count).reversed()),
            sectionTitles: bundled.sectionTitles, sectionStarts: bundled.sectionStarts,
            searchOnlyLines: bundled.searchOnlyLines, search: bundled.search)
        let otherICU = CompiledVerdict(bundled: bundled, fresh: reordered, builtWithICU: "72.1", runningICU: "74.2")
        #expect(otherICU == .icuDiffers(built: "72.1", running: "74.2"))
        #expect(otherICU.description.hasPrefix("ICU differs (built with 72.1, running 74.2)"))
        let sameICU = CompiledVerdict(bundled: bundled, fresh: reordered, builtWithICU: "72.1", runningICU: "72.1")
        #expect(sameICU == .stale(["the collation order"]))
        #expect(sameICU.description.hasPrefix("stale"))
        let edited = CompiledCatalogue(
            tablesDigest: "0000000000000000", icuVersion: bundled.icuVersion, indexer: bundled.indexer, order: bundled.order,
            sectionTitles: bundled.sectionTitles, sectionStarts: bundled.sectionStarts,
            searchOnlyLines: bundled.searchOnlyLines, search: bundled.search)
        #expect(CompiledVerdict(bundled: bundled, fresh: edited, builtWithICU: "72.1", runningICU: "74.2") == .tablesChanged)
        #expect(CompiledVerdict(bundled: bundled, fresh: bundled, builtWithICU: "72.1", runningICU: "74.2") == .current)
    }

    @Test("the tables' digest compiled in at build time is the FNV-1a of the tables' text")
    func buildTimeDigest() {
        let search = FNV1a.hex(Array(EmbeddedTable.searchOnly.utf8) + Array(EmbeddedTable.terms.utf8) + Array(EmbeddedTable.prominence.utf8))
        #expect(Catalogue.bundledDigest == FNV1a.hex(Array(EmbeddedTable.contents.utf8) + Array(search.utf8)))
    }

    @Test("the bundled table split without its checks gives the rows the checking parser gives")
    func checkedSplit() throws {
        let bytes = Array(EmbeddedTable.contents.utf8)
        let parsed = try ZoneTable(bytes: bytes, path: EmbeddedTable.path).rows
        let split = ZoneTable(checked: bytes, path: EmbeddedTable.path).rows
        #expect(split.count == parsed.count)
        #expect(split == parsed)
    }

    @Test(
        "the bundled catalogue lists what the run-time catalogue lists, section by section",
        CompiledCatalogueTests.onTheICUItWasBuiltWith)
    func sameSections() throws {
        let bundled = try Catalogue.load()
        #expect(bundled.digest == Self.runtime.digest)
        #expect(bundled.sections.sections == Self.runtime.sections.sections)
        #expect(bundled.indexer.titles == Self.runtime.indexer.titles)
    }

    @Test(
        "a compiled indexer answers every name as the one ICU builds",
        arguments: [
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
        let compiled = try Catalogue.load().nameIndex.search(query.query, limit: 20)
        let runtime = try Self.runtime.nameIndex.search(query.query, limit: 20)
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

/// What comparing the compiled catalogue with the one ICU builds now says: current; the tables
/// changed (on any ICU); or the ICU-made parts differ, because the ICU is another (no fault) or
/// because the compiled file is stale.
enum CompiledVerdict: Equatable, CustomStringConvertible {
    case current
    case tablesChanged
    case icuDiffers(built: String, running: String)
    case stale([String])

    init(bundled: CompiledCatalogue, fresh: CompiledCatalogue, builtWithICU: String, runningICU: String) {
        guard fresh.tablesDigest == bundled.tablesDigest else {
            self = .tablesChanged
            return
        }
        let differing = [
            (fresh.indexer == bundled.indexer, "ICU's index labels or the sections of initials and Latin letters"),
            (fresh.order == bundled.order, "the collation order"),
            (fresh.sectionTitles == bundled.sectionTitles && fresh.sectionStarts == bundled.sectionStarts, "the sections"),
            (fresh.searchOnlyLines == bundled.searchOnlyLines, "the search-only lines"),
            (fresh.search == bundled.search, "the search index"),
        ].filter { !$0.0 }.map(\.1)
        if differing.isEmpty {
            self = .current
        } else if builtWithICU != runningICU {
            self = .icuDiffers(built: builtWithICU, running: runningICU)
        } else {
            self = .stale(differing)
        }
    }

    var description: String {
        switch self {
        case .current: "current"
        case .tablesChanged: "the tables changed since they were compiled: run Scripts/dev/compile-catalogue"
        case .icuDiffers(let built, let running):
            "ICU differs (built with \(built), running \(running)): the compiled sections and order are that ICU's; compare on it"
        case .stale(let parts):
            "stale: \(parts.joined(separator: ", ")) differ from what ICU makes of the tables now: run Scripts/dev/compile-catalogue"
        }
    }
}
