import CatalogueBuilder
import Foundation
import HangulIndex
import Testing

@testable import WorldClockKit

@Suite("The search-only and terms tables")
struct SearchTableTests {
    static let listed = MalformedTableTests.header + "서울\t대한민국\tKR\tAsia/Seoul\tSeoul\t\n"
    static let searchOnlyHeader = ZoneTable.header + "\n"
    /// Without the `usual` column, as tables written before it: they still load.
    static let termsHeader = "term\tkind\ttarget\tlabel\n"

    func catalogue(searchOnly: String, terms: String) throws -> Catalogue {
        let table = try ZoneTable(bytes: Array(Self.listed.utf8), path: "zones.tsv")
        return try Catalogue(
            table: table, digest: "", searchTables: SearchTables(searchOnly: (searchOnly, "search-only.tsv"), terms: (terms, "terms.tsv")))
    }

    /// (what, search-only table, terms table, the error)
    static let cases: [(String, String, String, TableError)] = [
        (
            "unknown kind", searchOnlyHeader + "부산\t대한민국\tKR\tAsia/Seoul\tBusan\t\t3285147\n", termsHeader + "한국\tnation\tKR\t대한민국\n",
            TableError(path: "terms.tsv", line: 2, problem: .unknownTermKind("nation"))
        ),
        (
            "term to no place", searchOnlyHeader + "부산\t대한민국\tKR\tAsia/Seoul\tBusan\t\t3285147\n", termsHeader + "GMP\tairport\t김포\tGimpo\n",
            TableError(path: "terms.tsv", line: 2, problem: .unknownTarget("김포"))
        ),
        (
            "country of no place", searchOnlyHeader + "부산\t대한민국\tKR\tAsia/Seoul\tBusan\t\t3285147\n", termsHeader + "일본\tcountry\tJP\t일본\n",
            TableError(path: "terms.tsv", line: 2, problem: .unknownTarget("JP"))
        ),
        (
            "empty label", searchOnlyHeader + "부산\t대한민국\tKR\tAsia/Seoul\tBusan\t\t3285147\n", termsHeader + "KST\tzone_name\t서울\t\n",
            TableError(path: "terms.tsv", line: 2, problem: .emptyField(column: "label"))
        ),
        (
            "bad usual", searchOnlyHeader + "부산\t대한민국\tKR\tAsia/Seoul\tBusan\t\t3285147\n",
            "term\tkind\ttarget\tlabel\tusual\nKST\tzone_name\t서울\t한국 표준시\tmaybe\n",
            TableError(path: "terms.tsv", line: 2, problem: .badUsual("maybe"))
        ),
        (
            "place in both tables", searchOnlyHeader + "서울\t대한민국\tKR\tAsia/Seoul\tSeoul\t\t1\n", termsHeader,
            TableError(path: "search-only.tsv", line: 2, problem: .placeListedTwice("서울"))
        ),
        (
            "zone of no listed place", searchOnlyHeader + "도쿄\t일본\tJP\tAsia/Tokyo\tTokyo\t\t1\n", termsHeader,
            TableError(path: "search-only.tsv", line: 2, problem: .unknownZone("Asia/Tokyo"))
        ),
        (
            "bad population", searchOnlyHeader + "부산\t대한민국\tKR\tAsia/Seoul\tBusan\t\t3,285,147\n", termsHeader,
            TableError(path: "search-only.tsv", line: 2, problem: .badPopulation("3,285,147"))
        ),
    ]

    @Test("each problem names its file and line", arguments: cases)
    func malformed(what: String, searchOnly: String, terms: String, error: TableError) throws {
        let catalogue = try catalogue(searchOnly: searchOnly, terms: terms)
        #expect(throws: CatalogueError.table(error), "\(what)") { try catalogue.validateSearchTables() }
    }

    @Test("a good pair of tables adds places, regions, zone names, airports and countries to search, not to the list")
    func good() throws {
        let catalogue = try catalogue(
            searchOnly: Self.searchOnlyHeader + "부산\t대한민국\tKR\tAsia/Seoul\tBusan\t\t3285147\n",
            terms: Self.termsHeader + "한국\tcountry\tKR\t대한민국\nKST\tzone_name\t서울\t한국 표준시\nPUS\tairport\t부산\tGimhae International Airport\n")
        try catalogue.validateSearchTables()
        #expect(catalogue.places.map(\.name) == ["서울"])
        #expect(catalogue.place(named: "부산")?.isListed == false)
        // A listed place before a search-only one (SearchProminence).
        #expect(try catalogue.nameIndex.search("한국").matches.map(\.item.name) == ["서울", "부산"])
        let pus = try #require(try catalogue.nameIndex.search("PUS").matches.first)
        #expect(pus.item.name == "부산" && pus.field == "airport" && pus.label == "Gimhae International Airport")
        #expect(try catalogue.nameIndex.search("kst").matches.first?.item.name == "서울")
    }

    @Test("an ambiguous abbreviation's usual place comes first, the bigger one after it")
    func usual() throws {
        let catalogue = try catalogue(
            searchOnly: Self.searchOnlyHeader + "부산\t대한민국\tKR\tAsia/Seoul\tBusan\t\t3285147\n",
            terms: TermTable.columns.joined(separator: "\t") + "\nXST\tzone_name\t부산\t부산 시간\t\nXST\tzone_name\t서울\t서울 시간\tyes\n")
        try catalogue.validateSearchTables()
        let matches = try catalogue.nameIndex.search("XST").matches
        #expect(matches.map(\.item.name) == ["서울", "부산"])
        #expect(matches.map(\.field) == ["zone_name", "zone_name"])
        #expect(matches.map(\.label) == ["서울 시간", "부산 시간"])
    }

    @Test("terms.tsv of the bundled catalogue: every region of Data/regions.tsv shows, leading to its city")
    func regions() throws {
        let text = try String(contentsOf: repositoryRoot.appendingPathComponent("Data/regions.tsv"), encoding: .utf8)
        let rows = text.split(separator: "\n").filter { !$0.hasPrefix("#") }.dropFirst().map { $0.split(separator: "\t").map(String.init) }
        #expect(rows.count > 50)
        for row in rows {
            #expect(bundled.terms.contains { $0.kind == .region && $0.term == row[0] && $0.target == row[3] }, "\(row[0]) → \(row[3])")
        }
    }
}

/// The CLI's `search` and the web app (through `field_name`) name a match's field from one table;
/// a field without a Korean name would reach users as its raw key (`zone_name`).
@Suite("Every field search can report has a Korean name")
struct SearchFieldNameTests {
    @Test("the bundled index's fields, the terms' kinds and the offset field")
    func everyFieldNamed() throws {
        let catalogue = try Catalogue.load()
        let fields =
            Set(catalogue.nameIndex.compiled.fieldNames.split(separator: ",").map(String.init))
            .union(Term.Kind.allCases.map(\.rawValue)).union([PlaceSearch.offsetField, "name", "alias", "english", "country", "zone"])
        for field in fields.sorted() {
            #expect(FeedMatch.koreanFieldNames[field] != nil, "no Korean name for the search field \(field)")
            #expect(FeedMatch.koreanFieldName(field) != field)
        }
    }

    @Test("every kind of match has its own Korean name, which the feed sends as kind_name")
    func everyKindNamed() throws {
        let names = MatchKind.allCases.map(FeedMatch.koreanKindName)
        #expect(names.allSatisfy { !$0.isEmpty && $0.unicodeScalars.contains { $0.value >= 0xAC00 } }, "\(names)")
        #expect(Set(names).count == MatchKind.allCases.count)
        let found = try Catalogue.load().nameIndex.search("ㄴㅇ", limit: 1)
        let match = FeedSearchResult(try #require(found.matches.first), time: nil).match
        #expect((match.kind, match.kindName) == ("choseong", "초성"))
    }
}
