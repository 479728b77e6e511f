import Testing

@testable import HangulCollation
@testable import HangulIndex

@Suite("Sectioned list")
struct SectionIndexTests {
    let collator = try! Collator(locale: "ko", strength: .tertiary)

    struct City: Equatable, Sendable {
        let name: String
        let id: Int
    }

    func index(_ names: [String], empty: SectionIndex<String>.EmptySections = .drop) -> SectionIndex<String> {
        try! SectionIndex(names, indexer: sharedIndexer, collator: collator, emptySections: empty) { $0 }
    }

    @Test("names are grouped by choseong and sorted by the Korean collator inside each section")
    func groupsAndSorts() {
        let list = index(["뉴욕", "나이로비", "가자", "까치", "서울", "부산", "Berlin", "amsterdam", "7일레븐", "ㄱ", "간", "깡"])
        #expect(list.titles.map(\.text) == ["ㄱ", "ㄴ", "ㅂ", "ㅅ", "A", "B", "#"])
        #expect(list.section(titled: "ㄱ")?.rows == ["ㄱ", "가자", "간", "까치", "깡"])
        #expect(list.section(titled: "ㄴ")?.rows == ["나이로비", "뉴욕"])
        #expect(list.section(titled: "A")?.rows == ["amsterdam"])
        #expect(list.section(titled: "#")?.rows == ["7일레븐"])
        #expect(list.rows.count == 12)
    }

    @Test("lookup by the compatibility-jamo title; the conjoining jamo is not a title")
    func lookupByTitle() throws {
        let list = index(["가", "나"])
        let giyeok = try #require(sharedIndexer.titles.first { $0.text == "ㄱ" })
        #expect(list[giyeok]?.rows == ["가"])
        #expect(list.section(titled: "\u{3131}")?.rows == ["가"])
        #expect(list.section(titled: "\u{1100}") == nil)
    }

    @Test("empty sections are kept or dropped as the caller chooses")
    func emptySections() {
        #expect(index(["가"], empty: .keep).titles.count == sharedIndexer.titles.count)
        #expect(index(["가"], empty: .keep).section(titled: "ㅎ")?.rows == [])
        #expect(index(["가"], empty: .drop).titles.map(\.text) == ["ㄱ"])
        #expect(index([], empty: .drop).sections.isEmpty)
    }

    @Test("rows that collate equal keep a deterministic order: by UTF-8 bytes, then input order")
    func deterministicTies() throws {
        let nfc = "가나", nfd = "\u{1100}\u{1161}\u{1102}\u{1161}"
        let forward = try SectionIndex(
            [City(name: nfd, id: 1), City(name: nfc, id: 2), City(name: nfc, id: 3)],
            indexer: sharedIndexer, collator: collator
        ) { $0.name }
        let backward = try SectionIndex(
            [City(name: nfc, id: 3), City(name: nfc, id: 2), City(name: nfd, id: 1)],
            indexer: sharedIndexer, collator: collator
        ) { $0.name }
        #expect(forward.rows.map(\.name) == [nfd, nfc, nfc])  // U+1100 (E1 84 80) before U+AC00 (EA B0 80)
        #expect(forward.rows.map(\.id) == [1, 2, 3])
        #expect(backward.rows.map(\.id) == [1, 3, 2])
    }

    @Test("filter and map keep the order and the titles")
    func filterAndMap() {
        let list = index(["가", "나", "다", "Apple"])
        let filtered = list.filter { $0 != "나" }
        #expect(filtered.titles.map(\.text) == ["ㄱ", "ㄷ", "A"])
        #expect(list.filter(emptySections: .keep) { $0 != "나" }.section(titled: "ㄴ")?.rows == [])
        #expect(list.map(\.count).section(titled: "A")?.rows == [5])
    }

    @Test("a collator ICU cannot open is an error with a message, not a crash")
    func collatorError() {
        #expect(throws: ICUError.self) { try Collator(locale: String(repeating: "x", count: 400), strength: .primary) }
    }
}
