import HangulIndex
import MeetingPlanning
import SearchEngine
import WireCore
import WorldClockKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `worldclock show <name or zone>`: one place in detail.
struct ShowCommand: Command {
    static let spec = CommandSpec(
        name: "show",
        abstract: "곳을 자세히: 이름, 시간대, UTC 오프셋, 일광 절약 시간, 다음 전환, 현지 시각. 명령 없이 곳만 쳐도 됩니다(worldclock 뉴욕).",
        english:
            """
            One place in detail: name, zone, UTC offset, daylight saving time, next transition, local time. A place alone works too (worldclock \
            뉴욕).
            """,
        discussion: """
            곳은 검색처럼 찾습니다: 한국어 이름(뉴욕), 옛 표기(키예프), 비슷한 철자(보스톤), 영문 자판으로 친 한글(sbdyr), \
            공항 코드(JFK), 약어(KST), 나라와 지역, 시간대 id(America/New_York, Asia/Calcutta). 답이 하나면 그곳을 보여 주고 \
            어떻게 읽었는지 표준 오류에 알립니다. 시간대 id를 주면 그 시간대의 모든 곳을 보여 줍니다. 여러 시간대에 걸친 \
            답(미국)이면 후보를 보여 주고, 맞는 곳이 없으면 비슷한 이름을 알려 주고 종료 코드 1로 끝납니다. 여러 곳을 \
            한 번에 줄 수 있습니다(show 뉴욕 런던). --at에 기준 시간대의 시각을 주면 그 시각을 기준의 시계로 먼저 보여 줍니다(뉴욕 오후 3:00).
            """,
        options: DisplayOptions.options,
        arguments: [
            ArgumentSpec(
                valueName: "곳", help: "곳 이름이나 시간대 id. 여러 낱말이 한 이름이면 한 곳(show new york), 아니면 낱말마다 한 곳(show 뉴욕 런던).",
                english:
                    "A place name or zone id. Several words that make one name are one place (show new york), else each word is one (show 뉴욕 런던).",
                repeats: true)
        ]
    )

    let options: DisplayOptions
    let words: [String]

    /// What the argument is called in messages.
    static let subject = "곳 이름이나 시간대"

    init(_ arguments: ParsedArguments) throws(UsageError) {
        options = try DisplayOptions(arguments)
        words = arguments.words(from: 0)
        // The same bound as a search query: the lookups and suggestions below stay cheap for any input.
        for word in words + [words.joined(separator: " ")] {
            do { _ = try SearchIndex<Place>.validatedQuery(word) } catch {
                throw arguments.error(SearchCommand.message(for: error, subject: Self.subject))
            }
        }
    }

    var writesJSON: Bool { options.json }

    func run() throws {
        let session = try options.session()
        var places: [Place] = []
        for text in PlaceArgument.texts(words, search: session.search) {
            let found: [Place]
            do { found = try PlaceArgument.resolve(text, what: "", search: session.search, quiet: session.json).places } catch CLIError.nothingFound(
                let message)
            {
                throw CLIError.nothingFound(message + Self.commandHint(text))
            }
            places += found.filter { !places.contains($0) }
        }
        let clocks = session.clocks(for: places)
        if session.json {
            Output.json(
                places.map {
                    FeedPlace(
                        $0, time: session.time(of: $0, clocks: clocks), reference: session.reference, upcomingChange: session.upcomingChange(of: $0))
                })
        } else {
            // A wall-clock --at said back as the reference reads it: "뉴욕 오후 3:00 (…) = … UTC".
            if Self.readsInReference(options.at), let line = session.instantLine {
                Terminal.wrap(line, width: session.width, hangingIndent: 2).forEach { Output.line($0) }
                Output.line()
            }
            PlaceDetailText(places: places, clocks: clocks, session: session).lines().forEach { Output.line($0) }
        }
    }

    /// Whether `--at` was a time on the reference's clock (not an instant with Z or an offset,
    /// which the UTC row already says back as given, nor a time counted from now).
    static func readsInReference(_ at: TimeQuery?) -> Bool {
        switch at {
        case nil, .now?, .instant?, .fromNow?, .time(_, zone: .offset?)?, .dayTime(_, _, zone: .offset?)?: false
        default: true
        }
    }

    /// ". 명령이라면: worldclock list" for a word one or two edits from a command's name (a bare
    /// word is read as a place first: `worldclock lsit`).
    static func commandHint(_ text: String) -> String {
        guard text.count >= 3, text.allSatisfy(\.isASCII) else { return "" }
        let names = WorldClockCommand.commands().map { $0.spec.name }
        let nearest = names.map { (name: $0, distance: ArgumentReader.editDistance(text.lowercased(), $0)) }.min { $0.distance < $1.distance }
        guard let nearest, nearest.distance <= 2 else { return "" }
        return ". 명령이라면: worldclock \(nearest.name)"
    }

    /// What the longest start of `query` that finds anything finds (뉴요크 → 뉴요 → 뉴욕), at most
    /// three names. A start that finds something has shorter starts that do too, so the longest is
    /// found by bisection: O(log n) searches, each linear in the catalogue.
    static func suggestions(for query: String, in search: PlaceSearch) -> [String] {
        let characters = Array(query)
        // The one search (PlaceSearch): its rules, labels and ranking, as `search` and the API answer.
        func found(_ length: Int) -> [String] {
            ((try? search.search(String(characters[..<length]), limit: 3))?.result.matches ?? []).map(\.item.name)
        }
        var best: [String] = [], low = 0, high = characters.count  // found(low) non-empty or low == 0
        while low < high {
            let middle = (low + high + 1) / 2
            let names = found(middle)
            if names.isEmpty {
                high = middle - 1
            } else {
                low = middle
                best = names
            }
        }
        return best
    }
}

/// `show` as text: for each place its name, then a table of its country, zone, other names,
/// local time, offset, daylight saving time and next transition; a blank line between places.
struct PlaceDetailText {
    let places: [Place]
    let clocks: ZoneClocks
    let session: Session

    func lines() -> [String] {
        var lines: [String] = []
        for place in places {
            if !lines.isEmpty { lines.append("") }
            // A place whose zone has no rules is still shown, saying so, rather than left out.
            lines += session.time(of: place, clocks: clocks).map { self.lines(place, time: $0) } ?? withoutRules(place)
        }
        return lines
    }

    /// A place whose zone the tzdata in use has no rules for: its name and zone, and that its time is unknown.
    func withoutRules(_ place: Place) -> [String] {
        let rows = [
            ["나라", "\(Terminal.printable(place.country)) (\(Terminal.printable(place.countryCode)))"],
            ["시간대", Terminal.printable(place.zoneID)],
            ["현지 시각", "알 수 없음(쓰는 tzdata에 이 시간대의 규칙이 없습니다)"],
        ]
        return [Terminal.heading(Terminal.printable(place.name)) + " (\(Terminal.printable(place.englishName)))"]
            + TextTable(columns: [.init(), .init(minimumWidth: 10)], rows: rows).lines(fitting: session.width, indent: "  ")
    }

    private func lines(_ place: Place, time: ZoneTime) -> [String] {
        let relative = RelativeTime(time, from: session.reference)
        let style = session.style
        func wallTime(_ local: LocalDateTime) -> String { "\(KoreanTimeFormat.date(local)) \(KoreanTimeFormat.time(local, style: style))" }
        var rows: [[String]] = [
            ["나라", "\(Terminal.printable(place.country)) (\(Terminal.printable(place.countryCode)))"],
            ["시간대", Terminal.printable(place.zoneID)],
        ]
        if !place.aliases.isEmpty { rows.append(["다른 이름", place.aliases.map { Terminal.printable($0) }.joined(separator: " · ")]) }
        let day = Terminal.colour(ofDay: relative.dayDifference).map { Terminal.coloured(relative.koreanDay, $0) } ?? relative.koreanDay
        let local = "\(wallTime(time.local)) (\(day), \(relative.koreanHours))"
        if session.isNow {
            rows.append(["지금", local])
        } else {
            let utc = LocalDateTime(secondsSinceEpoch: Int64(session.instant.timeIntervalSince1970.rounded(.down)))
            rows.append(["UTC 시각", wallTime(utc) + " UTC"])
            rows.append(["현지 시각", local])
        }
        rows.append(["UTC 오프셋", "\(KoreanTimeFormat.utcOffset(time.utcOffset)) \(Terminal.printable(time.abbreviation))"])
        let saving = time.daylightSavingOffset
        rows.append([
            "일광 절약 시간",
            time.isDaylightSavingTime
                ? Terminal.coloured("적용 중", .daylightSaving) + " (\(saving < 0 ? "\u{2212}" : "+")\(KoreanTimeFormat.duration(saving)))" : "아님",
        ])
        rows.append(["다음 전환", time.nextTransition.map { Self.describe($0, from: time, in: place, style: style) } ?? "없음"])
        if let change = session.upcomingChange(of: place) { rows.append(["곧 바뀜", Terminal.printable(change.text)]) }
        if session.myClocks.contains(name: place.name) { rows.append(["내 시계", "\(PlaceRows.myClockMark) 있음"]) }
        return [Terminal.heading(Terminal.printable(place.name)) + " (\(Terminal.printable(place.englishName)))"]
            + Self.detailLines(rows, width: session.width, indent: 2)
    }

    /// Label and value rows, the values wrapped at the width between words with a hanging indent
    /// under the value column: a long value goes on to the next line, never cut with `…` (which
    /// could fall inside a number, "(UTC+10:3…").
    static func detailLines(_ rows: [[String]], width: Int?, indent: Int) -> [String] {
        let labelWidth = rows.map { Terminal.displayWidth($0[0]) }.max() ?? 0
        let valueColumn = indent + labelWidth + 2
        return rows.flatMap { row -> [String] in
            let head = String(repeating: " ", count: indent) + Terminal.pad(row[0], to: labelWidth) + "  "
            let room = width.map { max(20, $0 - valueColumn) }
            let wrapped = Terminal.wrap(row[1], width: room, hangingIndent: 0)
            return wrapped.enumerated().map { number, line in
                (number == 0 ? head : String(repeating: " ", count: valueColumn)) + line
            }
        }
    }

    /// The wall clock of `place`'s zone just before and from the transition, and the offset after:
    /// "2026년 3월 8일 (일) 오전 2:00 EST → 오전 3:00 EDT (UTC−4), 뉴욕 현지 시각"; the date again
    /// after the arrow when the clock goes back over midnight.
    static func describe(_ next: ZoneTimeline.Period, from time: ZoneTime, in place: Place, style: ClockStyle) -> String {
        let at = next.start
        let before = LocalDateTime(secondsSinceEpoch: at + Int64(time.utcOffset))
        let after = LocalDateTime(secondsSinceEpoch: at + Int64(next.utcOffset))
        let sameDay = before.daysSinceEpoch == after.daysSinceEpoch
        return "\(KoreanTimeFormat.date(before)) \(KoreanTimeFormat.time(before, style: style)) \(Terminal.printable(time.abbreviation)) → "
            + (sameDay ? "" : "\(KoreanTimeFormat.date(after)) ")
            + "\(KoreanTimeFormat.time(after, style: style)) \(Terminal.printable(next.abbreviation)) "
            + "(\(KoreanTimeFormat.utcOffset(next.utcOffset))), \(Terminal.printable(place.name)) 현지 시각"
    }
}
