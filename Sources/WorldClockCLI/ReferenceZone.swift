import TimeZoneRules
import WorldClockKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The zone every 어제/내일, ±시간 and `--at` wall-clock time is measured from, and how the
/// screen names it: `--from`, else the reference saved with `worldclock from`, else the machine's
/// zone (with a warning, once, when `TZ` names no zone this tzdata has).
struct ReferenceZone {
    /// How the screen names it: a place (서울, 협정 세계시), else the zone id or the TZ string.
    let name: String
    /// The zone id, or the POSIX TZ string the machine's rules come from.
    let zoneID: String
    let clock: ZoneClock

    static func settle(
        from: String?, saved: MyClocks.Entry?, catalogue: Catalogue, tzdata: TZDatabase, now: Date, quiet: Bool
    ) throws -> ReferenceZone {
        if let from {
            // A zone id the tzdata in use has is a reference even when no listed place keeps its
            // clock (Etc/GMT-14): the ids are checked against that tzdata, not the catalogue.
            if from.contains("/"), catalogue.zoneID(for: from) == nil, catalogue.zoneID(ignoringCase: from) == nil,
                tzdata.rules(for: from) != nil
            {
                return try zone(from, catalogue: catalogue, tzdata: tzdata)
            }
            let search = PlaceSearch(catalogue: catalogue, tzdata: tzdata, at: now)
            let found: (places: [Place], reading: PlaceResolver.Reading)
            do { found = try PlaceArgument.resolve(from, what: "--from", search: search, quiet: quiet) } catch let error as CLIError {
                // A reference that is not one place is a usage problem (exit 2), whatever search found.
                throw CLIError.usage(error.message)
            }
            let place = PlaceArgument.principal(of: found.places) ?? found.places[0]
            if case .zoneID(let id) = found.reading { return try zone(id, name: place.name, tzdata: tzdata) }
            return try zone(place.zoneID, name: place.name, tzdata: tzdata)
        }
        if let saved { return try zone(saved.zoneID, name: saved.name, tzdata: tzdata) }
        let candidates = LocalZone.candidates()
        let tz = Environment.value("TZ").flatMap { $0.isEmpty ? nil : $0 }
        let tzNamesNoZone = tz != nil && candidates.first.map { tzdata.rules(for: $0) == nil } == true
        // A POSIX TZ string (TZ=KST-9) states its own rules: read as libc reads it, not as UTC.
        if tzNamesNoZone, let tz, let rules = LocalZone.posixRules(tz: tz) {
            return ReferenceZone(name: tz, zoneID: tz, clock: ZoneClock(zoneID: tz, rules: rules))
        }
        let local = LocalZone.zone(in: tzdata, candidates: candidates)
        let reference = try zone(local ?? "Etc/UTC", catalogue: catalogue, tzdata: tzdata)
        if !quiet {
            if tzNamesNoZone, let tz {
                Terminal.note(
                    "경고: TZ=\(Terminal.printable(tz, limit: 40))에 맞는 시간대가 이 tzdata에 없고 POSIX TZ 문자열(KST-9)도 아니어서 "
                        + "\(Terminal.printable(reference.name)) 기준으로 보여 줍니다. TZ=Asia/Seoul처럼 시간대 id를 쓰거나 --from, worldclock from으로 기준을 정하세요")
            } else if local == nil {
                // Without this, 어제/내일 and ±시간 would be measured from UTC with nothing said.
                Terminal.note(noLocalZoneWarning + " --from이나 worldclock from으로 기준을 정하세요")
            }
        }
        return reference
    }

    /// A zone named by its principal place, aliases followed: Asia/Seoul → 서울, Etc/UTC →
    /// 협정 세계시; else the id itself.
    private static func zone(_ zoneID: String, catalogue: Catalogue, tzdata: TZDatabase) throws -> ReferenceZone {
        try zone(zoneID, name: PlaceArgument.principal(of: catalogue.places(inZone: zoneID))?.name ?? zoneID, tzdata: tzdata)
    }

    private static func zone(_ zoneID: String, name: String, tzdata: TZDatabase) throws -> ReferenceZone {
        guard let clock = ZoneClock(zoneID: zoneID, tzdata: tzdata) else {
            throw CLIError.data("기준 시간대 \"\(Terminal.printable(zoneID, limit: 40))\"의 규칙이 이 tzdata에 없습니다")
        }
        return ReferenceZone(name: name, zoneID: zoneID, clock: clock)
    }

    /// What the CLI and `doctor` say when the machine names no zone the tzdata has.
    static var noLocalZoneWarning: String {
        let directory = Terminal.printable(LocalZone.configurationDirectory, limit: 60)
        return "경고: 이 컴퓨터의 시간대를 알 수 없어(TZ도, \(directory)/localtime도, \(directory)/timezone도 이 tzdata에 있는 시간대를 "
            + "가리키지 않습니다) UTC 기준으로 보여 줍니다."
    }
}
