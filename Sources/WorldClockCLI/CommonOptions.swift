import CatalogueBuilder
import HangulCollation
import HangulIndex
import MeetingPlanning
import TimeZoneRules
import WireCore
import WorldClockKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// Each command takes only the options it uses: `feed` is always JSON and has no reference zone;
// `sections` shows no times.

/// `--data`: the table to load (every command).
package struct TableOptions {
    package static let options: [OptionSpec] = [
        .option(
            "data", value: "파일",
            help: "번들 표 대신 이 시간대 표를 씁니다(번들 표와 같은 탭 구분 형식, 머리 줄: name, country, country_code, zone, english, aliases, population).",
            english:
                """
                Uses this zone table instead of the bundled one (tab-separated like the bundled one, with the header row name, country, \
                country_code, zone, english, aliases, population); needs the system ICU.
                """
        )
    ]

    let data: String?

    package init(_ arguments: ParsedArguments) { data = arguments.value("data") }

    /// The catalogue, bundled or from `--data`; a malformed table is a data error (exit 3), a file
    /// that cannot be read an I/O error (exit 4), as the exit-code table says.
    /// - Parameter tzdata: the rules in use (`--tzdata`), which a `--data` table's zones must have.
    package func catalogue(tzdata: TZDatabase = TZDataChoice.automatic.database) throws -> Catalogue {
        do {
            return try Catalogue.load(data.map { .file(path: $0) } ?? .bundled, tzdata: tzdata)
        } catch {
            if case .table(let table) = error.kind, case .unreadable = table.problem { throw CLIError.io(error.korean) }
            // ICU that this system lacks, or that a static executable cannot load, is the machine's
            // (exit 4), not the table's: say what to install.
            if case .icu = error.kind, let message = Self.icuUnavailable(ICUInfo.availability) { throw CLIError.io(message) }
            throw CLIError.data(error.korean)
        }
    }

    /// What `--data` says when ICU, which sorts a user's own table, cannot be loaded: nil when it is.
    package static func icuUnavailable(_ availability: ICUAvailability) -> String? {
        let package = ICUInfo.debianPackage
        switch availability {
        case .loaded: return nil
        case .missing(let reason):
            return Terminal.printable(
                """
                --data로 준 표를 정렬하려면 시스템 ICU가 필요한데 불러오지 못했습니다(\(reason)). \(package) 패키지를 설치하세요(Debian 12: apt install \(package)). 번들 표는 --data \
                없이 ICU 없이 씁니다
                """
            )
        case .staticExecutable:
            return
                """
                --data로 준 표를 정렬하려면 시스템 ICU가 필요한데, 이 worldclock은 정적으로 링크된 실행 파일이라 ICU를 불러올 수 없습니다. \(package) 패키지(Debian 12)를 설치하고 소스에서 빌드한 \
                worldclock(swift build -c release)으로 --data를 쓰세요. 번들 표는 --data 없이 그대로 씁니다
                """
        }
    }
}

/// `--at`: the instant to show (commands that show times).
package struct InstantOptions {
    package static let options: [OptionSpec] = [
        .option(
            "at", value: "2026-07-15T12:00:00Z", help: "지금 대신 이 시각의 시간을 보여 줍니다(ISO 8601, Z나 오프셋까지).",
            english: "Shows the times at this instant instead of now (ISO 8601, with Z or an offset).")
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
        return
            """
            --at: \(KoreanParticle.attach(.topic, to: shown)) ISO 8601 시각이 아닙니다(\(Terminal.printable(error.reason))). 예: 2026-07-15T12:00:00Z, \
            2026-07-15T21:00:00+09:00
            """
    }
}

/// How places and their times are shown (list, search, show, my clocks).
struct DisplayOptions {
    static let options: [OptionSpec] =
        [
            .flag("json", help: "텍스트 대신 JSON(피드의 스키마)으로 출력합니다.", english: "Writes JSON (the feed's schema) instead of text."),
            .option(
                "at", value: "시각", help: DisplayOptions.atHelp,
                english:
                    "Shows the times at this moment instead of now: a wall-clock time of the reference zone (--from) as Korean or English write it "
                    + "(9시, 오후 3시 반, 9am, 21:00), hours in native words and minutes in Sino-Korean words as said "
                    + "(세 시 십오 분, 열 시 사십오 분; 세 시 반 is 15:30), midnight as said (자정, 밤 12시: the end of the day), "
                    + "after a day if need be (내일, 낼, tomorrow, 다음 주 월요일, 12월 1일, 2026-12-01), with Z, +09:00 or a zone's abbreviation "
                    + "after it (09:00 EST: the clock search finds for it); a time from now (30분 뒤, 삼십 분 뒤, 이십 분 후, 반 시간 뒤, 2시간 후); "
                    + "or an RFC 3339 instant (2026-07-15T12:00:00Z), or now."
            ),
            .flag("24h", help: "24시간제로 씁니다(오후 1:30 대신 13:30).", english: "Uses the 24-hour clock (13:30, not 오후 1:30)."),
            .option(
                "from", value: "기준",
                help: "어제/오늘/내일과 시차, --at 시각의 기준이 되는 곳: 검색처럼 찾습니다(서울, 키예프, KST, JFK, "
                    + "Asia/Seoul). 기본값은 worldclock from으로 정한 곳, 없으면 이 컴퓨터의 시간대입니다.",
                english:
                    """
                    The place yesterday/today/tomorrow, differences and --at are reckoned from, found as search finds it (서울, 키예프, KST, JFK, \
                    Asia/Seoul). Default: the one set with worldclock from, else this computer's zone.
                    """
            ),
            .flag(
                "wide", help: "터미널 너비와 상관없이 모든 열을 자르지 않고 보여 줍니다(파이프로 보낼 때는 늘 그렇습니다).",
                english: "Shows every column uncut whatever the terminal's width (always so into a pipe)."),
        ] + TableOptions.options + TZDataOption.options

    let json: Bool
    let at: TimeQuery?
    /// `--at` as typed, for messages.
    let atText: String?
    let twentyFourHour: Bool
    let from: String?
    let wide: Bool
    let table: TableOptions
    let tzdata: TZDataOption

    init(_ arguments: ParsedArguments) throws(UsageError) {
        json = arguments.flag("json")
        atText = arguments.value("at")
        if let text = atText {
            do { at = try TimeQuery.parse(text) } catch {
                throw UsageError(message: Self.message(option: "at", text: text, error), command: arguments.command, showsUsage: false)
            }
        } else {
            at = nil
        }
        twentyFourHour = arguments.flag("24h")
        from = arguments.value("from")
        wide = arguments.flag("wide")
        table = TableOptions(arguments)
        tzdata = TZDataOption(arguments)
        if let from {
            do { _ = try SearchIndex<Place>.validatedQuery(from) } catch {
                throw arguments.error("--from: " + SearchCommand.message(for: error, subject: "기준"))
            }
        }
    }

    /// `--at`'s rule, said once for the help (README and docs/cli.md say the same).
    static let atHelp =
        "지금 대신 이 시각의 시간을 보여 줍니다. 기준 시간대(--from)의 벽시계 시각: 9시, 09시 30분, 오전 9시, 오후 3시 반, 15시, 정오, "
        + "자정·밤 12시(그날이 끝나는 자정), 세 시 반(오전·오후 없이 한–여섯 시는 오후), 열 시 사십오 분, 9시 10분 전(8:50), 9am, 9:30pm, "
        + "0900, 21:00. 새벽 0–6시, 아침 5–11시, 낮 11–5시, 저녁 5–11시, 밤 6–11시. 그 앞에 날: 오늘, 내일(낼, tomorrow), 모레, 어제, "
        + "월요일(다음에 오는), 다음 주 월요일, 12월 1일, 12/1, 12-01, 2026.12.01, 2026-12-01(날만 쓰면 그날 0시). "
        + "뒤에 Z, +09:00이나 시간대의 약어(09:00 KST, 09:00 EST는 검색이 EST로 찾는 뉴욕의 9시). 지금부터: 30분 뒤, 삼십 분 뒤, 반 시간 뒤, 2시간 후, 9시간 30분 전. "
        + "오프셋을 붙인 RFC 3339 시각(2026-07-15T12:00:00Z)과 now도 받습니다."

    /// One line for a time `--<option>` refuses: what is wrong and a form that works, without the
    /// usage block (`--at "9시 70분": 70분은 없습니다(0–59분). 예: --at '9시 30분'`).
    static func message(option: String, text: String, _ error: TimeQueryError) -> String {
        "--\(option) \"\(Terminal.printable(text, limit: 40))\": \(Terminal.printable(error.reason)). 예: --\(option) '\(error.example)'"
    }

    /// The width text output may use: nil with `--wide` or when not on a terminal.
    var width: Int? { wide ? nil : Terminal.width }

    /// Loads the catalogue, settles the reference zone (`--from`, the saved one, the machine's)
    /// and then the instant (`--at` read in the reference zone).
    /// - Parameter myClocks: how the command needs my clocks; by default it only marks them, and a
    ///   file that does not read is a warning.
    func session(myClocks need: ClocksFile.Need? = nil) throws -> Session {
        let rules = try tzdata.database()
        PhaseTrace.mark("tzdata chosen")
        let catalogue = try table.catalogue(tzdata: rules)
        let now = Date()
        // With --from the saved reference is not needed: a file problem is then only a warning.
        let myClocks = try ClocksFile.load(need ?? .optional(json: json), tzdata: rules)
        let reference = try ReferenceZone.settle(
            from: from, saved: myClocks.reference, catalogue: catalogue, tzdata: rules, now: now,
            quiet: json)
        let clock = reference.clock
        // `--at '09:00 EST'` with 서울 as the reference: the abbreviation names the clock, as `search EST` finds it.
        let (atClock, atName) = abbreviationClock(catalogue: catalogue, tzdata: rules, now: now, reference: clock) ?? (clock, reference.name)
        let moment = try Self.instant(at, text: atText, now: now, in: atClock, referenceName: atName, quiet: json)
        PhaseTrace.mark("reference zone \(reference.zoneID)")
        return Session(
            catalogue: catalogue, tzdata: rules, instant: moment, isNow: at == nil || at == .now, reference: clock.time(at: moment),
            referenceName: reference.name, style: twentyFourHour ? .twentyFourHour : .twelveHour, json: json, width: width,
            myClocks: myClocks)
    }

    /// The clock an abbreviation after `--at`'s time names when the reference does not use it
    /// then (`09:00 EST` with 서울 as the reference is 뉴욕's 09:00): the place the search reads the
    /// letters as, when that place's zone uses them at that time; nil otherwise (the reference's
    /// refusal then stands, naming the abbreviations it does use).
    private func abbreviationClock(catalogue: Catalogue, tzdata: TZDatabase, now: Date, reference: ZoneClock) -> (ZoneClock, String)? {
        guard let at else { return nil }
        let letters: String
        switch at {
        case .time(_, .abbreviation(let written)?), .dayTime(_, _, .abbreviation(let written)?): letters = written
        default: return nil
        }
        let seconds = Int64(now.timeIntervalSince1970.rounded(.down))
        guard (try? at.resolve(now: seconds, in: reference)) == nil,
            case .found(let places, _)? = try? PlaceResolver(search: PlaceSearch(catalogue: catalogue, tzdata: tzdata, at: now)).resolve(letters),
            let place = places.first, let clock = ZoneClock(zoneID: place.zoneID, tzdata: tzdata), (try? at.resolve(now: seconds, in: clock)) != nil
        else { return nil }
        if !json {
            Terminal.note("--at: \(KoreanParticle.attach(.object, to: letters)) \(Terminal.printable(place.name))(\(place.zoneID))의 시각으로 읽었습니다")
        }
        return (clock, place.name)
    }

    /// `--at` as an instant: a wall-clock time read in the reference zone, an error naming the
    /// nearest valid times for one a DST gap skips, the earlier of the two for one an overlap
    /// repeats (said on stderr).
    static func instant(_ query: TimeQuery?, text: String? = nil, now: Date, in clock: ZoneClock, referenceName: String, quiet: Bool) throws -> Date {
        guard let query else { return now }
        let seconds = Int64(now.timeIntervalSince1970.rounded(.down))
        func wall(_ instant: Int64) -> String {
            let time = clock.time(at: Date(timeIntervalSince1970: TimeInterval(instant)))
            return "\(KoreanTimeFormat.date(time.local)) \(KoreanTimeFormat.time(time.local, style: .twentyFourHour)) \(time.abbreviation)"
        }
        let reading: WallClockReading
        do { reading = try query.resolve(now: seconds, in: clock) } catch {
            throw CLIError.usage(message(option: "at", text: text ?? error.text, error))
        }
        switch reading {
        case .unique(let instant):
            return Date(timeIntervalSince1970: TimeInterval(instant))
        case .overlap(let first, let second):
            if !quiet {
                let later = clock.time(at: Date(timeIntervalSince1970: TimeInterval(second)))
                Terminal.note(
                    "--at: 그 시각은 \(referenceName)에 두 번 있습니다(시계를 되돌림). 먼저 오는 \(wall(first))로 읽었습니다. "
                        + "나중 것(\(later.abbreviation))은 --at \(ISO8601.local(later.local, offset: later.utcOffset))")
            }
            return Date(timeIntervalSince1970: TimeInterval(first))
        case .gap(let before, let after):
            let later = LocalDateTime(secondsSinceEpoch: after + Int64(clock.time(at: Date(timeIntervalSince1970: TimeInterval(after))).utcOffset))
            let example = TimeQuery.dayTime(
                .date(.init(year: later.year, month: later.month, day: later.day)), .init(hour: later.hour, minute: later.minute), zone: nil)
            throw CLIError.usage(
                "--at: 그 시각은 \(referenceName)에 없습니다(일광 절약 시간으로 시계가 건너뜀). 가장 가까운 시각: \(wall(before)), \(wall(after)). "
                    + "예: --at '\(example)'"
            )
        }
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
    /// How the reference is named on screen: a place (서울) or a zone id.
    let referenceName: String
    let style: ClockStyle
    let json: Bool
    /// Display columns text output may use; nil: no limit.
    let width: Int?
    /// The saved clocks, for marking places already among them.
    let myClocks: MyClocks

    /// Clocks for just the places a command shows.
    func clocks(for places: [Place]) -> ZoneClocks { ZoneClocks(zoneIDs: places.map(\.zoneID), tzdata: tzdata) }

    /// The time of `place`; every place's zone was validated when the catalogue loaded.
    func time(of place: Place, clocks: ZoneClocks) -> ZoneTime? { clocks.time(of: place, at: instant) }

    /// The change coming to `place`'s clocks, or to the reference's, within four weeks of the
    /// instant (from `--at` when given, so that a user can look ahead).
    func upcomingChange(of place: Place) -> UpcomingChange? {
        guard let clock = ZoneClock(zoneID: place.zoneID, tzdata: tzdata) else { return nil }
        let referenceClock = ZoneClock(zoneID: reference.zoneID, tzdata: tzdata)
        return clock.upcomingChange(named: place.name, after: instant, referenceName: referenceName, reference: referenceClock)
    }

    /// The search and resolver at this session's instant and tzdata.
    var search: PlaceSearch { PlaceSearch(catalogue: catalogue, tzdata: tzdata, at: instant) }

    /// "기준: 서울 (UTC+9)".
    var referenceHeader: String { "기준: \(Terminal.printable(referenceName)) (\(KoreanTimeFormat.utcOffset(reference.utcOffset)))" }

    /// "서울 오전 9:00 (2026년 7월 15일 (수), UTC+9) = 2026년 7월 15일 (수) 오전 12:00 UTC": the
    /// instant `--at` gave, as the reference's clock reads it first, so `show 서울 --at 15:00 --from
    /// 뉴욕` says back "뉴욕 오후 3:00".
    var instantLine: String? {
        guard !isNow else { return nil }
        let utc = LocalDateTime(secondsSinceEpoch: Int64(instant.timeIntervalSince1970.rounded(.down)))
        return
            "\(Terminal.printable(referenceName)) \(KoreanTimeFormat.time(reference.local, style: style)) "
            + "(\(KoreanTimeFormat.date(reference.local)), \(KoreanTimeFormat.utcOffset(reference.utcOffset))) = "
            + "\(KoreanTimeFormat.date(utc)) \(KoreanTimeFormat.time(utc, style: style)) UTC"
    }
}
