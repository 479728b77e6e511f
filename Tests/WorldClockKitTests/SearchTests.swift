import Testing
import WorldClockKit

/// Korean search as an app's search field uses it: the same index and ranking the CLI and the
/// server answer with.
@Suite("Korean search")
struct SearchTests {
    static let catalogue = try! Catalogue.load()

    @Test(
        "the first answer is the place a Korean user means",
        arguments: [
            ("뉴욕", "America/New_York"), ("뉴", "America/New_York"), ("늉", "America/New_York"), ("ㄴㅇ", "America/New_York"),
            ("sbdyr", "America/New_York"), ("키예프", "Europe/Kyiv"), ("montreal", "America/Toronto"), ("JFK", "America/New_York"),
            ("서울", "Asia/Seoul"), ("도꾜", "Asia/Tokyo"),
        ])
    func firstAnswer(query: String, zone: String) throws {
        let result = try Self.catalogue.search.search(query, limit: 5)
        #expect(result.matches.first?.item.zoneID == zone)
    }

    @Test(
        "a choseong query that spells a whole name ranks it before longer names it starts",
        arguments: [
            ("ㅍㄹ", "파리"), ("ㄹㄷ", "런던"), ("ㅅㅇ", "서울"),
        ])
    func wholeChoseong(query: String, name: String) throws {
        let result = try Self.catalogue.search.search(query, limit: 5)
        #expect(result.matches.first?.item.name == name)
    }

    @Test("NFD and NFC queries give the same answers")
    func unicodeForms() throws {
        let nfc = try Self.catalogue.search.search("조지타운", limit: 5).matches.map(\.item.name)
        let nfd = try Self.catalogue.search.search("\u{110C}\u{1169}\u{110C}\u{1175}\u{1110}\u{1161}\u{110B}\u{116E}\u{11AB}", limit: 5).matches.map(
            \.item.name)
        #expect(nfc == nfd)
        #expect(!nfc.isEmpty)
    }

    @Test("an empty or enormous query is an error, not an empty answer", arguments: ["", String(repeating: "가", count: 10_000)])
    func badQuery(query: String) {
        #expect(throws: SearchError.self) { try Self.catalogue.search.search(query) }
    }
}
