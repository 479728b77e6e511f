import Foundation
import TimeZoneRules
import CatalogueBuilder
import WorldClockKit

// Each command takes only the options it uses: `feed` is always JSON and has no reference zone;
// `sections` shows no times.

/// `--data`: the table to load (every command).
package struct TableOptions {
    package static let options: [OptionSpec] = [.option("data", value: "파일", help: "번들 표 대신 이 시간대 표를 씁니다(Data/zones.tsv와 같은 형식).")]

    let data: String?

    package init(_ arguments: ParsedArguments) { data = arguments.value("data") }

    /// The catalogue, bundled or from `--data`; a malformed table is a data error (exit 3), a file
    /// that cannot be read an I/O error (exit 4), as the exit-code table says.
    package func catalogue() throws -> Catalogue {
        do {
            return try Catalogue.load(data.map { .file(path: $0) } ?? .bundled)
        } catch {
            if case .table(let table) = error, case .unreadable = table.problem { throw CLIError.io(error.korean) }
            throw CLIError.data(error.korean)
        }
    }
}

/// `--at`: the instant to show (commands that show times).
package struct InstantOptions {
    package static let options: [OptionSpec] = [
        .option("at", value: "2026-07-15T12:00:00Z", help: "지금 대신 이 시각의 시간을 보여 줍니다(ISO 8601, Z나 오프셋까지)."),
    ]

    /// The instant `--at` gave; nil: now.
    let at: Date?

    package init(_ arguments: ParsedArguments) throws(UsageError) {
        guard let text = arguments.value("at") else {
            at = nil
            return
        }
        do { at = try ISO8601.parseInstant(text) } catch { throw arguments.error(Self.message(for: error)) }
    }

    /// `--at`, or now.
    package func instant() -> Date { at ?? Date() }

    /// The library's reason in Korean, the text cut and made printable.
    static func message(for error: InstantError) -> String {
        let shown = "\"\(Terminal.printable(error.text, limit: 40))\""
        // The parser's reason ("February 2026 has 28 days, not 30") says what to fix; it is the
        // library's English, as the server's `invalid_at` message is.
        return "--at: \(KoreanParticle.attach(.topic, to: shown)) ISO 8601 시각이 아닙니다(\(Terminal.printable(error.reason))). 예: 2026-07-15T12:00:00Z, 2026-07-15T21:00:00+09:00"
    }
}

/// How places and their times are shown (list, search, show).
struct DisplayOptions {
    static let options: [OptionSpec] = [.flag("json", help: "텍스트 대신 JSON(피드의 스키마)으로 출력합니다.")]
        + InstantOptions.options
        + [
            .flag("24h", help: "24시간제로 씁니다(오후 1:30 대신 13:30)."),
            .option("from", value: "기준", help: "어제/오늘/내일과 시차의 기준: 시간대 id(Asia/Seoul)나 곳 이름(서울). 기본값은 이 컴퓨터의 시간대입니다."),
            .flag("wide", help: "터미널 너비와 상관없이 모든 열을 자르지 않고 보여 줍니다(파이프로 보낼 때는 늘 그렇습니다)."),
        ]
        + TableOptions.options + TZDataOption.options

    let json: Bool
    let instant: InstantOptions
    let twentyFourHour: Bool
    let from: String?
    let wide: Bool
    let table: TableOptions
    let tzdata: TZDataOption

    init(_ arguments: ParsedArguments) throws(UsageError) {
        json = arguments.flag("json")
        instant = try InstantOptions(arguments)
        twentyFourHour = arguments.flag("24h")
        from = arguments.value("from")
        wide = arguments.flag("wide")
        table = TableOptions(arguments)
        tzdata = TZDataOption(arguments)
    }

    /// The width text output may use: nil with `--wide` or when not on a terminal.
    var width: Int? { wide ? nil : Terminal.width }

    /// Loads the catalogue and settles the instant and the reference zone.
    func session() throws -> Session {
        let catalogue = try table.catalogue()
        let moment = instant.instant()
        let rules = try tzdata.database()
        PhaseTrace.mark("tzdata chosen")
        let referenceZone = try referenceZoneID(in: catalogue, tzdata: rules)
        guard let reference = ZoneClock(zoneID: referenceZone, tzdata: rules)?.time(at: moment) else {
            throw CLIError.usage("--from: 알 수 없는 시간대 \"\(referenceZone)\"")
        }
        PhaseTrace.mark("reference zone \(referenceZone)")
        return Session(catalogue: catalogue, tzdata: rules, instant: moment, isNow: instant.at == nil, reference: reference,
                       style: twentyFourHour ? .twentyFourHour : .twelveHour, json: json, width: width)
    }

    /// `--from` as a zone id (any case, old ids too) or a place name; else the machine's zone.
    private func referenceZoneID(in catalogue: Catalogue, tzdata: TZDatabase) throws -> String {
        guard let from else {
            if let local = LocalZone.candidates().first(where: { tzdata.rules(for: $0) != nil }) { return local }
            // Relative days and hours against UTC are not what the user expects: say so.
            FileHandle.standardError.write(Data("worldclock: 경고: 이 컴퓨터의 시간대를 알 수 없어(TZ, /etc/localtime, /etc/timezone) UTC를 기준으로 합니다. --from으로 기준을 정하세요.\n".utf8))
            return "Etc/UTC"
        }
        if let place = catalogue.place(named: from) { return place.zoneID }
        if TimeZone(identifier: from) != nil { return catalogue.zoneID(for: from) ?? from }
        if let zone = catalogue.zoneID(ignoringCase: from) { return zone }
        let shown = "\"\(Terminal.printable(from, limit: 40))\""
        throw CLIError.usage("--from: \(KoreanParticle.attach(.topic, to: shown)) 시간대 id(Asia/Seoul)도 곳 이름(서울)도 아닙니다")
    }
}

/// What a command works with: the catalogue, the instant, the reference zone's time, the style.
struct Session {
    let catalogue: Catalogue
    /// The time-zone rules every time shown comes from.
    let tzdata: TZDatabase
    let instant: Date
    /// No `--at`: the instant is now.
    let isNow: Bool
    let reference: ZoneTime
    let style: ClockStyle
    let json: Bool
    /// Display columns text output may use; nil: no limit.
    let width: Int?

    /// Clocks for just the places a command shows.
    func clocks(for places: [Place]) -> ZoneClocks { ZoneClocks(zoneIDs: places.map(\.zoneID), tzdata: tzdata) }

    /// The time of `place`; every place's zone was validated when the catalogue loaded.
    func time(of place: Place, clocks: ZoneClocks) -> ZoneTime? { clocks.time(of: place, at: instant) }
}
