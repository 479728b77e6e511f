import Testing

@testable import HangulCollation
@testable import HangulIndex

@Suite("Search ranking over a grown catalogue")
struct SearchRankingTests {
    struct Place: Sendable {
        let name: String
        let population: Int
        let country: String
        var terms: [SearchableText] = []
    }

    static let places = [
        Place(name: "튀니스", population: 700_000, country: "튀니지"),
        Place(name: "니스", population: 340_000, country: "프랑스"),
        Place(name: "파리", population: 2_100_000, country: "프랑스"),
        Place(name: "마르세유", population: 870_000, country: "프랑스"),
        Place(name: "세계 표준시", population: 0, country: "세계"),
        Place(name: "워싱턴 D.C.", population: 690_000, country: "미국"),
        Place(
            name: "시카고", population: 2_700_000, country: "미국",
            terms: [SearchableText(field: "zone_name", text: "CST", label: "미 중부 표준시")]),
        Place(
            name: "상하이", population: 24_000_000, country: "중국",
            terms: [SearchableText(field: "zone_name", text: "CST", label: "중국 표준시")]),
        Place(name: "부다페스트", population: 1_700_000, country: "헝가리"),
        Place(
            name: "뉴욕", population: 8_800_000, country: "미국",
            terms: [SearchableText(field: "zone_name", text: "EST", label: "미 동부 표준시")]),
    ]
    let index = SearchIndex(places, fields: ["name", "english", "zone_name", "country"], importance: \.population) { place in
        [SearchableText(field: "name", text: place.name)] + place.terms + [SearchableText(field: "country", text: place.country)]
    }

    func names(_ query: String) throws -> [String] { try index.search(query).matches.map(\.item.name) }

    @Test("an exact name beats a name that contains it, whatever the population (니스, not 튀니스)")
    func exactFirst() throws {
        #expect(try names("니스").first == "니스")
        #expect(try names("EST").first == "뉴욕")  // an exact zone name
    }

    @Test("within a kind and field, the bigger place first, then index order")
    func population() throws {
        #expect(try names("프랑스") == ["파리", "마르세유", "니스"])
        #expect(try names("미국") == ["뉴욕", "시카고", "워싱턴 D.C."])
    }

    @Test("an ambiguous zone name lists every meaning, each labelled, the most used first")
    func ambiguous() throws {
        let matches = try index.search("CST").matches
        #expect(matches.map(\.item.name) == ["상하이", "시카고"])
        #expect(matches.map(\.label) == ["중국 표준시", "미 중부 표준시"])
        #expect(matches.allSatisfy { $0.field == "zone_name" && $0.kind == .exact })
    }

    @Test(
        "spaces and punctuation never matter, on either side",
        arguments: [
            ("세계표준시", "세계 표준시"), ("세계 표준시", "세계 표준시"), ("워싱턴DC", "워싱턴 D.C."), ("워싱턴 d.c", "워싱턴 D.C."), ("시 카 고", "시카고"),
        ])
    func spaces(query: String, name: String) throws {
        let match = try #require(try index.search(query).matches.first)
        #expect(match.item.name == name)
        #expect(match.kind == .exact || match.kind == .prefix)
    }

    @Test("the matched range skips the ignored characters but covers what lies between")
    func ranges() throws {
        #expect(try index.search("표준시").matches.first?.utf16Range == 3..<6)
        #expect(try index.search("워싱턴DC").matches.first?.utf16Range == 0..<7)  // the closing "." is not matched
    }

    @Test("a query of spaces and punctuation only finds nothing, without an error")
    func onlyPunctuation() throws {
        #expect(try index.search("...").matches.isEmpty)
    }

    @Test("a limit keeps the best, as if all were ranked first", arguments: [1, 2, 3])
    func limit(_ limit: Int) throws {
        #expect(try index.search("ㅁ", limit: limit).matches.map(\.item.name) == Array(try names("ㅁ").prefix(limit)))
        #expect(try index.search("스", limit: limit).matches.map(\.item.name) == Array(try names("스").prefix(limit)))
    }
}
