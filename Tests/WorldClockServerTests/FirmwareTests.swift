import Foundation
import Hummingbird
import TestSupport
import Testing
import TimeZoneRules
import WorldClockKit

@testable import WorldClockServer

/// Runs `arguments` with `environment` added; nil when the program is not there.
func runTool(_ arguments: [String], in directory: URL, environment: [String: String] = [:]) throws -> (status: Int32, out: String, err: String)? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    process.currentDirectoryURL = directory
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let outText = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let errText = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    if process.terminationStatus == 127 { return nil }
    return (process.terminationStatus, outText, errText)
}

/// POSIX TZ strings for devices: the zone's fields, the feed's `zones`, `/v1/posix.json`, `/v1/posix.h`.
@Suite("POSIX TZ strings for devices that keep time with TZ")
struct FirmwareTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test(
        "/v1/zones/{zone} gives the zone's string and the instant from which it alone is exact, null when always",
        arguments: [
            ("America/Havana", "CST5CDT,M3.2.0/0,M11.1.0/1", "2027-03-14T05:00:00Z"),
            ("America/New_York", "EST5EDT,M3.2.0,M11.1.0", "2006-11-05T06:00:00Z"),
            ("UTC", "UTC0", nil),
        ] as [(String, String, String?)])
    func zoneFields(zone: String, string: String, exactFrom: String?) async throws {
        try await withApp { client in
            try await client.execute(uri: "/v1/zones/\(zone)?at=2026-11-28T12:00:00Z", method: .get) { response in
                #expect(response.status == .ok)
                let json = response.json
                #expect(json["posix_tz"] as? String == string)
                #expect(json.keys.contains("posix_tz_exact_from"))
                #expect(json["posix_tz_exact_from"] as? String == exactFrom)
            }
        }
    }

    @Test("The feed's zones give each zone with transitions its string and instant, as the kit decodes them")
    func feedZones() async throws {
        try await withApp { client in
            try await client.execute(uri: "/v1/sections?at=2026-11-28T12:00:00Z", method: .get) { response in
                let feed = try JSONDecoder().decode(Feed.self, from: response.data)
                let zones = try #require(feed.zones)
                #expect(Set(zones.keys) == Set(feed.transitions.keys))
                for (zone, facts) in zones {
                    let clock = try #require(sharedClocks[zone])
                    #expect(facts == FeedZone(clock), "\(zone)")
                }
                #expect(zones["Asia/Gaza"]?.posixTZExactFrom.map { $0 > "2036" } == true)
                #expect(zones["Asia/Seoul"] == FeedZone(posixTZ: "KST-9", exactFrom: "1988-10-08T17:00:00Z"))
            }
            // A section's body has the zones of its places only.
            try await client.execute(uri: "/v1/sections?section=ㄴ&at=2026-11-28T12:00:00Z", method: .get) { response in
                let feed = try JSONDecoder().decode(Feed.self, from: response.data)
                #expect(Set(feed.zones?.keys ?? [:].keys) == Set(feed.sections.flatMap(\.places).map(\.place.zoneID)))
            }
        }
    }

    @Test("/v1/posix.json maps every zone of the catalogue and its aliases to its string, with an ETag that begins with the rules digest")
    func posixJSON() async throws {
        try await withApp { client in
            let etag = try await client.execute(uri: "/v1/posix.json", method: .get) { response in
                #expect(response.status == .ok)
                let strings = try JSONDecoder().decode([String: String].self, from: response.data)
                for zone in catalogue.zoneIDs { #expect(strings[zone] == sharedClocks[zone]?.posixTZ, "\(zone)") }
                #expect(strings["Asia/Calcutta"] == strings["Asia/Kolkata"])
                #expect(strings["America/New_York"] == "EST5EDT,M3.2.0,M11.1.0")
                let etag = try #require(response.headers[.eTag])
                #expect(etag.hasPrefix("\"\(liveService.rulesDigest)-"))
                return etag
            }
            try await client.execute(uri: "/v1/posix.json", method: .get, headers: [.ifNoneMatch: etag]) { response in
                #expect(response.status == .notModified)
            }
            try await client.execute(uri: "/v1/posix.json?at=2026-11-28T12:00:00Z", method: .get) { response in
                #expect(response.status == .badRequest)
                #expect(response.error?.error.code == "unknown_parameter")
            }
        }
    }

    @Test(
        "/v1/posix.h compiles warning-free as C99, and its example prints the rules' local times, offsets and abbreviations",
        .needs(.program("cc", install: "apt-get install -y gcc")))
    func header() async throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("firmware-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let header = try await withApp { client in
            try await client.execute(uri: "/v1/posix.h", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/x-c; charset=utf-8")
                return response.data
            }
        }
        let text = String(decoding: header, as: UTF8.self)
        #expect(text.contains("#define WORLDCLOCK_RULES_DIGEST \"\(liveService.rulesDigest)\""))
        #expect(text.contains("#define WORLDCLOCK_TZDATA_VERSION \"2026f\""))
        #expect(text.contains("{\"뉴욕\", \"New York\", \"America/New_York\", \"EST5EDT,M3.2.0,M11.1.0\", 1162706400LL}"))
        // In the index's order: the places of the header's rows are the catalogue's sections' rows.
        let rows = text.split(separator: "\n").filter { $0.hasPrefix("    {\"") }
        #expect(rows.count == catalogue.sections.sections.flatMap(\.rows).count)
        try header.write(to: work.appendingPathComponent("worldclock_posix.h"))
        try FileManager.default.copyItem(
            at: Self.repository.appendingPathComponent("Examples/Firmware/clock.c"), to: work.appendingPathComponent("clock.c"))
        // A second file including the header without the table: no unused-variable warning either.
        try "#include \"worldclock_posix.h\"\nint places(void) { return WORLDCLOCK_PLACE_COUNT; }\n".write(
            to: work.appendingPathComponent("other.c"), atomically: true, encoding: .utf8)
        let compiled = try #require(
            try runTool(["cc", "-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic", "-o", "clock", "clock.c", "other.c"], in: work))
        try #require(compiled.status == 0, "\(compiled.err)")

        let zones = ["뉴욕", "런던", "서울", "America/Havana", "Australia/Lord_Howe", "America/Santiago", "Africa/Casablanca", "Asia/Kathmandu"]
        for instant in ["2027-07-15T12:00:00Z", "2028-01-15T03:30:00Z", "2027-11-07T05:00:00Z", "2027-11-07T04:59:59Z"] {
            let date = try ISO8601.parseInstant(instant)
            let seconds = Int64(date.timeIntervalSince1970)
            // TZDIR nowhere: the C library reads the strings as a device does, never a zone file of the same name.
            let run = try #require(try runTool(["./clock", String(seconds)] + zones, in: work, environment: ["TZDIR": "/nonexistent"]))
            #expect(run.status == 0, "\(run.err)")
            let lines = run.out.split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
            #expect(lines.count == zones.count)
            for line in lines where line.count == 3 {
                let clock = try #require(sharedClocks[line[1]])
                guard let exact = clock.posixTZExactFrom, date < exact else {
                    let time = clock.time(at: date)
                    let offset = time.utcOffset, magnitude = abs(offset) / 60
                    let expected =
                        ISO8601.local(time.local, offset: offset).prefix(19) + (offset < 0 ? "-" : "+")
                        + String(format: "%02d%02d", magnitude / 60, magnitude % 60) + " " + time.abbreviation
                    #expect(line[2] == expected, "\(line[0]) \(line[1]) at \(instant)")
                    continue
                }
                // Before the instant the string is not the rules: the program says so.
                #expect(run.err.contains(line[1]))
            }
        }
    }
}

extension FeedZone {
    fileprivate init(posixTZ: String, exactFrom: String?) {
        self = try! JSONDecoder().decode(
            FeedZone.self, from: Data("{\"posix_tz\":\"\(posixTZ)\",\"posix_tz_exact_from\":\(exactFrom.map { "\"\($0)\"" } ?? "null")}".utf8))
    }
}
