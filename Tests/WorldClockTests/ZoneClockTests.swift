import CatalogueBuilder
import Foundation
import MeetingPlanning
import Testing
import TimeZoneRules

import WireCore
@testable import WorldClockKit

/// Parses an ISO 8601 UT instant such as "2026-07-15T12:00:00Z".
func instant(_ iso: String) throws -> Date {
    try Date(iso, strategy: .iso8601)
}

/// A clock on the bundled tzdata (2026f), so the facts below hold whatever the machine has.
func bundledClock(_ zone: String) throws -> ZoneClock {
    try #require(ZoneClock(zoneID: zone, tzdata: .bundled))
}

@Suite("Zone times from tz's rules (bundled 2026f)")
struct ZoneClockTests {
    /// (zone, instant, offset in seconds, abbreviation, DST, standard offset) — hand-checked against tzdata 2026f.
    /// The standard offset is what the zone shows without summer time; Dublin's is GMT, as users read it.
    static let cases: [(String, String, Int, String, Bool, Int)] = [
        ("Asia/Seoul", "2026-01-15T12:00:00Z", 32400, "KST", false, 32400),
        ("America/New_York", "2026-01-15T12:00:00Z", -18000, "EST", false, -18000),
        ("America/New_York", "2026-07-15T12:00:00Z", -14400, "EDT", true, -18000),
        ("America/New_York", "2026-03-08T06:59:59Z", -18000, "EST", false, -18000),  // 01:59:59 EST
        ("America/New_York", "2026-03-08T07:00:00Z", -14400, "EDT", true, -18000),  // 03:00 EDT
        ("Europe/London", "2026-10-25T00:59:59Z", 3600, "BST", true, 0),
        ("Europe/London", "2026-10-25T01:00:00Z", 0, "GMT", false, 0),
        ("Europe/Berlin", "2026-07-01T00:00:00Z", 7200, "CEST", true, 3600),
        ("Asia/Kolkata", "2026-07-01T00:00:00Z", 19800, "IST", false, 19800),
        ("Australia/Lord_Howe", "2026-04-04T14:59:59Z", 39600, "+11", true, 37800),
        ("Australia/Lord_Howe", "2026-04-04T15:00:00Z", 37800, "+1030", false, 37800),  // the 30-minute shift
        ("Australia/Lord_Howe", "2026-10-03T15:30:00Z", 39600, "+11", true, 37800),
        ("Asia/Kathmandu", "2026-07-01T00:00:00Z", 20700, "+0545", false, 20700),
        ("America/Mexico_City", "2026-07-15T12:00:00Z", -21600, "CST", false, -21600),  // no DST since 2022 (ICU 72 says −5)
        ("Asia/Almaty", "2026-07-15T12:00:00Z", 18000, "+05", false, 18000),  // UTC+5 since 2024 (ICU 72 says +6)
        ("UTC", "2026-07-15T12:00:00Z", 0, "UTC", false, 0),
        ("America/Vancouver", "2026-11-23T12:00:00Z", -25200, "MST", false, -25200),  // permanent −7 since 2026 (Foundation says PST)
        ("Europe/Dublin", "2026-07-15T12:00:00Z", 3600, "IST", true, 0),  // negative DST read as users do
        ("Europe/Dublin", "2026-01-15T12:00:00Z", 0, "GMT", false, 0),
    ]

    @Test("offset, abbreviation and DST at an instant", arguments: cases)
    func offsets(zone: String, at: String, offset: Int, abbreviation: String, dst: Bool, standard: Int) throws {
        let time = try bundledClock(zone).time(at: try instant(at))
        #expect(time.utcOffset == offset)
        #expect(time.abbreviation == abbreviation)
        #expect(time.isDaylightSavingTime == dst)
        #expect(time.standardOffset == standard)
        #expect(time.daylightSavingOffset == offset - standard)
    }

    @Test("the next and previous transitions")
    func transitions() throws {
        let time = try bundledClock("America/New_York").time(at: try instant("2026-07-01T00:00:00Z"))
        #expect(try time.nextTransition?.startDate == instant("2026-11-01T06:00:00Z"))
        #expect(time.nextTransition?.abbreviation == "EST")
        #expect(time.nextTransition?.utcOffset == -18000)
        #expect(try time.previousTransition == instant("2026-03-08T07:00:00Z"))
        let seoul = try bundledClock("Asia/Seoul").time(at: try instant("2026-07-01T00:00:00Z"))
        #expect(seoul.nextTransition == nil)
        #expect(try seoul.previousTransition == instant("1988-10-08T17:00:00Z"))
    }

    @Test("local date and time by calendar arithmetic")
    func localTime() throws {
        let time = try bundledClock("Asia/Seoul").time(at: try instant("2026-12-31T15:30:05Z"))
        #expect(
            [time.local.year, time.local.month, time.local.day, time.local.hour, time.local.minute, time.local.second] == [2027, 1, 1, 0, 30, 5]
                as [Int])
        #expect(time.local.weekday == 5)  // Friday
        #expect(time.local.dayOfYear == 1)
        let leap = LocalDateTime(secondsSinceEpoch: Int64(try instant("2028-12-31T00:00:00Z").timeIntervalSince1970))
        #expect(leap.dayOfYear == 366)
        let before = LocalDateTime(secondsSinceEpoch: -1)
        #expect([before.year, before.month, before.day, before.hour, before.weekday] == [1969, 12, 31, 23, 3] as [Int])
    }

    @Test("an unknown zone gives no clock")
    func unknown() { #expect(ZoneClock(zoneID: "Mars/Olympus", tzdata: .bundled) == nil) }
}

@Suite("Korean time formatting")
struct KoreanTimeFormatTests {
    @Test(
        "오전/오후 h:mm and 24-hour",
        arguments: [
            (0, 5, "오전 12:05", "00:05"), (9, 5, "오전 9:05", "09:05"), (12, 0, "오후 12:00", "12:00"), (13, 30, "오후 1:30", "13:30"),
            (23, 59, "오후 11:59", "23:59"),
        ])
    func clock(hour: Int, minute: Int, twelve: String, twentyFour: String) {
        let local = LocalDateTime(secondsSinceEpoch: Int64(hour * 3600 + minute * 60))
        #expect(KoreanTimeFormat.time(local, style: .twelveHour) == twelve)
        #expect(KoreanTimeFormat.time(local, style: .twentyFourHour) == twentyFour)
    }

    @Test(
        "hour differences as iOS's world clock shows them, no zero hours or minutes",
        arguments: [
            (13 * 3600, "+13시간"), (-(3 * 3600 + 1800), "\u{2212}3시간 30분"), (0, "같은 시각"), (5 * 3600 + 2700, "+5시간 45분"),
            (1800, "+30분"), (-900, "\u{2212}15분"),
        ])
    func hours(seconds: Int, expected: String) { #expect(KoreanTimeFormat.hourDifference(seconds) == expected) }

    @Test("yesterday, today, tomorrow against a reference zone")
    func relativeDays() throws {
        let at = try instant("2026-11-23T20:00:00Z")  // Seoul: 11-24 05:00
        let seoul = try bundledClock("Asia/Seoul").time(at: at)
        let newYork = try bundledClock("America/New_York").time(at: at)
        let kiritimati = try bundledClock("Pacific/Kiritimati").time(at: at)
        #expect(RelativeTime(newYork, from: seoul).koreanDay == "어제")
        #expect(RelativeTime(newYork, from: seoul).koreanHours == "\u{2212}14시간")
        #expect(RelativeTime(seoul, from: newYork).koreanDay == "내일")
        #expect(RelativeTime(kiritimati, from: seoul).koreanDay == "오늘")
        #expect(RelativeTime(seoul, from: seoul).koreanHours == "같은 시각")
    }

    @Test(
        "UTC offsets",
        arguments: [(32400, "UTC+9", "+09:00"), (20700, "UTC+5:45", "+05:45"), (-12600, "UTC\u{2212}3:30", "-03:30"), (0, "UTC+0", "+00:00")])
    func offsets(seconds: Int, korean: String, iso: String) {
        #expect(KoreanTimeFormat.utcOffset(seconds) == korean)
        #expect(KoreanTimeFormat.isoOffset(seconds) == iso)
    }
}
