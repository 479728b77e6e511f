import Foundation
import Testing

@testable import TimeZoneRules

#if canImport(Glibc)
import Glibc
#endif

/// The C library's own reading of a TZ string: glibc's `tzset` and `localtime_r`, which newlib,
/// musl and ESP-IDF follow. `TZ` and `TZDIR` are the process's, so one reading at a time.
enum CLibraryTZ {
    private static let lock = NSLock()

    /// What `localtime_r` says at each instant with `TZ` set to `string`: offset east of UT,
    /// abbreviation, and `tm_isdst`. `TZDIR` points nowhere meanwhile, so that a string that is also
    /// a file's name ("GMT0", "EST5EDT") is read as a string, as on a device without zone files.
    static func readings(of string: String, at instants: [Int64]) -> [Reading] {
        lock.withLock {
            let savedTZ = getenv("TZ").map { String(cString: $0) }
            let savedTZDIR = getenv("TZDIR").map { String(cString: $0) }
            defer {
                if let savedTZ { setenv("TZ", savedTZ, 1) } else { unsetenv("TZ") }
                if let savedTZDIR { setenv("TZDIR", savedTZDIR, 1) } else { unsetenv("TZDIR") }
                tzset()
            }
            setenv("TZDIR", "/nonexistent/worldclock-posix-tz-test", 1)
            setenv("TZ", string, 1)
            tzset()
            return instants.map { instant in
                var time = time_t(instant)
                var parts = tm()
                _ = localtime_r(&time, &parts)
                return Reading(utcOffset: Int(parts.tm_gmtoff), abbreviation: String(cString: parts.tm_zone), isDST: parts.tm_isdst > 0)
            }
        }
    }

    struct Reading: Equatable, CustomStringConvertible {
        let utcOffset: Int
        let abbreviation: String
        let isDST: Bool
        var description: String { "\(abbreviation) \(utcOffset)\(isDST ? " DST" : "")" }
    }
}

/// tzdata 2026f's zones, pinned by the bundled copy.
@Suite("POSIX TZ strings: the footer, and the instant from which it alone is exact")
struct POSIXTZTests {
    /// "Now" for the tests: the rules are pinned, so is the instant.
    static let now: Int64 = 1_795_867_200  // 2026-11-28T12:00:00Z
    static let tenYears: Int64 = 10 * 365 * 86_400 + 3 * 86_400

    /// The instants worth asking about from `start` for ten years: the start, and each side of
    /// every change of the rules and of the string alone (so a switch either makes that the other
    /// lacks is asked about).
    static func instants(_ rules: ZoneRules, _ alone: ZoneRules, from start: Int64) -> [Int64] {
        let end = start + tenYears
        let changes = (rules.transitions(after: start, through: end) + alone.transitions(after: start, through: end)).map(\.instant)
        return Array(Set([start] + changes.flatMap { [$0 - 1, $0, $0 + 3600] }).filter { $0 >= start }).sorted()
    }

    @Test(
        """
        Every bundled zone's string, read by glibc's tzset, gives the rules' offset and abbreviation for ten years from its exact-from instant \
        and from now
        """
    )
    func everyZoneAgainstTheCLibrary() throws {
        var checked = 0
        for zone in BundledZones.shared.zoneIDs {
            let rules = try #require(TZDatabase.bundled.rules(for: zone))
            let string = try #require(rules.posixTZ, "\(zone) has no footer")
            let alone = try ZoneRules(posixTZ: string)
            let negativeDST = rules.tzif.footer?.daylight.map { $0.type.utOffset < rules.tzif.footer!.standard.utOffset } ?? false
            var starts = [Self.now]
            if let from = rules.posixTZExactFrom, from != Self.now { starts.append(from) }
            for start in starts where start >= (rules.posixTZExactFrom ?? .min) {
                let instants = Self.instants(rules, alone, from: start)
                let readings = CLibraryTZ.readings(of: string, at: instants)
                for (t, reading) in zip(instants, readings) {
                    let period = rules.period(at: t)
                    #expect(
                        reading.utcOffset == period.utcOffset && reading.abbreviation == period.abbreviation,
                        "\(zone) \"\(string)\" at \(t): glibc says \(reading), the rules \(period.abbreviation) \(period.utcOffset)")
                    if !negativeDST {
                        #expect(reading.isDST == period.isDaylightSavingTime, "\(zone) \"\(string)\" at \(t): DST")
                    }
                    checked += 1
                }
            }
        }
        #expect(checked > 10_000)
    }

    @Test("Just before a zone's exact-from instant the string alone is wrong: the instant is the first it can be")
    func exactFromIsTight() throws {
        var zonesWithInstant = 0
        for zone in BundledZones.shared.zoneIDs {
            let rules = try #require(TZDatabase.bundled.rules(for: zone))
            guard let from = rules.posixTZExactFrom, let string = rules.posixTZ else { continue }
            zonesWithInstant += 1
            let before = rules.period(at: from - 1)
            let reading = CLibraryTZ.readings(of: string, at: [from - 1])[0]
            #expect(
                reading.utcOffset != before.utcOffset || reading.abbreviation != before.abbreviation
                    || reading.isDST != before.isDaylightSavingTime,
                "\(zone): at \(from - 1), before \(from), the string \"\(string)\" already gives \(reading)")
        }
        #expect(zonesWithInstant > 300)
    }

    @Test(
        "Strings and exact-from instants of tzdata 2026f",
        arguments: [
            // Korea's last summer time ended 1988-10-09 03:00 KDT.
            ("Asia/Seoul", "KST-9", "1988-10-08T17:00:00Z"),
            // The US rule of 2007 on; 2006 ended on the last Sunday of October, a week before the string's.
            ("America/New_York", "EST5EDT,M3.2.0,M11.1.0", "2006-11-05T06:00:00Z"),
            // Britain's summer time of 1995 ended a week before the EU's last Sunday, which the string says.
            ("Europe/London", "GMT0BST,M3.5.0/1,M10.5.0", "1995-10-29T01:00:00Z"),
            // Cuba keeps summer time this winter, where the string says CST until its March switch.
            ("America/Havana", "CST5CDT,M3.2.0/0,M11.1.0/1", "2027-03-14T05:00:00Z"),
            ("Etc/UTC", "UTC0", nil),
        ] as [(String, String, String?)])
    func pinned(zone: String, string: String, exactFrom: String?) throws {
        let rules = try bundledRules(zone)
        #expect(rules.posixTZ == string)
        #expect(
            try rules.posixTZExactFrom == exactFrom.map(seconds),
            "\(rules.posixTZExactFrom.map { ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: Double($0))) } ?? "nil")")
    }

    @Test("Gaza's and Hebron's explicit transitions part from their string decades ahead: exact only after 2036")
    func gazaAndHebron() throws {
        for zone in ["Asia/Gaza", "Asia/Hebron"] {
            let from = try #require(try bundledRules(zone).posixTZExactFrom)
            #expect(from > (try seconds("2036-12-31T00:00:00Z")))
        }
    }

    @Test("A string alone, as TZ names it, is exact from the start")
    func stringAlone() throws {
        let rules = try ZoneRules(posixTZ: "EST5EDT,M3.2.0,M11.1.0")
        #expect(rules.posixTZ == "EST5EDT,M3.2.0,M11.1.0")
        #expect(rules.posixTZExactFrom == nil)
    }
}
