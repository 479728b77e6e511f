import MeetingPlanning
import WireCore
import WorldClockKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `worldclock plan [곳…]`: when my clocks' places (or the ones given) can meet, from the kit's
/// `MeetingPlanner`: a grid of their hours, the best slots in Korean, a weekly recurrence's DST
/// moves, the plan as JSON or the first slot as an `.ics` invitation.
struct PlanCommand: Command {
    static let spec = CommandSpec(
        name: "plan",
        abstract: "회의 시간 찾기: 곳마다 업무 시간(기본 9–18)에 드는 시각을 한 표로 보여 주고, 모두에게 가장 공평한 시각을 고릅니다.",
        english: "Finds a meeting time: one table of the hours inside each place's working hours (default 9–18), and the slots fairest to all.",
        discussion: """
            예:
              worldclock plan                      내 시계의 곳들로, 오늘
              worldclock plan 서울 뉴욕 런던=8-17  곳을 주고, 런던만 8–17시
              worldclock plan --date '12월 2일' --length 30m
              worldclock plan --weekly 8           매주 같은 시각: 현지 시각이 바뀌는 주
              worldclock plan --ics 회의.ics       가장 좋은 시각(또는 --at)을 달력 파일로

            순위: 업무 시간 밖으로 가장 많이 벗어나는 사람의 벗어난 시간이 적은 순, 같으면 모두가 벗어난 시간의 합, \
            밤인 곳의 수, 이른 시각 순입니다. 시각은 기준 시간대(--from)의 하루를 --step 간격으로 훑습니다.
            """,
        options: DisplayOptions.options + [
            .option(
                "date", value: "날",
                help: "이날의 회의 시간(기본값: 오늘, --at을 주면 그날). --at과 같은 꼴: 내일, 12월 2일, 2026-12-02, 다음 주 월요일. 12월 1일~12월 5일처럼 기간도 됩니다(31일까지).",
                english:
                    """
                    The day to plan (default: today, or --at's day), written as --at writes days: 내일, 12월 2일, 2026-12-02, 다음 주 월요일; or a range \
                    such as 12월 1일~12월 5일 (up to 31 days).
                    """
            ),
            .option(
                "hours", value: "9-18", help: "업무 시간(기본값 9-18, 8:30-17:30도 됩니다). 곳=시간(런던=8-17)이면 그곳만: 쉼표로 여럿, 곳 인자에 붙여도 됩니다.",
                english:
                    """
                    Working hours (default 9-18; 8:30-17:30 works too). place=hours (런던=8-17) sets one place's; several with commas, or \
                    attached to a place argument.
                    """
            ),
            .option(
                "days", value: "월-금",
                help: "일하는 요일(기본값: 그 나라의 평일, CLDR). 곳=요일(두바이=월-금)이면 그곳만: 쉼표로 여럿. 쉬는 날은 업무 시간 밖입니다.",
                english:
                    """
                    Working days (default: the country's weekdays, from CLDR). place=days (두바이=월-금) sets one place's; several with commas. A \
                    day off is out of hours.
                    """
            ),
            .option(
                "length", value: "1h", help: "회의 길이: 1h, 30m, 1h30m, 90분, 1시간 30분(기본값 1시간).",
                english: "Meeting length: 1h, 30m, 1h30m, 90분, 1시간 30분 (default 1 hour)."),
            .option(
                "step", value: "30", help: "살펴볼 시각의 간격(분): 15, 30, 60(기본값 30).",
                english: "Minutes between the slots looked at: 15, 30 or 60 (default 30)."),
            .option(
                "weekly", value: "N",
                help: "매주 같은 시각(기준 시간대)으로 N주 동안 열 때, 어느 주에 어느 곳의 현지 시각이 얼마나 바뀌는지 보여 줍니다(1–\(MeetingRequest.weekCounts.upperBound)).",
                english:
                    """
                    For a meeting held weekly at the same time (reference zone) for N weeks, shows in which week which place's local time \
                    shifts, and by how much (1–\(MeetingRequest.weekCounts.upperBound)).
                    """
            ),
            .option(
                "ics", value: "파일",
                help: "가장 좋은 시각(또는 --at이 가리키는 시각)을 RFC 5545 달력 파일로 씁니다. --weekly와 함께면 매주 되풀이하는 일정 하나(기준 시간대의 일광 절약 시간을 따름).",
                english:
                    """
                    Writes the best slot (or the one --at names) as an RFC 5545 calendar file; with --weekly, one event that repeats weekly \
                    (following the reference zone's daylight saving time).
                    """
            ),
        ],
        arguments: [
            ArgumentSpec(
                valueName: "곳", help: "회의할 곳들(기본값: 내 시계). \"new york\"처럼 따옴표로 묶으면 한 이름, 런던=8-17처럼 그곳의 업무 시간을 붙일 수 있습니다.",
                english:
                    "The places to meet (default: my clocks). Quoted words are one name (\"new york\"); 런던=8-17 attaches that place's working hours.",
                repeats: true,
                isOptional: true)
        ]
    )

    let options: DisplayOptions
    /// Places as typed, each with the working hours written after `=`.
    let places: [(text: String, hours: WorkingHours?)]
    let defaultHours: WorkingHours
    /// Hours given with `--hours 곳=…`, by the text before `=`.
    let placeHours: [(text: String, hours: WorkingHours)]
    /// `--days` without a place: every place's working days, instead of its country's.
    let defaultDays: WorkingDays?
    /// Days given with `--days 곳=…`, by the text before `=`.
    let placeDays: [(text: String, days: WorkingDays)]
    let date: String?
    let length: Int
    let step: Int
    let weeks: Int?
    let ics: String?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        options = try DisplayOptions(arguments)
        func oneLine(_ message: String) -> UsageError { UsageError(message: message, command: arguments.command, showsUsage: false) }
        var places: [(String, WorkingHours?)] = []
        for word in arguments.words(from: 0) {
            guard let split = word.lastIndex(of: "="), !word[..<split].isEmpty else {
                places.append((word, nil))
                continue
            }
            let hours = String(word[word.index(after: split)...])
            guard let parsed = MeetingOptionText.hours(hours) else { throw oneLine(MeetingOptionText.hoursMessage(hours, option: nil)) }
            places.append((String(word[..<split]), parsed))
        }
        self.places = places
        var defaultHours = WorkingHours.standard
        var placeHours: [(String, WorkingHours)] = []
        for (name, value) in arguments.values where name == "hours" {
            for part in value.split(separator: ",").map({ String($0.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }) {
                let split = part.lastIndex(of: "=")
                let text = split.map { String(part[part.index(after: $0)...]) } ?? part
                guard let hours = MeetingOptionText.hours(text) else { throw oneLine(MeetingOptionText.hoursMessage(text, option: "hours")) }
                if let split { placeHours.append((String(part[..<split]), hours)) } else { defaultHours = hours }
            }
        }
        self.defaultHours = defaultHours
        self.placeHours = placeHours
        var defaultDays: WorkingDays?
        var placeDays: [(String, WorkingDays)] = []
        for (name, value) in arguments.values where name == "days" {
            for part in value.split(separator: ",").map({ String($0.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }) {
                let split = part.lastIndex(of: "=")
                let text = split.map { String(part[part.index(after: $0)...]) } ?? part
                guard let days = MeetingOptionText.days(text) else { throw oneLine(MeetingOptionText.daysMessage(text)) }
                if let split { placeDays.append((String(part[..<split]), days)) } else { defaultDays = days }
            }
        }
        self.defaultDays = defaultDays
        self.placeDays = placeDays
        date = arguments.value("date")
        // The length's and step's ranges are MeetingRequest's rules, checked with the request.
        if let text = arguments.value("length") {
            guard let minutes = MeetingOptionText.minutes(text), minutes <= 100_000 else {
                throw oneLine(
                    "--length \"\(Terminal.printable(text, limit: 40))\": 회의 길이는 5분에서 24시간 사이로 씁니다. 예: --length 1h, --length 30m, --length '1시간 30분'")
            }
            length = minutes * 60
        } else {
            length = 3600
        }
        let step = try arguments.integer("step", default: 30)
        guard abs(step) <= 100_000 else { throw oneLine("--step \(step): 15, 30, 60(분) 가운데 하나입니다. 예: --step 15") }
        self.step = step * 60
        if arguments.value("weekly") != nil {
            let weeks = try arguments.integer("weekly", default: 0)
            do { try MeetingRequest.validateWeeks(weeks) } catch {
                var refusal = oneLine(Self.message(for: error))
                refusal.refusal = error.refusal
                throw refusal
            }
            self.weeks = weeks
        } else {
            weeks = nil
        }
        ics = arguments.value("ics")
    }

    var writesJSON: Bool { options.json }

    func run() throws {
        let session = try options.session()
        guard let reference = ZoneClock(zoneID: session.reference.zoneID, tzdata: session.tzdata) else {
            throw CLIError.data("기준 시간대 \(session.reference.zoneID)의 규칙이 없습니다")
        }
        // Today's slots that have begun are past: shown, never suggested (a day already gone is
        // planned as asked, for looking back).
        let now = Int64(Date().timeIntervalSince1970.rounded(.down))
        let places = try meetingPlaces(session)
        let dates = try dates(session, reference: reference, places: places)
        let today = reference.wallClock.local(at: now).daysSinceEpoch
        let request = MeetingRequest(
            places: places, reference: reference.wallClock, dates: dates, length: length, step: step,
            now: dates.contains { $0.daysSinceEpoch == today } ? now : nil)
        do { try request.validate() } catch { throw CLIError.refused(Self.message(for: error), error.refusal) }
        let plan = MeetingPlanner.plan(request)
        // The slot --ics and --weekly start from: the one --at names, else the best.
        let chosen = session.isNow ? plan.best.first : MeetingPlanner.slot(at: Int64(session.instant.timeIntervalSince1970.rounded(.down)), request)
        let weekly = weeks.flatMap { weeks in chosen.map { MeetingPlanner.weekly(request, start: $0.start, weeks: weeks) } } ?? []
        let dayOff = chosen.flatMap { Self.dayOffNote($0, reference: reference) }
        if let ics, let chosen {
            let summary = "회의: " + request.places.map(\.name).joined(separator: " · ")
            let stamp = Int64(Date().timeIntervalSince1970.rounded(.down))
            // A weekly meeting is one event that repeats on the reference's clock (RRULE, VTIMEZONE).
            let text =
                weeks == nil
                ? MeetingInvitation.calendar([chosen], summary: summary, stamp: stamp)
                : MeetingInvitation.weekly(weekly.map(\.slot), organizer: reference, summary: summary, stamp: stamp)
            if ics == "-" {
                // `--ics -`: the invitation on standard output, instead of the table.
                StandardStream.output.write(Data(text.utf8))
                if let dayOff, !session.json { Terminal.note("--ics: " + dayOff) }
                return
            }
            do { try Data(text.utf8).write(to: URL(fileURLWithPath: ics), options: .atomic) } catch {
                throw CLIError.io("--ics \"\(Terminal.printable(ics, limit: 80))\": 쓸 수 없습니다: \(FileProblem.writing(ics))")
            }
            if !session.json {
                Terminal.note(
                    "--ics: \(Terminal.printable(ics, limit: 80))에 일정 1개를 썼습니다" + (weeks.map { "(매주, \($0)주)" } ?? "")
                        + (dayOff.map { ". " + $0 } ?? ""))
            }
        }
        if session.json { return Output.wire(plan.wireJSON(weekly: weeks == nil ? nil : weekly)) }
        PlanText(request: request, plan: plan, weekly: weekly, chosen: chosen, session: session, dayOff: dayOff).lines().forEach { Output.line($0) }
    }

    /// "토요일은 서울, 뉴욕의 쉬는 날입니다": the participants whose day off the slot falls on, each
    /// by its own weekday ("월요일은 서울의 쉬는 날, 일요일은 뉴욕의 쉬는 날입니다"); nil when it is
    /// everyone's working day.
    static func dayOffNote(_ slot: MeetingSlot, reference: ZoneClock) -> String? {
        // Each place's own day: 서울's Monday morning is 뉴욕's Sunday evening.
        var groups: [(weekday: Int, places: [String])] = []
        for time in slot.times where !time.isWorkingDay {
            if let index = groups.firstIndex(where: { $0.weekday == time.local.weekday }) {
                groups[index].places.append(Terminal.printable(time.place))
            } else {
                groups.append((time.local.weekday, [Terminal.printable(time.place)]))
            }
        }
        guard !groups.isEmpty else { return nil }
        return groups.map { "\(KoreanTimeFormat.weekdays[$0.weekday - 1])요일은 \($0.places.joined(separator: ", "))의 쉬는 날" }
            .joined(separator: ", ") + "입니다"
    }

    /// The places given (or my clocks), each with its working hours.
    private func meetingPlaces(_ session: Session) throws -> [MeetingPlace] {
        var found: [(place: Place, typed: String?, hours: WorkingHours?)]
        if places.isEmpty {
            found = session.myClocks.clocks.map { (ClocksCommand.place(for: $0, in: session.catalogue), nil, nil) }
            guard !found.isEmpty else {
                throw CLIError.usage("회의할 곳이 없습니다. 곳을 주거나(worldclock plan 서울 뉴욕 런던) 내 시계에 더합니다(worldclock add 뉴욕)")
            }
        } else {
            found = try places.map { text, hours in
                let resolved = try PlaceArgument.resolve(text, what: "곳", search: session.search, quiet: session.json).places
                return (PlaceArgument.principal(of: resolved) ?? resolved[0], text, hours)
            }
        }
        // The reference zone takes part: its place leads, unless a place on its zone is given.
        if !found.contains(where: { $0.place.zoneID == session.reference.zoneID }) {
            let place =
                session.catalogue.places.first { $0.name == session.referenceName && $0.zoneID == session.reference.zoneID }
                ?? session.catalogue.places.first { $0.zoneID == session.reference.zoneID }
            let named = Place(
                name: session.referenceName, country: place?.country ?? "", countryCode: place?.countryCode ?? "", zoneID: session.reference.zoneID,
                englishName: place?.englishName ?? session.referenceName, aliases: [], population: 0)
            found.insert((named, nil, nil), at: 0)
        }
        for given in placeHours where !found.contains(where: { $0.typed == given.text || $0.place.name == given.text }) {
            throw CLIError.usage("--hours \(Terminal.printable(given.text, limit: 40))=…: 회의할 곳 가운데 그런 곳이 없습니다")
        }
        for given in placeDays where !found.contains(where: { $0.typed == given.text || $0.place.name == given.text }) {
            throw CLIError.usage("--days \(Terminal.printable(given.text, limit: 40))=…: 회의할 곳 가운데 그런 곳이 없습니다")
        }
        return try found.map { entry in
            // A clock whose zone this tzdata lacks is said, not left out of the meeting.
            guard let clock = ZoneClock(zoneID: entry.place.zoneID, tzdata: session.tzdata) else {
                throw CLIError.data("\(Terminal.printable(entry.place.name)): 이 tzdata에 없는 시간대 \(Terminal.printable(entry.place.zoneID))")
            }
            let named = placeHours.last { $0.text == entry.typed || $0.text == entry.place.name }?.hours
            let days =
                placeDays.last { $0.text == entry.typed || $0.text == entry.place.name }?.days ?? defaultDays
                ?? WorkingDays.forCountry(entry.place.countryCode)
            return MeetingPlace(name: entry.place.name, clock: clock, hours: entry.hours ?? named ?? defaultHours, days: days)
        }
    }

    /// `--date` (a day, or a range `A~B`) as the reference zone's dates; without it, the day of
    /// `--at`, or today, or when today is the reference's day off (a Saturday in 서울) its next
    /// working day, said on stderr with the `--date` that plans today.
    private func dates(_ session: Session, reference: ZoneClock, places: [MeetingPlace]) throws -> [TimeQuery.CivilDate] {
        let now = Int64(Date().timeIntervalSince1970.rounded(.down))
        func day(of instant: Int64) -> TimeQuery.CivilDate {
            let local = reference.time(at: Date(timeIntervalSince1970: TimeInterval(instant))).local
            return TimeQuery.CivilDate(year: local.year, month: local.month, day: local.day)
        }
        guard let date else {
            let given = day(of: Int64(session.instant.timeIntervalSince1970.rounded(.down)))
            guard session.isNow else { return [given] }
            let next = MeetingPlanner.plannedDay(today: given.daysSinceEpoch, places: places, reference: reference.zoneID)
            guard next != given.daysSinceEpoch, let home = places.first(where: { $0.clock.zoneID == reference.zoneID }) else { return [given] }
            let local = LocalDateTime(secondsSinceEpoch: Int64(next) * 86_400)
            if !session.json {
                let today = LocalDateTime(secondsSinceEpoch: Int64(given.daysSinceEpoch) * 86_400)
                Terminal.note(
                    "오늘(\(KoreanTimeFormat.date(today)))은 \(Terminal.printable(home.name))의 쉬는 날이라 다음 일하는 날인 "
                        + "\(KoreanTimeFormat.date(local))의 회의 시간을 찾습니다. 오늘로 하려면 --date "
                        + "\(today.year)-\(zeroPadded(today.month, width: 2))-\(zeroPadded(today.day, width: 2))"
                )
            }
            return [TimeQuery.CivilDate(year: local.year, month: local.month, day: local.day)]
        }
        let ends = date.split(separator: date.contains("~") ? "~" : "..", omittingEmptySubsequences: false).map(String.init)
        guard ends.count <= 2 else {
            throw CLIError.usage("--date \"\(Terminal.printable(date, limit: 40))\": 기간은 처음~끝 하나만 씁니다. 예: --date '12월 1일~12월 5일'")
        }
        let days = try ends.map { text -> TimeQuery.CivilDate in
            do throws(TimeQueryError) {
                let instant: Int64
                switch try TimeQuery.parse(text).resolve(now: now, in: reference) {
                case .unique(let t), .overlap(let t, _), .gap(_, let t): instant = t
                }
                return day(of: instant)
            } catch { throw CLIError.usage(DisplayOptions.message(option: "date", text: date, error)) }
        }
        let first = days[0].daysSinceEpoch, last = days[days.count - 1].daysSinceEpoch
        guard first <= last else {
            throw CLIError.usage("--date \"\(Terminal.printable(date, limit: 40))\": 기간은 앞의 날부터 씁니다. 예: --date '12월 1일~12월 5일'")
        }
        // Checked before the days are listed: MeetingRequest's rule for the number of days.
        do { try MeetingRequest.validateDays(first: first, count: last - first + 1) } catch {
            throw CLIError.refused("--date \"\(Terminal.printable(date, limit: 40))\": \(error.message). 예: --date '12월 1일~12월 5일'", error.refusal)
        }
        return (first...last).map { days in
            let local = LocalDateTime(secondsSinceEpoch: Int64(days) * 86_400)
            return TimeQuery.CivilDate(year: local.year, month: local.month, day: local.day)
        }
    }
}

extension PlanCommand {
    /// A request `MeetingRequest` refuses, as one line: the option it came from, the rule's own
    /// Korean message (the kit's and the web module's), and a form that works.
    static func message(for error: MeetingRequestError) -> String {
        switch error {
        case .length: "--length: \(error.message). 예: --length 1h, --length 30m"
        case .step: "--step: \(error.message). 예: --step 15"
        case .placeCount: "\(error.message). 곳을 주거나(worldclock plan 서울 뉴욕 런던) 내 시계를 줄입니다"
        case .dayCount, .daysNotConsecutive, .dayOutOfRange: "--date: \(error.message). 예: --date '12월 1일~12월 5일'"
        case .limit: error.message
        case .weekCount: "--weekly: \(error.message). 예: --weekly 8"
        }
    }
}
