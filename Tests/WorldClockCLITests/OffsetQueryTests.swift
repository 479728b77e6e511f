import Foundation
import SearchEngine
import Testing
import TimeZoneRules
import WorldClockKit

/// The library's reader behind offset search, directly (`--at`'s reader: WorldClockKitTests).
@Suite("OffsetQuery")
struct OffsetQueryTests {
    @Test(
        "offsets in every common form",
        arguments: [
            ("UTC+9", 32_400), ("UTC+09:00", 32_400), ("+09:00", 32_400), ("+0900", 32_400), ("GMT-5", -18_000), ("+5:30", 19_800),
            ("UTC\u{2212}3:30", -12_600), ("utc + 9", 32_400),
        ])
    func offsets(text: String, seconds: Int) {
        #expect(OffsetQuery(text)?.seconds == seconds)
    }

    @Test("names and numbers are not offsets", arguments: ["UTC", "GMT", "9", "서울", "+", "UTC+99", "+9:3"])
    func notOffsets(text: String) {
        #expect(OffsetQuery(text) == nil)
    }
}
