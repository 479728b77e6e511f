import ArgumentParser
import Foundation
import WorldClock

/// `worldclock show <name or zone>`: one place in detail.
struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "One place in detail: names, zone, offset, DST, next transition, time now in Korean.",
        discussion: "Takes a Korean name (뉴욕), an old spelling (키예프), or a zone id (America/New_York, Asia/Calcutta). Exits 1 when nothing matches."
    )

    @OptionGroup var options: CommonOptions

    @Argument(help: "A place name or a zone id.")
    var place: String

    func validate() throws {
        if place.allSatisfy(\.isWhitespace) { throw ValidationError("the place is empty") }
    }

    func run() throws {
        let session = try options.session()
        let places = try resolve(in: session.catalogue)
        let clocks = session.clocks(for: places)
        if session.json {
            Output.json(places.map { FeedPlace($0, time: session.time(of: $0, clocks: clocks), reference: session.reference) })
            return
        }
        for (number, place) in places.enumerated() {
            if number > 0 { Output.line() }
            guard let time = session.time(of: place, clocks: clocks) else { continue }
            render(place, time: time, session: session)
        }
    }

    /// Exact name or alias, else the zone (every name in it), else an error with suggestions.
    private func resolve(in catalogue: Catalogue) throws -> [Place] {
        let wanted = place.trimmingCharacters(in: .whitespaces)
        if let exact = catalogue.place(named: wanted) { return [exact] }
        let byAlias = catalogue.places.filter { $0.aliases.contains(wanted) }
        if !byAlias.isEmpty { return byAlias }
        let zone = catalogue.zoneID(ignoringCase: wanted) ?? wanted
        let inZone = catalogue.places(inZone: zone)
        if !inZone.isEmpty { return inZone }
        // Suggest what the longest start of the query that finds anything finds (뉴요크 → 뉴요 → 뉴욕).
        let suggestions = (1...wanted.count).reversed().lazy
            .map { ((try? catalogue.search.search(String(wanted.prefix($0)), limit: 3))?.matches ?? []).map(\.item.name) }
            .first { !$0.isEmpty } ?? []
        throw CLIError.nothingFound("no place or zone \"\(wanted)\"" + (suggestions.isEmpty ? "" : "; did you mean \(suggestions.joined(separator: ", "))?"))
    }

    private func render(_ place: Place, time: ZoneTime, session: Session) {
        let relative = RelativeTime(time, from: session.reference)
        var rows: [[String]] = [
            ["나라", "\(place.country) (\(place.countryCode))"],
            ["시간대", place.zoneID],
        ]
        if !place.aliases.isEmpty { rows.append(["다른 이름", place.aliases.joined(separator: ", ")]) }
        rows.append(["지금", "\(KoreanTimeFormat.date(time.local)) \(KoreanTimeFormat.time(time.local, style: session.style)) (\(relative.koreanDay), \(relative.koreanHours))"])
        rows.append(["UTC 오프셋", "\(KoreanTimeFormat.utcOffset(time.utcOffset)) \(time.abbreviation)"])
        rows.append(["일광 절약 시간", time.isDaylightSavingTime ? "적용 중 (+\(time.daylightSavingOffset / 60)분)" : "아님"])
        if let next = time.nextTransition, let clock = ZoneClock(zoneID: place.zoneID, tzdata: session.tzdata) {
            let after = clock.time(at: next.instant)
            rows.append(["다음 전환", "\(KoreanTimeFormat.date(after.local)) \(KoreanTimeFormat.time(after.local, style: session.style)) → \(KoreanTimeFormat.utcOffset(next.utcOffsetAfter)) \(next.abbreviationAfter)"])
        } else {
            rows.append(["다음 전환", "없음"])
        }
        Output.line(Terminal.heading(place.name) + " (\(place.englishName))")
        for line in Terminal.columns(rows) { Output.line("  " + line) }
    }
}
