import Foundation
import HangulIndex
import SearchEngine
import Testing
import WireCore
import WorldClockKit

/// Korean search as an app's search field uses it: `PlaceSearch`, the search the CLI, the server
/// and the web clock answer with.
@Suite("Korean search")
struct SearchTests {
    static let catalogue = try! Catalogue.load()
    /// 2026-07-15T12:00Z, on the bundled tzdata.
    static let search = PlaceSearch(catalogue: catalogue, tzdata: .bundled, at: Date(timeIntervalSince1970: 1_784_116_800))

    @Test(
        "the first answer is the place a Korean user means",
        arguments: [
            ("뉴욕", "America/New_York"), ("뉴", "America/New_York"), ("늉", "America/New_York"), ("ㄴㅇ", "America/New_York"),
            ("sbdyr", "America/New_York"), ("키예프", "Europe/Kyiv"), ("montreal", "America/Toronto"), ("JFK", "America/New_York"),
            ("서울", "Asia/Seoul"), ("도꾜", "Asia/Tokyo"), ("UTC+9", "Asia/Seoul"), ("PST", "America/Los_Angeles"),
        ])
    func firstAnswer(query: String, zone: String) throws {
        let outcome = try Self.search.search(query, limit: 5)
        #expect(outcome.result.matches.first?.item.zoneID == zone)
    }

    @Test(
        "a choseong query that spells a whole name ranks it before longer names it starts",
        arguments: [
            ("ㅍㄹ", "파리"), ("ㄹㄷ", "런던"), ("ㅅㅇ", "서울"),
        ])
    func wholeChoseong(query: String, name: String) throws {
        let outcome = try Self.search.search(query, limit: 5)
        #expect(outcome.result.matches.first?.item.name == name)
    }

    @Test("NFD and NFC queries give the same answers")
    func unicodeForms() throws {
        let nfc = try Self.search.search("조지타운", limit: 5).result.matches.map(\.item.name)
        let nfd = try Self.search.search("\u{110C}\u{1169}\u{110C}\u{1175}\u{1110}\u{1161}\u{110B}\u{116E}\u{11AB}", limit: 5).result.matches
            .map(\.item.name)
        #expect(nfc == nfd)
        #expect(!nfc.isEmpty)
    }

    @Test("an empty or enormous query is an error, not an empty answer", arguments: ["", String(repeating: "가", count: 10_000)])
    func badQuery(query: String) {
        #expect(throws: SearchError.self) { try Self.search.search(query) }
    }

    @Test("the notes: a cut list's total, and the places left out for an abbreviation their zone no longer uses")
    func notes() throws {
        let cut = try Self.search.search("뉴", limit: 3)
        #expect(cut.result.matches.count == 3 && cut.total > 3 && cut.isTruncated)
        let pst = try Self.search.search("PST", limit: 20)
        #expect(pst.former.map(\.item.name) == ["밴쿠버"])
        #expect(!pst.result.matches.contains { $0.item.name == "밴쿠버" })
    }

    /// Zone timelines made from the TZif rules (what an export writes for the web module) give
    /// the facts `PlaceSearch` reads from the rules, at every instant they cover.
    @Test("a zone timeline made from the rules agrees with the rules at every instant it covers")
    func timelines() throws {
        let start = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00Z
        let end = start.addingTimeInterval(2 * 366 * 86_400)
        var disagreements: [String] = []
        for zone in Self.catalogue.zoneIDs {
            let clock = try #require(ZoneClock(zoneID: zone, tzdata: .bundled))
            let timeline = ZoneTimeline(clock, from: start, through: end)
            // Every 10 days of the first year, and just before and at each transition.
            var instants = stride(from: 0, to: 366, by: 10).map { start.addingTimeInterval(Double($0) * 86_400) }
            for transition in clock.transitions(after: start, through: start.addingTimeInterval(366 * 86_400)) {
                instants += [transition.startDate.addingTimeInterval(-1), transition.startDate]
            }
            for instant in instants {
                let native = TZifZoneFacts(tzdata: .bundled, at: instant).facts(of: zone)
                let fromData = timeline.facts(at: Int64(instant.timeIntervalSince1970))
                if native != fromData {
                    disagreements.append("\(zone) at \(instant): \(String(describing: native)) vs \(String(describing: fromData))")
                }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
    }
}
