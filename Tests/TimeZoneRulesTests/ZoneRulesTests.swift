import Foundation
import Testing

@testable import TimeZoneRules

/// Seconds since 1970 of an ISO 8601 UT instant such as "2026-07-15T12:00:00Z".
func seconds(_ iso: String) throws -> Int64 {
    Int64(try instant(iso).timeIntervalSince1970)
}

/// The bundled (pinned 2026f) rules of `zone`.
func bundledRules(_ zone: String) throws -> ZoneRules {
    try #require(TZDatabase.bundled.rules(for: zone), "no bundled rules for \(zone)")
}

/// Facts of tzdata 2026f, pinned by the bundled copy: they hold on any machine, whatever its tzdata.
@Suite("Zone rules (bundled tzdata 2026f)")
struct ZoneRulesTests {
    @Test(
        "Offsets, abbreviations and DST of 2026's rule changes and of zones with unusual offsets",
        arguments: [
            // British Columbia: permanent UTC−7 (MST) since 2026-11-01, where Foundation's 2025b says PST.
            ("America/Vancouver", "2026-11-23T12:00:00Z", -7 * 3600, "MST", false),
            ("America/Vancouver", "2027-01-15T12:00:00Z", -7 * 3600, "MST", false),
            ("America/Vancouver", "2027-07-15T12:00:00Z", -7 * 3600, "MST", false),
            ("America/Vancouver", "2026-07-15T12:00:00Z", -7 * 3600, "PDT", true),
            // Alberta and the NWT: permanent −6; Manitoba: permanent −5.
            ("America/Edmonton", "2026-11-23T12:00:00Z", -6 * 3600, "CST", false),
            ("America/Edmonton", "2027-01-15T12:00:00Z", -6 * 3600, "CST", false),
            ("America/Inuvik", "2026-11-23T12:00:00Z", -6 * 3600, "CST", false),
            ("America/Winnipeg", "2026-11-23T12:00:00Z", -5 * 3600, "EST", false),
            ("America/Winnipeg", "2027-07-15T12:00:00Z", -5 * 3600, "EST", false),
            // Cuba stays on −4 (CDT) until 2027-11-07.
            ("America/Havana", "2026-11-23T12:00:00Z", -4 * 3600, "CDT", true),
            ("America/Havana", "2027-01-15T12:00:00Z", -4 * 3600, "CDT", true),
            ("America/Havana", "2027-11-07T04:59:59Z", -4 * 3600, "CDT", true),
            ("America/Havana", "2027-11-07T05:00:00Z", -5 * 3600, "CST", false),
            // Morocco and Western Sahara: permanent +00 from 2026-09-20.
            ("Africa/Casablanca", "2026-09-20T00:59:59Z", 3600, "+01", true),
            ("Africa/Casablanca", "2026-09-20T01:00:00Z", 0, "+00", false),
            ("Africa/Casablanca", "2027-07-15T12:00:00Z", 0, "+00", false),
            ("Africa/El_Aaiun", "2026-11-23T12:00:00Z", 0, "+00", false),
            // Lord Howe's half-hour DST, Kathmandu's +5:45, Seoul.
            ("Australia/Lord_Howe", "2026-07-15T12:00:00Z", 37800, "+1030", false),
            ("Australia/Lord_Howe", "2027-01-15T12:00:00Z", 39600, "+11", true),
            ("Asia/Kathmandu", "2026-11-23T12:00:00Z", 20700, "+0545", false),
            ("Asia/Seoul", "2026-11-23T12:00:00Z", 32400, "KST", false),
            // New York's 2026 edges, to the second.
            ("America/New_York", "2026-03-08T06:59:59Z", -5 * 3600, "EST", false),
            ("America/New_York", "2026-03-08T07:00:00Z", -4 * 3600, "EDT", true),
            ("America/New_York", "2026-11-01T05:59:59Z", -4 * 3600, "EDT", true),
            ("America/New_York", "2026-11-01T06:00:00Z", -5 * 3600, "EST", false),
            // Scoresbysund moved from −01 to −02 standard on 2024-03-31, going straight onto −01 DST.
            ("America/Scoresbysund", "2024-03-31T00:59:59Z", -3600, "-01", false),
            ("America/Scoresbysund", "2024-07-15T12:00:00Z", -3600, "-01", true),
            ("America/Scoresbysund", "2024-12-15T12:00:00Z", -7200, "-02", false),
            // 2040 and 2050: the footer rule alone.
            ("America/New_York", "2040-03-11T06:59:59Z", -5 * 3600, "EST", false),
            ("America/New_York", "2040-03-11T07:00:00Z", -4 * 3600, "EDT", true),
            ("Europe/Berlin", "2040-07-15T12:00:00Z", 7200, "CEST", true),
            ("Australia/Sydney", "2050-01-15T12:00:00Z", 39600, "AEDT", true),
            ("America/Vancouver", "2050-07-15T12:00:00Z", -7 * 3600, "MST", false),
        ])
    func period(zone: String, at iso: String, offset: Int, abbreviation: String, dst: Bool) throws {
        let period = try bundledRules(zone).period(at: try seconds(iso))
        #expect(period.utcOffset == offset)
        #expect(period.abbreviation == abbreviation)
        #expect(period.isDaylightSavingTime == dst)
    }

    @Test(
        "Negative DST reads as users do: Dublin's summer IST is +1 hour of DST over winter GMT, in stored and footer years",
        arguments: ["1995", "2026", "2045"])
    func negativeDST(year: String) throws {
        let dublin = try bundledRules("Europe/Dublin")
        let winter = dublin.period(at: try seconds("\(year)-01-15T12:00:00Z"))
        let summer = dublin.period(at: try seconds("\(year)-07-15T12:00:00Z"))
        #expect(winter == ZonePeriod(utcOffset: 0, standardOffset: 0, abbreviation: "GMT"))
        #expect(summer == ZonePeriod(utcOffset: 3600, standardOffset: 0, abbreviation: "IST"))
        #expect(summer.isDaylightSavingTime && summer.daylightSavingOffset == 3600)
        #expect(!winter.isDaylightSavingTime)
    }

    @Test("Morocco's old negative DST: Ramadan's +00 is standard time and the rest of the year +01 DST")
    func moroccoRamadan() throws {
        let casablanca = try bundledRules("Africa/Casablanca")
        let ramadan = casablanca.period(at: try seconds("2025-03-01T12:00:00Z"))
        let rest = casablanca.period(at: try seconds("2025-07-15T12:00:00Z"))
        #expect(ramadan == ZonePeriod(utcOffset: 0, standardOffset: 0, abbreviation: "+00"))
        #expect(rest == ZonePeriod(utcOffset: 3600, standardOffset: 0, abbreviation: "+01"))
    }

    @Test("Transitions in a range: New York's two in 2026, none for Seoul, the footer's in 2040")
    func transitionsInRange() throws {
        let newYork = try bundledRules("America/New_York")
        let in2026 = newYork.transitions(after: try seconds("2026-01-01T00:00:00Z"), through: try seconds("2027-01-01T00:00:00Z"))
        #expect(in2026.map(\.instant) == [try seconds("2026-03-08T07:00:00Z"), try seconds("2026-11-01T06:00:00Z")])
        #expect(in2026.map(\.period.abbreviation) == ["EDT", "EST"])
        let in2040 = newYork.transitions(after: try seconds("2040-01-01T00:00:00Z"), through: try seconds("2041-01-01T00:00:00Z"))
        #expect(in2040.map(\.instant) == [try seconds("2040-03-11T07:00:00Z"), try seconds("2040-11-04T06:00:00Z")])
        // Seoul's DST of 1987 and 1988 only.
        #expect(try bundledRules("Asia/Seoul").transitions(after: 0, through: try seconds("2100-01-01T00:00:00Z")).count == 4)
        // The range excludes its start and includes its end.
        let edge = try seconds("2026-03-08T07:00:00Z")
        #expect(newYork.transitions(after: edge, through: edge + 1).isEmpty)
        #expect(newYork.transitions(after: edge - 1, through: edge).map(\.instant) == [edge])
    }

    @Test("Next and previous transitions, across the stored data and the footer")
    func nextAndPrevious() throws {
        let newYork = try bundledRules("America/New_York")
        let now = try seconds("2026-11-23T12:00:00Z")
        #expect(newYork.nextTransition(after: now)?.instant == (try seconds("2027-03-14T07:00:00Z")))
        #expect(newYork.previousTransition(atOrBefore: now)?.instant == (try seconds("2026-11-01T06:00:00Z")))
        #expect(newYork.previousTransition(atOrBefore: try seconds("2026-11-01T06:00:00Z"))?.instant == (try seconds("2026-11-01T06:00:00Z")))
        #expect(newYork.nextTransition(after: try seconds("2060-06-01T00:00:00Z"))?.instant == (try seconds("2060-11-07T06:00:00Z")))
        // British Columbia's last change: PDT → MST on 2026-11-01, then none.
        let vancouver = try bundledRules("America/Vancouver")
        #expect(vancouver.nextTransition(after: now) == nil)
        let last = try #require(vancouver.previousTransition(atOrBefore: now))
        #expect(last.instant == (try seconds("2026-11-01T09:00:00Z")))
        #expect(last.period == ZonePeriod(utcOffset: -7 * 3600, standardOffset: -7 * 3600, abbreviation: "MST"))
        // Seoul last changed in 1988 and never will again under these rules.
        let seoul = try bundledRules("Asia/Seoul")
        #expect(seoul.nextTransition(after: now) == nil)
        #expect(seoul.previousTransition(atOrBefore: now)?.instant == (try seconds("1988-10-08T17:00:00Z")))
    }

    @Test(
        "Every transition between 1970 and 2100 changes what the clocks show, in order, and agrees with period(at:)",
        arguments: [
            "America/New_York", "Europe/Dublin", "Australia/Lord_Howe", "Africa/Casablanca", "America/Santiago", "Asia/Tehran", "Pacific/Chatham",
        ])
    func transitionsAreChanges(zone: String) throws {
        let rules = try bundledRules(zone)
        let all = rules.transitions(after: 0, through: try seconds("2100-01-01T00:00:00Z"))
        #expect(!all.isEmpty)
        for (earlier, later) in zip(all, all.dropFirst()) { #expect(earlier.instant < later.instant) }
        for transition in all {
            #expect(rules.period(at: transition.instant) == transition.period)
            #expect(rules.period(at: transition.instant - 1) != transition.period)
            #expect(rules.nextTransition(after: transition.instant - 1) == transition)
            #expect(rules.previousTransition(atOrBefore: transition.instant) == transition)
        }
    }

    @Test("Instants far outside any calendar are clamped, never trap")
    func extremes() throws {
        let rules = try bundledRules("America/New_York")
        for t in [Int64.min, -(1 << 60), 1 << 60, Int64.max] {
            _ = rules.period(at: t)
            _ = rules.nextTransition(after: t)
            _ = rules.previousTransition(atOrBefore: t)
            #expect(rules.transitions(after: t, through: t).isEmpty)
        }
        #expect(ZoneRules.seconds(Date(timeIntervalSince1970: .nan)) == 0)
        #expect(ZoneRules.seconds(Date(timeIntervalSince1970: -.infinity)) < 0)
    }
}
