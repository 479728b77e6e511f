import ArgumentParser
import Foundation
import TimeZoneRules
import WorldClock

/// The options every command takes.
struct CommonOptions: ParsableArguments {
    @Flag(help: "Print JSON (the feed's schema) instead of text.")
    var json = false

    @Option(help: ArgumentHelp("Show times at this instant instead of now (ISO 8601).", valueName: "2026-07-15T12:00:00Z"))
    var at: String?

    @Flag(name: .customLong("24h"), help: "Use the 24-hour clock (13:30 instead of 오후 1:30).")
    var twentyFourHour = false

    @Option(help: ArgumentHelp("Reference zone for 어제/오늘/내일 and hour differences: a zone id or a place name. Default: this machine's zone.", valueName: "zone"))
    var from: String?

    @Option(help: ArgumentHelp("Use this zone table instead of the bundled one (same format as Data/zones.tsv).", valueName: "file"))
    var data: String?

    @OptionGroup var tzdata: TZDataOption

    func validate() throws {
        if let at {
            do { _ = try ISO8601.parseInstant(at) } catch { throw ValidationError("--at: \(error)") }
        }
    }

    /// Loads the catalogue and settles the instant and the reference zone.
    func session() throws -> Session {
        let catalogue: Catalogue
        do {
            catalogue = try Catalogue.load(data.map { .file(path: $0) } ?? .bundled)
        } catch {
            throw CLIError.data(error.description)
        }
        let instant = try at.map { text -> Date in
            do { return try ISO8601.parseInstant(text) } catch { throw CLIError.usage("--at: \(error)") }
        } ?? Date()
        let rules = try tzdata.database()
        let referenceZone = try referenceZoneID(in: catalogue)
        guard let reference = ZoneClock(zoneID: referenceZone, tzdata: rules)?.time(at: instant) else {
            throw CLIError.usage("--from: unknown zone \"\(referenceZone)\"")
        }
        return Session(catalogue: catalogue, tzdata: rules, instant: instant, reference: reference,
                       style: twentyFourHour ? .twentyFourHour : .twelveHour, json: json)
    }

    /// `--from` as a zone id (any case, old ids too) or a place name; else the machine's zone.
    private func referenceZoneID(in catalogue: Catalogue) throws -> String {
        guard let from else { return TimeZone.current.identifier }
        if let place = catalogue.place(named: from) { return place.zoneID }
        if TimeZone(identifier: from) != nil { return catalogue.zoneID(for: from) ?? from }
        if let zone = catalogue.zoneID(ignoringCase: from) { return zone }
        throw CLIError.usage("--from: \"\(from)\" is neither a zone id (Asia/Seoul) nor a place name (서울)")
    }
}

/// What a command works with: the catalogue, the instant, the reference zone's time, the style.
struct Session {
    let catalogue: Catalogue
    /// The time-zone rules every time shown comes from.
    let tzdata: TZDatabase
    let instant: Date
    let reference: ZoneTime
    let style: ClockStyle
    let json: Bool

    /// Clocks for just the places a command shows.
    func clocks(for places: [Place]) -> ZoneClocks { ZoneClocks(zoneIDs: places.map(\.zoneID), tzdata: tzdata) }

    /// The time of `place`; every place's zone was validated when the catalogue loaded.
    func time(of place: Place, clocks: ZoneClocks) -> ZoneTime? { clocks.time(of: place, at: instant) }
}
