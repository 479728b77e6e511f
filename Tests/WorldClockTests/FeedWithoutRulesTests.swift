import CatalogueBuilder
import Foundation
import Testing
import TimeZoneRules

@testable import WorldClockKit

@Suite("A zone without rules in the feed")
struct FeedWithoutRulesTests {
    /// An empty list of transitions says "this zone never changes"; a zone whose rules are missing
    /// must say nothing instead, as its places carry no `time`.
    @Test("a zone the clocks have no rules for has no transitions entry and its places no time")
    func noRulesNoEntry() throws {
        let at = try instant("2026-07-15T12:00:00Z")
        let section = try #require(bundled.sections.sections.first { $0.rows.contains { $0.zoneID == "America/New_York" } })
        let clocks = ZoneClocks(zoneIDs: section.rows.map(\.zoneID).filter { $0 != "America/New_York" }, tzdata: .bundled)
        let feed = Feed(catalogue: bundled, sections: [section], at: at, clocks: clocks)
        #expect(feed.transitions["America/New_York"] == nil)
        #expect(feed.sections[0].places.filter { $0.place.zoneID == "America/New_York" }.allSatisfy { $0.time == nil })
        let other = try #require(section.rows.first { $0.zoneID != "America/New_York" }?.zoneID)
        #expect(feed.transitions[other] != nil)
        let all = Feed(catalogue: bundled, sections: [section], at: at, clocks: ZoneClocks(zoneIDs: section.rows.map(\.zoneID), tzdata: .bundled))
        #expect(all.transitions["America/New_York"]?.isEmpty == false)
    }
}
