// tz-benchmark: the speed of TimeZoneRules beside Foundation's TimeZone, and a dump of what it
// computes for Scripts/bench/bench-tz to compare with Python's zoneinfo. Driven by Scripts/bench/bench-tz.
//
//   tz-benchmark speed ZONES [--tzdata DIR]   offset + abbreviation at 1 M random instants (1970–2100)
//   tz-benchmark dump ZONES  [--tzdata DIR]   hourly 2024–2031, one line per change per zone
//
// ZONES is a file with one zone id per line. Foundation is used here only as the speed baseline.
import Foundation
import TimeZoneRules

let arguments = CommandLine.arguments
guard arguments.count >= 3, ["speed", "dump"].contains(arguments[1]),
    let list = try? String(contentsOfFile: arguments[2], encoding: .utf8)
else {
    FileHandle.standardError.write(Data("usage: tz-benchmark speed|dump ZONES [--tzdata DIR]\n".utf8))
    exit(2)
}
let zoneIDs = list.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
let database: TZDatabase
if let flag = arguments.firstIndex(of: "--tzdata"), flag + 1 < arguments.count {
    do { database = try TZDataChoice.choose(option: arguments[flag + 1]).database } catch {
        FileHandle.standardError.write(Data("tz-benchmark: \(error)\n".utf8))
        exit(2)
    }
} else {
    database = TZDataChoice.automatic.database
}
var rules: [ZoneRules] = []
for id in zoneIDs {
    guard let zone = database.rules(for: id) else {
        FileHandle.standardError.write(Data("tz-benchmark: no rules for \(id)\n".utf8))
        exit(1)
    }
    rules.append(zone)
}

/// Nanoseconds since an arbitrary start, monotonic.
func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

/// Times `rules` and Foundation on the same 1 M pseudo-random (zone, instant) pairs and prints ns per lookup.
func speed(_ rules: [ZoneRules], _ timeZones: [TimeZone]) {
    // The same pseudo-random instants and zones for both (a 64-bit LCG, seed 7), 1970–2100.
    let count = 1_000_000
    var state: UInt64 = 7
    let start2100: Int64 = 4_102_444_800
    let samples: [(zone: Int, t: Int64)] = (0..<count).map { _ in
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return (Int(state >> 40) % rules.count, Int64(state >> 20) % start2100)
    }
    // Warm both (first-touch costs, Foundation's lazy zone loading), then time each three times.
    for (zone, t) in samples.prefix(10_000) {
        _ = rules[zone].period(at: t)
        _ = timeZones[zone].secondsFromGMT(for: Date(timeIntervalSince1970: Double(t)))
    }
    var ours: [Double] = [], foundation: [Double] = []
    var checksum = 0
    for _ in 0..<3 {
        var begin = now()
        for (zone, t) in samples {
            let period = rules[zone].period(at: t)
            checksum &+= period.utcOffset &+ period.abbreviation.utf8.count
        }
        ours.append(Double(now() - begin) / Double(count))
        begin = now()
        for (zone, t) in samples { checksum &+= timeZones[zone].secondsFromGMT(for: Date(timeIntervalSince1970: Double(t))) }
        foundation.append(Double(now() - begin) / Double(count))
    }
    let (best, baseline) = (ours.min()!, foundation.min()!)
    print("zones: \(rules.count), lookups: \(count) per run, best of 3 (checksum \(checksum & 0xffff))")
    print(String(format: "TimeZoneRules period(at:) offset+abbreviation  %8.1f ns/lookup", best))
    print(String(format: "Foundation secondsFromGMT(for:) offset only    %8.1f ns/lookup", baseline))
    print(String(format: "ratio (Foundation / TimeZoneRules): %.2fx", baseline / best))
}

/// Hourly from 2024-01-01 to 2032-01-01 (exclusive), a line whenever offset, abbreviation or DST changes.
func dump(_ zoneIDs: [String], _ rules: [ZoneRules]) {
    let first: Int64 = 1_704_067_200, end: Int64 = 1_956_528_000
    var out = ""
    for (id, zone) in zip(zoneIDs, rules) {
        var last: ZonePeriod?
        var t = first
        while t < end {
            let period = zone.period(at: t)
            if period != last {
                out += "\(id)\t\(t)\t\(period.utcOffset)\t\(period.abbreviation)\t\(period.isDaylightSavingTime ? 1 : 0)\n"
                last = period
            }
            t += 3600
        }
    }
    FileHandle.standardOutput.write(Data(out.utf8))
}

if arguments[1] == "speed" {
    var timeZones: [TimeZone] = []
    for id in zoneIDs {
        guard let zone = TimeZone(identifier: id) else {
            FileHandle.standardError.write(Data("tz-benchmark: Foundation does not know \(id)\n".utf8))
            exit(1)
        }
        timeZones.append(zone)
    }
    speed(rules, timeZones)
} else {
    dump(zoneIDs, rules)
}
