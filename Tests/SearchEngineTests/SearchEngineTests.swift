import HangulIndex
import SearchEngine
import TestSupport
import Testing
import WireCore

/// A place of the small catalogues below.
struct TestPlace: SearchablePlace, Sendable {
    let name: String
    let english: String
    let zoneID: String
    let countryCode: String
    let population: Int
    /// Zone names and abbreviations: text and label.
    var zoneNames: [(text: String, label: String)] = []
}

/// The search core's rules on small catalogues with facts given as data: no tz reader, no
/// Foundation, as the web module runs it.
@Suite("The search core (SearchEngine)")
struct SearchEngineTests {
    static let places = [
        TestPlace(
            name: "서울", english: "Seoul", zoneID: "Asia/Seoul", countryCode: "KR", population: 10_000_000,
            zoneNames: [("KST", "한국 표준시"), ("한국 표준시", "한국 표준시")]),
        TestPlace(
            name: "평양", english: "Pyongyang", zoneID: "Asia/Pyongyang", countryCode: "KP", population: 3_000_000,
            zoneNames: [("KST", "대한민국 표준시")]),
        TestPlace(name: "크스토보", english: "Kstovo", zoneID: "Europe/Moscow", countryCode: "RU", population: 67_000),
        TestPlace(name: "프랭크스턴", english: "Frankston", zoneID: "Australia/Melbourne", countryCode: "AU", population: 36_000),
        TestPlace(
            name: "앵커리지", english: "Anchorage", zoneID: "America/Anchorage", countryCode: "US", population: 290_000,
            zoneNames: [("AKST", "알래스카 표준시")]),
        TestPlace(
            name: "로스앤젤레스", english: "Los Angeles", zoneID: "America/Los_Angeles", countryCode: "US", population: 3_900_000,
            zoneNames: [("PST", "미 태평양 표준시"), ("미 태평양 표준시", "미 태평양 표준시")]),
        TestPlace(
            name: "밴쿠버", english: "Vancouver", zoneID: "America/Vancouver", countryCode: "CA", population: 600_000,
            zoneNames: [("PST", "미 태평양 표준시"), ("미 태평양 표준시", "미 태평양 표준시")]),
        TestPlace(name: "헤멀헴프스테드", english: "Hemel Hempstead", zoneID: "Europe/London", countryCode: "GB", population: 96_000),
        TestPlace(
            name: "아바나", english: "Havana", zoneID: "America/Havana", countryCode: "CU", population: 2_100_000,
            zoneNames: [("XST", "옛 표준시")]),
    ]

    static let engine: PlaceSearchEngine<TestPlace> = {
        let index = SearchIndex(places, fields: ["name", "english", "zone_name", "zone"], importance: { $0.population }) { place in
            [SearchableText(field: "name", text: place.name), SearchableText(field: "english", text: place.english)]
                + place.zoneNames.map { SearchableText(field: "zone_name", text: $0.text, label: $0.label) }
                + [SearchableText(field: "zone", text: place.zoneID)]
        }
        return PlaceSearchEngine(index: index, places: places) { [CountryName(name: "대한민국", code: "KR"), CountryName(name: "한국", code: "KR")] }
    }()

    /// The facts of 2026-07-15: 밴쿠버 on MST for good, no zone on XST any more.
    static let facts = ZoneFactsTable([
        "Asia/Seoul": ZoneFacts(utcOffset: 32_400, abbreviations: ["KST"]),
        "Asia/Pyongyang": ZoneFacts(utcOffset: 32_400, abbreviations: ["KST"]),
        "Europe/Moscow": ZoneFacts(utcOffset: 10_800, abbreviations: ["MSK"]),
        "Australia/Melbourne": ZoneFacts(utcOffset: 36_000, abbreviations: ["AEST", "AEDT"]),
        "America/Anchorage": ZoneFacts(utcOffset: -28_800, abbreviations: ["AKDT", "AKST"]),
        "America/Los_Angeles": ZoneFacts(utcOffset: -25_200, abbreviations: ["PDT", "PST"]),
        "America/Vancouver": ZoneFacts(utcOffset: -25_200, abbreviations: ["MST"]),
        "Europe/London": ZoneFacts(utcOffset: 3_600, abbreviations: ["BST", "GMT"]),
        "America/Havana": ZoneFacts(utcOffset: -14_400, abbreviations: ["CDT", "CST"]),
    ])

    static func names(_ query: String) throws -> [String] {
        try engine.search(query, facts: facts).result.matches.map(\.item.name)
    }

    @Test(
        "an abbreviation query matches whole words only, in any case",
        arguments: [("KST", ["서울", "평양"]), ("kst", ["서울", "평양"]), ("PST", ["로스앤젤레스"]), ("AKST", ["앵커리지"])])
    func wholeWords(query: String, expected: [String]) throws {
        #expect(try Self.names(query) == expected)
    }

    @Test("a query that is no abbreviation still matches inside words (kstov → 크스토보)")
    func notAnAbbreviation() throws {
        #expect(try Self.names("kstov") == ["크스토보"])
        #expect(try Self.names("hemp") == ["헤멀헴프스테드"])
    }

    @Test("a match inside a word of a zone name counts only when nothing else matched")
    func insideZoneNameWords() throws {
        #expect(try Self.names("평양") == ["평양"])
        #expect(try Self.names("태평양") == ["로스앤젤레스", "밴쿠버"])  // a word of 미 태평양 표준시
        #expect(try Self.names("평양 표준시") == ["로스앤젤레스", "밴쿠버"])  // nothing better
    }

    @Test("a zone that no longer uses the abbreviation is left out and reported; when none uses it, its former users are shown")
    func former() throws {
        let pst = try Self.engine.search("PST", facts: Self.facts)
        #expect(pst.former.map(\.item.name) == ["밴쿠버"])
        #expect(pst.total == 1)
        let notes = pst.notes
        #expect(notes.count == 1)
        if case .formerAbbreviation(let abbreviation, let places)? = notes.first {
            #expect(abbreviation == "PST")
            #expect(places.map(\.name) == ["밴쿠버"])
        } else {
            Issue.record("\(notes)")
        }
        let xst = try Self.engine.search("XST", facts: Self.facts)
        #expect(xst.result.matches.map(\.item.name) == ["아바나"])
        #expect(xst.result.matches.first?.label == "옛 표준시, 예전 약어")
        #expect(xst.onlyFormerAbbreviation == "XST")
        #expect(xst.former.isEmpty)
    }

    @Test("an abbreviation's label naming another country becomes neutral")
    func neutralLabel() throws {
        let labels = try Self.engine.search("KST", facts: Self.facts).result.matches.map { "\($0.item.name) \($0.label ?? "")" }
        #expect(labels == ["서울 한국 표준시", "평양 tz 약어, UTC+9"])
    }

    @Test("an offset lists the places on it at the instant, the most populous first, and counts them before the limit")
    func offset() throws {
        let outcome = try Self.engine.search("UTC+9", limit: 1, facts: Self.facts)
        #expect(outcome.result.matches.map(\.item.name) == ["서울"])
        #expect(outcome.total == 2)
        #expect(outcome.offset?.seconds == 32_400)
        #expect(outcome.result.matches.first?.field == SearchRules.offsetField)
        #expect(outcome.isTruncated)
        if case .truncated(let shown, let total)? = outcome.notes.last {
            #expect((shown, total) == (1, 2))
        } else {
            Issue.record("\(outcome.notes)")
        }
        #expect(try Self.names("\u{2212}7") == ["로스앤젤레스", "밴쿠버"])  // U+2212 as a minus
    }

    @Test("a zone id matches from the start of a segment only")
    func segments() throws {
        #expect(try Self.names("Seoul").contains("서울"))
        #expect(try Self.names("sia") == [])  // inside "Asia/Seoul"
    }

    @Test(
        "abbreviations: 2–6 capitals, digits after the first",
        arguments: [("KST", true), ("AKST", true), ("GMT0", true), ("ChST", false), ("+07", false), ("K", false), ("ABCDEFG", false)])
    func abbreviations(text: String, isOne: Bool) {
        #expect(SearchRules.isAbbreviation(text) == isOne)
    }

    @Test(
        "whole words by UTF-16 ranges",
        arguments: [
            ("KST", 0..<3, true), ("AKST", 1..<4, false), ("Kstovo", 0..<3, false), ("Hemel Hempstead", 9..<12, false), ("미 태평양", 2..<5, true),
            ("미 태평양", 3..<5, false),
        ])
    func wholeWord(text: String, range: Range<Int>, isOne: Bool) {
        #expect(SearchRules.isWholeWord(range, in: text) == isOne)
    }

    @Test("a timeline gives the facts of an instant: its period's offset and the abbreviations ahead in the window")
    func timeline() throws {
        let march = Int64(1_772_964_000)  // 2026-03-08T10:00Z, DST begins in Los Angeles
        let timeline = ZoneTimeline(periods: [
            .init(start: 1_762_074_000, utcOffset: -28_800, abbreviation: "PST", isDaylightSavingTime: false),
            .init(start: march, utcOffset: -25_200, abbreviation: "PDT", isDaylightSavingTime: true),
            .init(start: march + 400 * 86_400, utcOffset: -28_800, abbreviation: "PST", isDaylightSavingTime: false),
        ])
        #expect(timeline.facts(at: march - 1) == ZoneFacts(utcOffset: -28_800, abbreviations: ["PST", "PDT"]))
        #expect(timeline.facts(at: march) == ZoneFacts(utcOffset: -25_200, abbreviations: ["PDT"]))
        #expect(timeline.facts(at: 0) == ZoneFacts(utcOffset: -28_800, abbreviations: ["PST"]))
        let source = ZoneTimelines(["America/Los_Angeles": timeline], at: march + 100 * 86_400)
        #expect(source.facts(of: "America/Los_Angeles") == ZoneFacts(utcOffset: -25_200, abbreviations: ["PDT", "PST"]))
        #expect(source.utcOffset(of: "Asia/Seoul") == nil)
    }

    /// Los Angeles from a span's start (period 0), with changes at 1000 and 2000.
    static let threePeriods = ZoneTimeline(periods: [
        .init(start: 500, utcOffset: -28_800, abbreviation: "PST", isDaylightSavingTime: false),
        .init(start: 1_000, utcOffset: -25_200, abbreviation: "PDT", isDaylightSavingTime: true),
        .init(start: 2_000, utcOffset: -28_800, abbreviation: "PST", isDaylightSavingTime: false),
    ])

    @Test(
        "the period at an instant is the last starting at or before it, the first before the span",
        arguments: [(Int64.min, 0), (0, 0), (500, 0), (999, 0), (1_000, 1), (1_001, 1), (1_999, 1), (2_000, 2), (Int64.max, 2)])
    func periodIndex(instant: Int64, index: Int) {
        #expect(Self.threePeriods.periodIndex(at: instant) == index)
        #expect(Self.threePeriods.period(at: instant) == Self.threePeriods.periods[index])
    }

    @Test(
        "the changes between two instants are the periods starting after the first through the second, never the first period",
        arguments: [(0, 3_000, [1, 2]), (999, 1_000, [1]), (1_000, 1_999, []), (1_000, 2_000, [2]), (0, 999, []), (2_000, 1_000, []), (0, 500, [])])
    func changes(start: Int64, end: Int64, indices: [Int]) {
        #expect(Array(Self.threePeriods.changeIndices(after: start, through: end)) == indices)
        #expect(Self.threePeriods.periods(after: start, through: end) == indices.map { Self.threePeriods.periods[$0] })
    }

    @Test(
        "offset text as the rows show it",
        arguments: [(32_400, "UTC+9"), (19_800, "UTC+5:30"), (-12_600, "UTC\u{2212}3:30"), (0, "UTC+0"), (20_700, "UTC+5:45")])
    func offsetText(seconds: Int, text: String) {
        #expect(OffsetQuery.text(seconds) == text)
    }
}
