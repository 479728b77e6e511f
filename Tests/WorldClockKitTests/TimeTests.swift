import Testing
import TimeZoneRules
import WorldClockKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Local times from tz's own rules, pinned to the tzdata compiled into the kit (2026f) so that
/// the answers do not depend on the machine.
@Suite("Times from the bundled tzdata")
struct TimeTests {
    static let catalogue = try! Catalogue.load()
    static let clocks = ZoneClocks(zoneIDs: catalogue.zoneIDs, tzdata: .bundled)
    static let midJuly = try! ISO8601.parseInstant("2026-07-15T12:00:00Z")

    @Test("the bundled tzdata is the one the kit was built with")
    func bundledVersion() {
        #expect(TZDatabase.bundled.version?.description == "2026f")
    }

    @Test(
        "local time, offset, abbreviation and DST at a fixed instant",
        arguments: [
            ("Asia/Seoul", "2026-07-15T21:00:00+09:00", 32_400, "KST", false),
            ("America/New_York", "2026-07-15T08:00:00-04:00", -14_400, "EDT", true),
            ("America/Vancouver", "2026-07-15T05:00:00-07:00", -25_200, "PDT", true),
            ("Australia/Lord_Howe", "2026-07-15T22:30:00+10:30", 37_800, "+1030", false),
        ])
    func localTime(zone: String, local: String, offset: Int, abbreviation: String, dst: Bool) throws {
        let time = try #require(Self.clocks[zone]).time(at: Self.midJuly)
        #expect(ISO8601.local(time.local, offset: time.utcOffset) == local)
        #expect(time.utcOffset == offset)
        #expect(time.abbreviation == abbreviation)
        #expect(time.isDaylightSavingTime == dst)
    }

    @Test("the next transition is when and what the zone changes to")
    func nextTransition() throws {
        let time = try #require(Self.clocks["America/New_York"]).time(at: Self.midJuly)
        let next = try #require(time.nextTransition)
        #expect(ISO8601.utc(next.startDate) == "2026-11-01T06:00:00Z")
        #expect(next.utcOffset == -18_000)
        #expect(next.abbreviation == "EST")
        #expect(!next.isDaylightSavingTime)
        #expect(try #require(Self.clocks["Asia/Seoul"]).time(at: Self.midJuly).nextTransition == nil)
        // British Columbia stays at UTC−7 from November 2026 (tz 2026): no fall back to PST.
        let vancouverClock = try #require(Self.clocks["America/Vancouver"])
        let vancouver = try #require(vancouverClock.time(at: Self.midJuly).nextTransition)
        #expect(vancouver.utcOffset == -25_200)
        #expect(vancouver.abbreviation == "MST")
    }

    @Test(
        "the Korean wording of the day and the difference from a reference",
        arguments: [
            ("America/New_York", "오늘", "−13시간"),
            ("Asia/Seoul", "오늘", "같은 시각"),
            ("Australia/Lord_Howe", "오늘", "+1시간 30분"),
            ("Pacific/Kiritimati", "내일", "+5시간"),
            ("Pacific/Pago_Pago", "오늘", "−20시간"),
        ])
    func wording(zone: String, day: String, hours: String) throws {
        let seoul = try #require(Self.clocks["Asia/Seoul"]).time(at: Self.midJuly)
        let time = try #require(Self.clocks[zone]).time(at: Self.midJuly)
        let relative = RelativeTime(time, from: seoul)
        #expect(relative.koreanDay == day)
        #expect(relative.koreanHours == hours)
    }

    @Test("a zone id the tzdata lacks has no clock")
    func unknownZone() {
        #expect(ZoneClock(zoneID: "Mars/Olympus_Mons", tzdata: .bundled) == nil)
    }
}
