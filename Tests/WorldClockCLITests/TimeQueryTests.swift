import Foundation
import Testing
import TimeZoneRules
import WorldClockKit

/// The library's readers behind `--at` and offset search, directly.
@Suite("TimeQuery and OffsetQuery")
struct TimeQueryTests {
    @Test(
        "wall-clock forms read as wall-clock times",
        arguments: [
            ("09:00", TimeQuery.wallClock(date: nil, hour: 9, minute: 0, second: 0)),
            ("9:05:30", .wallClock(date: nil, hour: 9, minute: 5, second: 30)),
            ("2026-07-15", .wallClock(date: .init(year: 2026, month: 7, day: 15), hour: 0, minute: 0, second: 0)),
            ("2026-07-15 09:00", .wallClock(date: .init(year: 2026, month: 7, day: 15), hour: 9, minute: 0, second: 0)),
            ("2026-07-15T09:00:00", .wallClock(date: .init(year: 2026, month: 7, day: 15), hour: 9, minute: 0, second: 0)),
            ("now", .now),
            ("2026-07-15T12:00:00Z", .instant(1_784_116_800)),
            ("2026-07-15T21:00+09:00", .instant(1_784_116_800)),
            ("2026-07-15 21:00 +0900", .instant(1_784_116_800)),
            ("12:00Z", .timeOfDay(secondsAfterMidnight: 43_200, offset: 0)),
        ])
    func forms(text: String, expected: TimeQuery) throws {
        #expect(try TimeQuery.parse(text) == expected)
    }

    @Test("a DST gap has no instant and an overlap two, in tz's own rules")
    func readings() throws {
        let newYork = try #require(ZoneClock(zoneID: "America/New_York", tzdata: .bundled))
        let now: Int64 = 1_784_116_800
        #expect(try TimeQuery.parse("2026-03-08 02:30").resolve(now: now, in: newYork) == .gap(before: 1_772_953_140, after: 1_772_953_200))
        #expect(try TimeQuery.parse("2026-11-01 01:30").resolve(now: now, in: newYork) == .overlap(first: 1_793_511_000, second: 1_793_514_600))
        #expect(try TimeQuery.parse("2026-07-15 08:00").resolve(now: now, in: newYork) == .unique(1_784_116_800))
    }

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
