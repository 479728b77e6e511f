import Foundation
import HangulIndex
import TestSupport
import Testing

@testable import WorldClockKit

/// Places typed key by key on a 2-set keyboard, as Korean users search: the place meant comes
/// first as early as it can and, once first, stays first while the text grows toward it.
@Suite("Search as Koreans type")
struct TypingTests {
    /// The places of `Fixtures/typing-places.tsv`, each typed through every composing state.
    static let runs: [TypingRun] = {
        let url = repositoryRoot.appendingPathComponent("Tests/WorldClockTests/Fixtures/typing-places.tsv")
        let search = PlaceSearch(catalogue: bundled, tzdata: .bundled, at: UserQueryTests.instant)
        return TypingRun.runs(list: (try? String(contentsOf: url, encoding: .utf8)) ?? "") { state in
            (try? search.search(state, limit: 1))?.result.matches.first?.item.name
        }
    }()

    @Test("a 2-set keyboard shows every composing state: a final may move to the next syllable, a vowel or a final may double")
    func composingStates() {
        #expect(DubeolsikKeyboard.composingStates(typing: "뉴욕") == ["ㄴ", "뉴", "늉", "뉴요", "뉴욕"])
        #expect(DubeolsikKeyboard.composingStates(typing: "서울") == ["ㅅ", "서", "성", "서우", "서울"])
        #expect(DubeolsikKeyboard.composingStates(typing: "과천") == ["ㄱ", "고", "과", "괓", "과처", "과천"])
        #expect(DubeolsikKeyboard.composingStates(typing: "닭갈비") == ["ㄷ", "다", "달", "닭", "닭ㄱ", "닭가", "닭갈", "닭갋", "닭갈비"])
    }

    @Test("the list is many places, every one found by its name typed in full")
    func list() {
        #expect(Self.runs.count >= 60)
        for run in Self.runs { #expect(run.firsts.last == run.place, "\(run.place): \(run.trace)") }
    }

    @Test("no place is first at some key and lost at a later one", arguments: runs)
    func neverLostAfterFirst(_ run: TypingRun) {
        #expect(!run.lostAfterFirst, "\(run.trace)")
    }

    @Test(
        "the place meant is first from this key on",
        arguments: [
            ("서울", "서울", 1), ("뉴욕", "뉴욕", 1), ("오사카", "오사카", 1), ("다낭", "다낭", 2), ("로스앤젤레스", "로스앤젤레스", 1),
            ("상하이", "상하이", 2), ("홍콩", "홍콩", 2), ("도쿄", "도쿄", 1), ("하노이", "하노이", 2),
        ])
    func settled(_ typed: String, _ place: String, _ after: Int) throws {
        let run = try #require(Self.runs.first { $0.place == place && $0.states.last == typed })
        #expect(run.settledAfter == after, "\(run.trace)")
    }

    @Test("every row of Data/prominence.tsv is a place of the tables, ranked once, in order")
    func prominenceTable() throws {
        let rows = EmbeddedTable.prominence.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.hasPrefix("rank\t") }
        let places = Set((bundled.places + bundled.searchOnlyPlaces).map { $0.name + "\t" + $0.zoneID })
        for (number, row) in rows.enumerated() {
            let cells = row.split(separator: "\t", omittingEmptySubsequences: false)
            try #require(cells.count == 4, "\(row): rank, name, zone and reason")
            #expect(Int(cells[0]) == number + 1, "\(row): ranks run 1, 2, 3…")
            #expect(places.contains(cells[1] + "\t" + cells[2]), "\(row): no such place")
            #expect(!cells[3].isEmpty, "\(row): no reason")
        }
        #expect(SearchProminence.ranks.count == rows.count)
        #expect(rows.count < SearchProminence.maximumRank)
    }

    @Test("a lone consonant is the start of a name, not a name of one syllable: ㄴ gives 뉴욕, not 님, 난 or 놈")
    func loneConsonant() throws {
        let search = PlaceSearch(catalogue: bundled, tzdata: .bundled, at: UserQueryTests.instant)
        let first = try search.search("ㄴ", limit: 3).result.matches.map(\.item.name)
        #expect(first.first == "뉴욕")
        #expect(!first.contains("님") && !first.contains("난") && !first.contains("놈"), "\(first)")
    }
}
