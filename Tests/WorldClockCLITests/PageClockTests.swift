import Foundation
import TestSupport
import Testing
import TimeZoneRules
import WorldClockKit

/// The page's ticking clock (`ZoneRules.state` in Web/clock.js) is the one JavaScript copy of "the
/// period at t" left: it runs in the browser every second, between feeds, with no engine call. This
/// holds it to the one Swift answer, `ZoneTimeline` (as the kit's `Feed` client reads the same
/// feed: the period, its start included), and both to the TZif rules, on the same vectors: every
/// transition of the feed's window, a second before and at it, for zones whose rules move, run in
/// Node over the feed `worldclock feed` writes.
@Suite("The page's clock agrees with ZoneTimeline and the TZif rules")
struct PageClockTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let at = "2026-07-15T12:00:00Z"
    /// Zones with DST on both hemispheres, half-hour and 45-minute offsets, a 30-minute DST, and 2026's changes.
    static let zones = [
        "America/New_York", "Europe/London", "Australia/Sydney", "Australia/Lord_Howe", "America/Santiago", "Pacific/Chatham",
        "America/Vancouver", "America/Havana", "Africa/Casablanca", "Asia/Seoul", "Asia/Kolkata", "Europe/Kyiv",
    ]

    @Test(
        """
        ZoneRules.state gives ZoneTimeline's period, and the TZif rules' offset, abbreviation and DST, a second before and at each transition \
        of the window
        """
    )
    func sameStates() async throws {
        let feed = try CommandRunner.run(["feed", "--at", Self.at, "--tzdata", "bundled"])
        #expect(feed.status == 0, "\(feed.stderr)")
        let start = try #require(try? ISO8601.parseInstant(Self.at))
        let end = start.addingTimeInterval(365 * 86_400)
        var vectors: [(zone: String, seconds: Int64, expected: ZoneTime)] = []
        for zone in Self.zones {
            let clock = try #require(ZoneClock(zoneID: zone, tzdata: .bundled), "\(zone)")
            var instants = [start, start.addingTimeInterval(100 * 86_400)]
            for transition in clock.transitions(after: start, through: end) {
                instants += [transition.startDate.addingTimeInterval(-1), transition.startDate]
            }
            for instant in instants { vectors.append((zone, Int64(instant.timeIntervalSince1970), clock.time(at: instant))) }
        }
        #expect(vectors.count > 40, "\(vectors.count) vectors")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("page-clock-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let feedFile = folder.appendingPathComponent("feed.json")
        try Data(feed.stdout.utf8).write(to: feedFile)
        let input = vectors.map { "\($0.zone)\t\($0.seconds)" }.joined(separator: "\n")
        try Data(input.utf8).write(to: folder.appendingPathComponent("vectors.tsv"))
        let clockModule = Self.root.appendingPathComponent("Web/app/clock.js")
        let script = """
            import { readFileSync } from 'node:fs';
            const { ZoneRules } = await import(process.argv[1]);
            const rules = new ZoneRules(JSON.parse(readFileSync(process.argv[2], 'utf8')));
            for (const line of readFileSync(process.argv[3], 'utf8').split('\\n')) {
              const [zone, seconds] = line.split('\\t');
              const s = rules.state(zone, Number(seconds) * 1000);
              console.log(s ? `${s.start}\\t${s.offset}\\t${s.abbreviation}\\t${s.dst}` : 'null');
            }
            """
        let output = try await onOwnThread {
            try Self.node([
                "--input-type=module", "-e", script, clockModule.absoluteString, feedFile.path, folder.appendingPathComponent("vectors.tsv").path,
            ])
        }
        let lines = output.split(separator: "\n").map(String.init)
        try #require(lines.count == vectors.count, "node answered \(lines.count) of \(vectors.count): \(output.prefix(500))")
        let decoded = try Feed.decode(Data(feed.stdout.utf8))
        var differences: [String] = []
        for (vector, line) in zip(vectors, lines) {
            let tzif = "\(vector.expected.utcOffset)\t\(vector.expected.abbreviation)\t\(vector.expected.isDaylightSavingTime)"
            let period = decoded.offset(ofZone: vector.zone, at: Date(timeIntervalSince1970: Double(vector.seconds)))
            let timeline = period.map { "\($0.start)\t\($0.utcOffset)\t\($0.abbreviation)\t\($0.isDaylightSavingTime)" } ?? "null"
            if line != timeline { differences.append("\(vector.zone) at \(vector.seconds): ZoneTimeline \(timeline), clock.js \(line)") }
            if timeline.split(separator: "\t").dropFirst().joined(separator: "\t") != tzif {
                differences.append("\(vector.zone) at \(vector.seconds): TZif \(tzif), ZoneTimeline \(timeline)")
            }
        }
        #expect(differences.isEmpty, "\(differences.joined(separator: "\n"))")
    }

    /// Runs Debian's `node` (Scripts/test installs it) and returns its standard output.
    static func node(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["node"] + arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw NodeFailed(status: process.terminationStatus) }
        return String(decoding: data, as: UTF8.self)
    }

    struct NodeFailed: Error { let status: Int32 }
}
