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
    let name: String
    let zoneID: String

    static func settle(
        from: String?, saved: MyClocks.Entry?, catalogue: Catalogue, tzdata: TZDatabase, now: Date, quiet: Bool
    ) throws -> ReferenceZone {
        if let from {
            // A zone id the tzdata in use has is a reference even when no listed place keeps its
            // clock (Etc/GMT-14): the ids are checked against that tzdata, not the catalogue.
            if from.contains("/"), catalogue.zoneID(for: from) == nil, catalogue.zoneID(ignoringCase: from) == nil,
                tzdata.rules(for: from) != nil
            {
                return ReferenceZone(name: from, zoneID: from)
            }
            let search = PlaceSearch(catalogue: catalogue, tzdata: tzdata, at: now)
            let found: (places: [Place], reading: PlaceResolver.Reading)
            do { found = try PlaceArgument.resolve(from, what: "--from", search: search, quiet: quiet) } catch let error as CLIError {
                // A reference that is not one place is a usage problem (exit 2), whatever search found.
                throw CLIError.usage(error.message)
            }
            let place = PlaceArgument.principal(of: found.places) ?? found.places[0]
            if case .zoneID(let zone) = found.reading { return ReferenceZone(name: place.name, zoneID: zone) }
            return ReferenceZone(name: place.name, zoneID: place.zoneID)
        }
        if let saved { return ReferenceZone(name: saved.name, zoneID: saved.zoneID) }
        let candidates = LocalZone.candidates()
        let local = LocalZone.zone(in: tzdata, candidates: candidates)
        let zone = local ?? "Etc/UTC"
        if !quiet {
            if let tz = Environment.value("TZ"), !tz.isEmpty, candidates.first.map({ tzdata.rules(for: $0) == nil }) == true {
                Terminal.note(
                    "경고: TZ=\(Terminal.printable(tz, limit: 40))에 맞는 시간대가 이 tzdata에 없어 \(zone) 기준으로 보여 줍니다. "
                        + "TZ=Asia/Seoul처럼 시간대 id를 쓰거나 --from, worldclock from으로 기준을 정하세요")
            } else if local == nil {
                // Without this, 어제/내일 and ±시간 would be measured from UTC with nothing said.
                Terminal.note(noLocalZoneWarning + " --from이나 worldclock from으로 기준을 정하세요")
            }
        }
        let name = PlaceArgument.principal(of: catalogue.places(inZone: zone))?.name ?? zone
        return ReferenceZone(name: name, zoneID: zone)
    }

    /// What the CLI and `doctor` say when the machine names no zone the tzdata has.
    static var noLocalZoneWarning: String {
        let directory = Terminal.printable(LocalZone.configurationDirectory, limit: 60)
        return "경고: 이 컴퓨터의 시간대를 알 수 없어(TZ도, \(directory)/localtime도, \(directory)/timezone도 이 tzdata에 있는 시간대를 "
            + "가리키지 않습니다) UTC 기준으로 보여 줍니다."
    }
}

extension MyClocks {
    /// The saved clocks as a command reads them: a file that does not read is a data error (exit 3).
    static func loadForCLI() throws -> MyClocks {
        do { return try load() } catch { throw CLIError.data("내 시계 파일을 읽을 수 없습니다: \(error.message). 고치거나 지우세요") }
    }
}
