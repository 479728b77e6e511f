import CatalogueBuilder
import Foundation
import HangulCollation
import HangulIndex
import Testing
import TimeZoneRules
import WireCore

@testable import WorldClockKit

/// The feed's JSON, pinned byte for byte for fixed inputs (a fixed table, the bundled tzdata, one
/// instant, Seoul as the reference): a change to the model behind it must not change the wire.
/// To accept a deliberate change, delete the fixture and run the test once: it writes the new one.
@Suite("The feed's wire format")
struct WireFormatTests {
    static let instant = Date(timeIntervalSince1970: 1_784_116_800)  // 2026-07-15T12:00:00Z

    /// Places with and without aliases, in zones with and without DST, north and south, half hours.
    static let table = """
        name\tcountry\tcountry_code\tzone\tenglish\taliases\tpopulation
        뉴욕\t미국\tUS\tAmerica/New_York\tNew York\t뉴요크;빅애플\t8804190
        뉴델리\t인도\tIN\tAsia/Kolkata\tNew Delhi\t\t317797
        서울\t대한민국\tKR\tAsia/Seoul\tSeoul\t\t10349312
        시드니\t오스트레일리아\tAU\tAustralia/Sydney\tSydney\t\t4627345
        더블린\t아일랜드\tIE\tEurope/Dublin\tDublin\t\t1024027
        카트만두\t네팔\tNP\tAsia/Kathmandu\tKathmandu\t\t1442271
        Zürich\t스위스\tCH\tEurope/Zurich\tZurich\t취리히\t341730
        키이우\t우크라이나\tUA\tEurope/Kyiv\tKyiv\t키예프\t2797553

        """

    static func sample() throws -> Data {
        let catalogue = try Catalogue(table: ZoneTable(bytes: Array(table.utf8), path: "sample.tsv"), digest: "sample")
        let sections = catalogue.sections.sections
        let zones = sections.flatMap(\.rows).map(\.zoneID) + ["Asia/Seoul"]
        let clocks = ZoneClocks(zoneIDs: zones, tzdata: .bundled)
        let reference = try #require(clocks["Asia/Seoul"]).time(at: instant)
        let feed = Feed(catalogue: catalogue, sections: sections, at: instant, clocks: clocks, reference: reference)
        let found = try catalogue.nameIndex.search("뉴", limit: 20)
        let search = FeedSearch(
            query: "뉴", result: found, at: instant,
            clocks: ZoneClocks(zoneIDs: found.matches.map(\.item.zoneID), tzdata: .bundled), reference: reference)
        // Everything but `meta`, whose versions name the machine's ICU and the catalogue's digest.
        func line(_ value: some WireWritable) -> Data { FeedJSON.encode(value, pretty: true) + Data("\n".utf8) }
        return line(feed.sections) + line(feed.transitions) + line(search)
    }

    @Test("sections, transitions and search results encode exactly as the committed sample")
    func pinned() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/feed-sample.json")
        let sample = try Self.sample()
        guard let pinned = FileManager.default.contents(atPath: url.path) else {
            try sample.write(to: url)
            Issue.record("wrote \(url.path): commit it")
            return
        }
        #expect(sample == pinned, "the feed's JSON changed; compare with \(url.path)")
    }
}
