import Foundation
import Testing

@testable import TimeZoneRules

/// Parses an ISO 8601 UT instant such as "2026-07-15T12:00:00Z".
func instant(_ iso: String) throws -> Date {
    try Date(iso, strategy: .iso8601)
}

/// Builds a TZif file: version 1 with 32-bit times when `version` is 0, else an empty v1 block
/// (as `zic -b slim` leaves it) followed by the 64-bit block and the footer.
func tzifFile(
    version: UInt8 = UInt8(ascii: "2"), transitions: [(time: Int64, type: UInt8)] = [],
    types: [(utOffset: Int32, isDST: Bool, index: UInt8)], designations: String, footer: String = ""
) -> Data {
    var data = Data()
    func append<T: FixedWidthInteger>(_ value: T) {
        withUnsafeBytes(of: value.bigEndian) { data.append(contentsOf: $0) }
    }
    func header(_ version: UInt8, transitions: Int, types: Int, chars: Int) {
        data.append(contentsOf: Array("TZif".utf8) + [version] + Array(repeating: 0, count: 15))
        for count in [0, 0, 0, transitions, types, chars] { append(UInt32(count)) }
    }
    func block(timeSize: Int) {
        for t in transitions { timeSize == 4 ? append(Int32(t.time)) : append(t.time) }
        data.append(contentsOf: transitions.map(\.type))
        for t in types {
            append(t.utOffset)
            data.append(contentsOf: [t.isDST ? 1 : 0, t.index])
        }
        data.append(contentsOf: Array(designations.utf8))
    }
    let chars = designations.utf8.count
    if version == 0 {
        header(0, transitions: transitions.count, types: types.count, chars: chars)
        block(timeSize: 4)
    } else {
        header(version, transitions: 0, types: 0, chars: 0)
        header(version, transitions: transitions.count, types: types.count, chars: chars)
        block(timeSize: 8)
        data.append(contentsOf: Array("\n\(footer)\n".utf8))
    }
    return data
}

/// What a clock shows, read through `ZoneRules`: the lookup the program uses, so that these
/// tests hold it rather than a lookup of their own.
extension TZif {
    /// What the zone's clocks show at `date`; nil only for a non-finite date.
    func period(at date: Date) -> ZonePeriod? {
        date.timeIntervalSince1970.isFinite ? ZoneRules(self).period(at: ZoneRules.seconds(date)) : nil
    }

    /// The tz abbreviation a clock shows at `date`.
    func abbreviation(at date: Date) -> String? { period(at: date)?.abbreviation }
}

extension TZif.POSIXRule {
    /// The local time type at `t` seconds since 1970 UT.
    func localTimeType(at t: Int64) -> TZif.LocalTimeType {
        guard let daylight, isDaylight(at: t) else { return standard }
        return daylight.type
    }
}

/// The bundled copy's file for `zone` (pinned tzdata 2026f, whatever the machine has).
func zoneBytes(_ zone: String) throws -> [UInt8] {
    [UInt8](try #require(BundledZones.shared.data(for: zone)))
}

/// The bundled copy's parsed file for `zone`.
func bundledTZif(_ zone: String) throws -> TZif {
    try TZif(data: Data(try zoneBytes(zone)))
}

@Suite("TZif reader")
struct TZifTests {
    @Test(
        "Zones read the tz abbreviation and offset in effect",
        arguments: [
            ("Asia/Seoul", "2026-01-15T12:00:00Z", "KST", 9 * 3600),
            ("Asia/Seoul", "2026-07-15T12:00:00Z", "KST", 9 * 3600),
            ("Asia/Seoul", "2000-01-01T00:00:00Z", "KST", 9 * 3600),
            ("America/New_York", "2026-01-15T12:00:00Z", "EST", -5 * 3600),
            ("America/New_York", "2026-07-15T12:00:00Z", "EDT", -4 * 3600),
            ("America/New_York", "2026-03-08T06:59:59Z", "EST", -5 * 3600),
            ("America/New_York", "2026-03-08T07:00:00Z", "EDT", -4 * 3600),
            ("Europe/London", "2026-01-15T12:00:00Z", "GMT", 0),
            ("Europe/London", "2026-07-15T12:00:00Z", "BST", 3600),
            ("Europe/Berlin", "2026-01-15T12:00:00Z", "CET", 3600),
            ("Europe/Berlin", "2026-07-15T12:00:00Z", "CEST", 7200),
            ("Asia/Kolkata", "2026-07-15T12:00:00Z", "IST", 19800),
            ("Asia/Almaty", "2026-07-15T12:00:00Z", "+05", 5 * 3600),
            ("America/Mexico_City", "2026-07-15T12:00:00Z", "CST", -6 * 3600),
            ("Australia/Lord_Howe", "2026-01-15T12:00:00Z", "+11", 11 * 3600),
            ("Australia/Lord_Howe", "2026-07-15T12:00:00Z", "+1030", 37800),
            ("Asia/Kathmandu", "2026-07-15T12:00:00Z", "+0545", 20700),
            // Past the last stored transition, so the footer decides.
            ("America/New_York", "2045-01-15T12:00:00Z", "EST", -5 * 3600),
            ("America/New_York", "2045-07-15T12:00:00Z", "EDT", -4 * 3600),
            // Before the first transition: type 0, local mean time.
            ("Asia/Seoul", "1900-01-01T00:00:00Z", "LMT", 30472),
        ])
    func abbreviation(zone: String, at iso: String, expected: String, utOffset: Int) throws {
        // What a clock shows comes from `ZoneRules`, so that is what is checked here, not a lookup
        // written for the tests.
        let rules = try ZoneRules(tzif: Data(try zoneBytes(zone)))
        let period = rules.period(at: ZoneRules.seconds(try instant(iso)))
        #expect(period.abbreviation == expected)
        #expect(period.utcOffset == utOffset)
    }

    @Test("Negative DST: the parser keeps tz's flag (Dublin's winter GMT is the daylight-saving type); a clock shows IST as summer time")
    func negativeDST() throws {
        let dublin = try bundledTZif("Europe/Dublin")
        #expect(dublin.localTimeTypes.contains(TZif.LocalTimeType(utOffset: 0, isDST: true, abbreviation: "GMT")))
        #expect(dublin.localTimeTypes.contains(TZif.LocalTimeType(utOffset: 3600, isDST: false, abbreviation: "IST")))
        let winter = try #require(dublin.period(at: try instant("2026-01-15T12:00:00Z")))
        let summer = try #require(dublin.period(at: try instant("2026-07-15T12:00:00Z")))
        #expect((winter.abbreviation, winter.utcOffset, winter.isDaylightSavingTime) == ("GMT", 0, false))
        #expect((summer.abbreviation, summer.utcOffset, summer.isDaylightSavingTime) == ("IST", 3600, true))
    }

    /// tz's abbreviations are letters (KST, CEST) or, where no English one is in use, the offset
    /// itself ("+0545", "-03"): the numeric ones must agree with the offset the file gives; "-00"
    /// is tz's "local time unknown" (uninhabited places), at offset 0.
    @Test(
        "Every zone of the bundled copy parses; a numeric abbreviation is its offset",
        arguments: [
            "2026-01-15T12:00:00Z", "2026-07-15T12:00:00Z", "1990-01-01T00:00:00Z", "2045-07-15T12:00:00Z",
        ])
    func wholeBundledCopy(at iso: String) throws {
        let date = try instant(iso)
        let zones = BundledZones.shared.zoneIDs
        for zone in zones {
            let period = try #require(try bundledTZif(zone).period(at: date), "\(zone)")
            let abbreviation = period.abbreviation
            if abbreviation == "-00" {
                #expect(period.utcOffset == 0, "\(zone) at \(iso)")
            } else if abbreviation.first == "+" || abbreviation.first == "-" {
                let minutes = abs(period.utcOffset) / 60
                let expected =
                    String(format: "%@%02d", period.utcOffset < 0 ? "-" : "+", minutes / 60)
                    + (minutes % 60 == 0 ? "" : String(format: "%02d", minutes % 60))
                #expect(abbreviation == expected, "\(zone) at \(iso)")
            } else {
                #expect(
                    (3...5).contains(abbreviation.count) && abbreviation.allSatisfy { $0.isASCII && $0.isLetter },
                    "\(zone) at \(iso): \(abbreviation)")
            }
        }
        #expect(zones.count > 300)
    }

    @Test("Slim files: a transition then the footer, and no transitions at all")
    func slimFiles() throws {
        let start2020: Int64 = 1_577_836_800
        let newYork = try TZif(
            data: tzifFile(
                transitions: [(start2020, 1)], types: [(0, false, 0), (-18000, false, 4)],
                designations: "LMT\0EST\0", footer: "EST5EDT,M3.2.0,M11.1.0"))
        #expect(newYork.abbreviation(at: try instant("1999-07-01T00:00:00Z")) == "LMT")
        #expect(newYork.abbreviation(at: try instant("2050-07-01T00:00:00Z")) == "EDT")
        #expect(newYork.abbreviation(at: try instant("2050-12-01T00:00:00Z")) == "EST")
        let seoul = try TZif(data: tzifFile(types: [(32400, false, 0)], designations: "KST\0", footer: "KST-9"))
        let kst = try #require(seoul.period(at: try instant("2040-01-01T00:00:00Z")))
        #expect((kst.abbreviation, kst.utcOffset, kst.isDaylightSavingTime) == ("KST", 32400, false))
    }

    @Test("Version 1 files use the 32-bit block and keep the last type after the last transition")
    func versionOne() throws {
        let tzif = try TZif(
            data: tzifFile(
                version: 0, transitions: [(-1_000_000_000, 1), (1_000_000_000, 0)],
                types: [(3600, false, 0), (7200, true, 4)], designations: "AAA\0BBB\0"))
        #expect(tzif.version == 1)
        #expect(tzif.footer == nil)
        #expect(tzif.abbreviation(at: Date(timeIntervalSince1970: -2_000_000_000)) == "AAA")
        #expect(tzif.abbreviation(at: Date(timeIntervalSince1970: 0)) == "BBB")
        #expect(tzif.abbreviation(at: Date(timeIntervalSince1970: 3_000_000_000)) == "AAA")
        #expect(tzif.period(at: Date(timeIntervalSince1970: .nan)) == nil)
    }

    @Test(
        "Footer rules decide DST at their exact switch instants",
        arguments: [
            ("EST5EDT,M3.2.0,M11.1.0", "2040-03-11T06:59:59Z", "EST", -18000),
            ("EST5EDT,M3.2.0,M11.1.0", "2040-03-11T07:00:00Z", "EDT", -14400),
            ("EST5EDT,M3.2.0,M11.1.0", "2040-11-04T05:59:59Z", "EDT", -14400),
            ("EST5EDT,M3.2.0,M11.1.0", "2040-11-04T06:00:00Z", "EST", -18000),
            ("<+05>-5", "2050-07-01T00:00:00Z", "+05", 18000),
            ("KST-9", "2050-07-01T00:00:00Z", "KST", 32400),
            // Friday before the last Sunday of March, written as Thursday 26:00.
            ("IST-2IDT,M3.4.4/26,M10.5.0", "2050-03-24T23:59:59Z", "IST", 7200),
            ("IST-2IDT,M3.4.4/26,M10.5.0", "2050-03-25T00:00:00Z", "IDT", 10800),
            ("IST-2IDT,M3.4.4/26,M10.5.0", "2050-10-29T22:59:59Z", "IDT", 10800),
            ("IST-2IDT,M3.4.4/26,M10.5.0", "2050-10-29T23:00:00Z", "IST", 7200),
            // Negative times land on the previous day: both switches are 01:00 UT, as in the EU.
            ("<-03>3<-02>,M3.5.0/-2,M10.5.0/-1", "2040-03-25T00:59:59Z", "-03", -10800),
            ("<-03>3<-02>,M3.5.0/-2,M10.5.0/-1", "2040-03-25T01:00:00Z", "-02", -7200),
            ("<-03>3<-02>,M3.5.0/-2,M10.5.0/-1", "2040-10-28T00:59:59Z", "-02", -7200),
            ("<-03>3<-02>,M3.5.0/-2,M10.5.0/-1", "2040-10-28T01:00:00Z", "-03", -10800),
            // Southern hemisphere: DST spans the new year.
            ("AEST-10AEDT,M10.1.0,M4.1.0/3", "2050-01-01T00:00:00Z", "AEDT", 39600),
            ("AEST-10AEDT,M10.1.0,M4.1.0/3", "2050-07-01T00:00:00Z", "AEST", 36000),
            ("<+1030>-10:30<+11>-11,M10.1.0,M4.1.0", "2050-01-01T00:00:00Z", "+11", 39600),
            // Year-round DST per RFC 8536 §3.3.1.
            ("EST5EDT4,0/0,J365/25", "2050-01-01T05:00:00Z", "EDT", -14400),
            ("EST5EDT4,0/0,J365/25", "2050-12-31T23:59:59Z", "EDT", -14400),
            // Jn skips February 29, n counts it.
            ("AAA0BBB,J60/0,J300/0", "2040-02-29T12:00:00Z", "AAA", 0),
            ("AAA0BBB,J60/0,J300/0", "2040-03-01T00:00:00Z", "BBB", 3600),
            ("AAA0BBB,59/0,300/0", "2040-02-29T00:00:00Z", "BBB", 3600),
            ("AAA0BBB,59/0,300/0", "2041-02-28T23:59:59Z", "AAA", 0),
            // A DST name with no rule falls back to the US rule.
            ("EST5EDT", "2050-07-01T00:00:00Z", "EDT", -14400),
            ("XXX-1:30:15", "2050-07-01T00:00:00Z", "XXX", 5415),
            // Before 1970, where floor division matters.
            ("EST5EDT,M3.2.0,M11.1.0", "1969-07-01T00:00:00Z", "EDT", -14400),
        ])
    func footerRule(rule: String, at iso: String, expected: String, utOffset: Int) throws {
        let type = try TZif.POSIXRule(rule).localTimeType(at: Int64(try instant(iso).timeIntervalSince1970))
        #expect(type.abbreviation == expected)
        #expect(type.utOffset == utOffset)
    }

    @Test(
        "Malformed footer TZ strings are refused",
        arguments: [
            "E", "EST", "ES5", "<+05-5", "<+5>-5", "EST25", "EST5EDT,M13.1.0,M11.1.0", "EST5EDT,M3.2.0",
            "EST5EDT,M3.6.0,M11.1.0", "EST5EDT,J0,J365", "EST5EDT,M3.2.0/168,M11.1.0", "EST5EDT,M3.2.0,M11.1.0x",
            "KST-9:60", "EST5EDT;",
        ])
    func badFooter(rule: String) {
        #expect(throws: TZifError.badFooter(rule)) { try TZif.POSIXRule(rule) }
    }

    @Test(
        "Each truncation names the section it cut",
        arguments: [
            // Asia/Seoul (slim): header 0..<44, v1 block ..<51, v2 header ..<95, data ..<408, footer ..<415.
            (0, TZifError.Section.header), (20, .header), (47, .v1DataBlock), (60, .v2Header),
            (200, .dataBlock), (408, .footer), (409, .footer), (413, .footer),
        ])
    func truncated(length: Int, section: TZifError.Section) throws {
        let bytes = try zoneBytes("Asia/Seoul")
        #expect(throws: TZifError.truncated(section)) { try TZif(data: Data(bytes.prefix(length))) }
    }

    @Test("Every proper prefix of a real file throws, none traps, and the whole file parses")
    func prefixes() throws {
        let bytes = try zoneBytes("Asia/Seoul")
        for length in 0..<bytes.count {
            #expect(throws: TZifError.self) { try TZif(data: Data(bytes.prefix(length))) }
        }
        #expect(try TZif(data: Data(bytes)).abbreviation(at: try instant("2026-07-15T12:00:00Z")) == "KST")
    }

    @Test("Random byte corruption parses or throws, and a parsed file answers with its own types")
    func corruption() throws {
        let original = try zoneBytes("America/New_York")
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33)
        }
        var parsed = 0, refused = 0
        for _ in 0..<3000 {
            var bytes = original
            for _ in 0..<(1 + next() % 3) { bytes[next() % bytes.count] = UInt8(truncatingIfNeeded: next()) }
            let tzif: TZif
            do { tzif = try TZif(data: Data(bytes)) } catch {
                refused += 1
                continue
            }  // typed: always a TZifError
            parsed += 1
            let known = Set(tzif.localTimeTypes).union([tzif.footer?.standard, tzif.footer?.daylight?.type].compactMap { $0 })
            for seconds in [-5_000_000_000.0, 0, 1_800_000_000, 2_500_000_000, 1e15, -1e300] {
                guard let period = tzif.period(at: Date(timeIntervalSince1970: seconds)) else { continue }
                #expect(
                    known.contains { $0.utOffset == period.utcOffset && $0.abbreviation == period.abbreviation },
                    "a type the file does not have at \(seconds)")
            }
        }
        // Bytes in the transition times parse (any time is a time); bytes in the header and the
        // counts do not: both kinds occur among 3,000 corruptions.
        #expect(parsed > 100 && refused > 100, "parsed \(parsed), refused \(refused)")
    }

    @Test("Bad magic, unknown versions and broken headers throw their own errors")
    func headerErrors() throws {
        let seoul = try zoneBytes("Asia/Seoul")
        #expect(throws: TZifError.badMagic) { try TZif(data: Data("NOTATZIFFILE".utf8) + Data(count: 64)) }
        #expect(throws: TZifError.badMagic) { try TZif(data: Data("TZ!".utf8)) }
        var version9 = seoul
        version9[4] = UInt8(ascii: "9")
        #expect(throws: TZifError.unsupportedVersion(0x39)) { try TZif(data: Data(version9)) }
        #expect(throws: TZifError.badCount("typecnt is 0")) { try TZif(data: tzifFile(types: [], designations: "\0")) }
    }

    @Test("Out-of-range indexes and unordered transitions throw")
    func indexErrors() {
        let types: [(utOffset: Int32, isDST: Bool, index: UInt8)] = [(0, false, 0), (3600, false, 4)]
        let badType = #expect(throws: TZifError.self) {
            try TZif(data: tzifFile(transitions: [(0, 2)], types: types, designations: "AAA\0BBB\0"))
        }
        #expect(badType == .badIndex("transition type 2 of 2"))
        let badDesignation = #expect(throws: TZifError.self) {
            try TZif(data: tzifFile(types: [(0, false, 9)], designations: "AAA\0"))
        }
        #expect(badDesignation == .badIndex("designation 9 of 4 bytes"))
        #expect(throws: TZifError.badIndex("designation 0 of 3 bytes")) {
            try TZif(data: tzifFile(types: [(0, false, 0)], designations: "AAA"))
        }
        #expect(throws: TZifError.unorderedTransitions) {
            try TZif(data: tzifFile(transitions: [(10, 1), (10, 0)], types: types, designations: "AAA\0BBB\0"))
        }
        #expect(throws: TZifError.badFooter("nonsense")) {
            try TZif(data: tzifFile(types: types, designations: "AAA\0BBB\0", footer: "nonsense"))
        }
    }

    @Test(
        "Identifiers that could leave the zoneinfo directory are refused",
        arguments: [
            "", "/etc/passwd", "../../etc/passwd", "Asia/../../etc/passwd", "Asia//Seoul", "Asia/Seoul/", "./Asia/Seoul",
        ])
    func invalidIdentifier(identifier: String) {
        #expect(throws: TZifError.invalidIdentifier(identifier)) { try TZif(zone: identifier, directory: "/usr/share/zoneinfo") }
    }

    @Test("A missing zone or a directory is unreadable at its path")
    func unreadable() {
        #expect(throws: TZifError.unreadable(path: "/usr/share/zoneinfo/Mars/Olympus_Mons")) {
            try TZif(zone: "Mars/Olympus_Mons", directory: "/usr/share/zoneinfo")
        }
        #expect(throws: TZifError.unreadable(path: "/usr/share/zoneinfo/Asia")) {
            try TZif(zone: "Asia", directory: "/usr/share/zoneinfo/")
        }
    }

    @Test("Zones are read from the given directory")
    func customDirectory() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tzif-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("Test"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try tzifFile(types: [(32400, false, 0)], designations: "KST\0", footer: "KST-9")
            .write(to: directory.appendingPathComponent("Test/Zone"))
        #expect(try TZif(zone: "Test/Zone", directory: directory.path).abbreviation(at: Date()) == "KST")
    }

    @Test("Errors describe themselves")
    func descriptions() {
        #expect(TZifError.truncated(.v1DataBlock).description == "TZif file truncated in the version 1 data block")
        #expect(TZifError.unsupportedVersion(0x39).description == "unsupported TZif version byte 0x39")
    }
}
