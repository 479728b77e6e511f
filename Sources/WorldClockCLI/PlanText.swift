import MeetingPlanning
import WireCore
import WorldClockKit

/// `plan` as text: for each date a grid (one row per place, the reference day's hours across, each
/// cell the local hour, working/waking/night by colour or, with NO_COLOR or a pipe, by a mark
/// after it), then the best slots in Korean and a weekly meeting's DST moves.
struct PlanText {
    let request: MeetingRequest
    let plan: MeetingPlan
    let weekly: [MeetingOccurrence]
    /// The slot `--at` named, or the best.
    let chosen: MeetingSlot?
    let session: Session
    var colour = Terminal.usesColour
    /// Whose day off the chosen slot falls on (`PlanCommand.dayOffNote`), said with a weekly meeting.
    var dayOff: String? = nil

    /// The mark after an hour without colour: `#` working, `+` waking, `.` night.
    static func mark(_ band: DayBand) -> String {
        switch band {
        case .working: "#"
        case .waking: "+"
        case .night: "."
        }
    }

    /// Black on green, black on yellow, white on blue.
    private static func code(_ band: DayBand) -> String {
        switch band {
        case .working: "30;42"
        case .waking: "30;43"
        case .night: "37;44"
        }
    }

    func lines() -> [String] {
        var lines: [String] = []
        for day in request.days { lines += grid(day) + [""] }
        lines += best()
        lines += workingDays()
        if !weekly.isEmpty { lines += [""] + weeklyLines() }
        return lines
    }

    // MARK: - The grid

    /// One date's grid: a title, a row per place, a `^` under the chosen slot's hour, a legend.
    func grid(_ day: Int) -> [String] {
        let start = MeetingPlanner.dayStart(day, in: request.reference)
        let end = MeetingPlanner.dayStart(day + 1, in: request.reference)
        let hours = stride(from: start, to: end, by: 3600).map { MeetingPlanner.slot(at: $0, request) }
        let labels = request.places.map { place -> String in
            let minute = place.clock.local(at: start).minute
            return Terminal.printable(place.name) + (minute == 0 ? "" : " :\(minute)")
        }
        let local = LocalDateTime(secondsSinceEpoch: Int64(day) * 86_400)
        // Room for a weekday after the names, " (화)", when some place's day is not the reference's.
        let width = session.width
        let otherDay = hours.contains { $0.times.contains { $0.local.weekday != local.weekday } }
        let names = labels.map(Terminal.displayWidth).max() ?? 0
        // Without room for it (the whole day would no longer fit), the weekday stands in the row's first cell.
        let suffix = otherDay && width.map { $0 >= names + 5 + 1 + hours.count * 3 } ?? otherDay
        let labelWidth = names + (suffix ? 5 : 0)
        let cell = width.map { $0 >= labelWidth + 1 + hours.count * 4 ? 4 : 3 } ?? 3
        let shown = max(1, min(hours.count, width.map { ($0 - labelWidth - 1) / cell } ?? hours.count))
        let chosenIndex = chosen.flatMap { slot in hours.lastIndex { $0.start <= slot.start && slot.start < $0.start + 3600 } }
        // A narrow terminal shows the hours around the chosen slot.
        let first = min(max(0, (chosenIndex ?? 0) - shown / 2), hours.count - shown)
        let window = hours[first..<first + shown]
        // Slots of today that have begun: shown, never suggested.
        let past = plan.slots.filter { $0.isPast && $0.start >= start && $0.start < end }
        let pastNote = past.last.map { " · \(KoreanTimeFormat.time(request.reference.local(at: $0.start), style: session.style))까지 지난 시각" } ?? ""
        var lines = Terminal.wrap(
            KoreanTimeFormat.date(local) + " · 기준 \(Terminal.printable(session.referenceName)) · \(KoreanTimeFormat.duration(request.length)) 회의"
                + (shown < hours.count ? " · \(hours.count)시간 가운데 \(shown)시간" : "") + pastNote, width: width, hangingIndent: 2)
        // A row whose local day is not the reference's says its weekday: after the name for its
        // first hour (or in its first cell when the name has no room), and in place of 00 where
        // its day changes.
        let labelsWithDay = labels.enumerated().map { row, label -> String in
            guard suffix, let first = window.first?.times[row].local, first.weekday != local.weekday else { return label }
            return label + " (\(KoreanTimeFormat.weekdays[first.weekday - 1]))"
        }
        let rowWidth = max(names, labelsWithDay.map(Terminal.displayWidth).max() ?? 0)
        for (row, label) in labelsWithDay.enumerated() {
            let cells = window.enumerated().map { column, hour -> String in
                let time = hour.times[row]
                let changesDay =
                    column == 0
                    ? !suffix : window[window.index(window.startIndex, offsetBy: column - 1)].times[row].local.weekday != time.local.weekday
                let hourText =
                    changesDay && time.local.weekday != local.weekday
                    ? KoreanTimeFormat.weekdays[time.local.weekday - 1] : zeroPadded(time.local.hour, width: 2)
                let text = String(repeating: " ", count: cell - 3) + hourText
                return colour ? "\u{1B}[\(Self.code(time.band))m\(text) \u{1B}[0m" : text + Self.mark(time.band)
            }
            lines.append(Terminal.pad(label, to: rowWidth) + " " + cells.joined())
        }
        if let chosenIndex, window.indices.contains(chosenIndex) {
            lines.append(String(repeating: " ", count: rowWidth + 1 + (chosenIndex - first) * cell + cell - 3) + "^")
        }
        let legend: [(DayBand, String)] = [
            (.working, "업무 시간"), (.waking, "깨어 있는 시간(7–23)"), (.night, "밤"),
        ]
        lines.append(
            legend.map { band, name in (colour ? "\u{1B}[\(Self.code(band))m  \u{1B}[0m" : Self.mark(band)) + " " + name }.joined(separator: "  ")
                + (chosenIndex == nil ? "" : "  ^ " + (session.isNow ? "가장 좋은 시각" : "--at 시각")))
        return lines
    }

    // MARK: - The best slots

    func best() -> [String] {
        let hours = Set(request.places.map(\.hours.text))
        let rule = hours.count == 1 ? "업무 시간(\(hours.first!))" : "업무 시간"
        let title =
            plan.fitsEveryone ? "모두의 \(rule)에 드는 시각:" : "모두의 \(rule)에 드는 시각이 없습니다. 가장 많이 벗어나는 곳이 덜 벗어나는 순서:"
        var lines = Terminal.wrap(title, width: session.width)
        for (number, slot) in plan.best.prefix(3).enumerated() {
            lines += Terminal.wrap("\(number + 1). " + describe(slot), width: session.width, hangingIndent: 3)
        }
        return lines
    }

    /// "12월 2일 (수) 오후 8:00 서울 = 오전 6:00 뉴욕 = 오전 11:00 런던 · 서울 3시간, 뉴욕 3시간 밖".
    func describe(_ slot: MeetingSlot) -> String {
        let reference = (zoneID: request.reference.zoneID, local: request.reference.local(at: slot.start))
        let style = session.style
        var parts: [String] = []
        let referenceIsPlace = slot.times.contains { $0.zoneID == reference.zoneID }
        if !referenceIsPlace {
            parts.append("\(KoreanTimeFormat.time(reference.local, style: style)) \(Terminal.printable(session.referenceName))")
        }
        // The reference's place first, as the date is its date.
        let ordered = slot.times.filter { $0.zoneID == reference.zoneID } + slot.times.filter { $0.zoneID != reference.zoneID }
        for time in ordered {
            // Another day than the reference's says which: 어제(화).
            let weekday = KoreanTimeFormat.weekdays[time.local.weekday - 1]
            let day = time.dayDifference == 0 ? "" : KoreanTimeFormat.relativeDay(time.dayDifference) + "(\(weekday)) "
            parts.append("\(day)\(KoreanTimeFormat.time(time.local, style: style)) \(Terminal.printable(time.place))")
        }
        let outside = slot.times.filter { $0.minutesOutside > 0 }.map {
            let length = KoreanTimeFormat.duration($0.minutesOutside * 60)
            return "\(Terminal.printable($0.place)) " + ($0.isWorkingDay ? length : "쉬는 날(\(length))")
        }
        let date = "\(reference.local.month)월 \(reference.local.day)일 (\(KoreanTimeFormat.weekdays[reference.local.weekday - 1]))"
        return "\(date) " + parts.joined(separator: " = ") + (outside.isEmpty ? " · 모두 업무 시간" : " · 업무 시간 밖: " + outside.joined(separator: ", "))
    }

    /// "일하는 요일: 월–금 서울·뉴욕·런던 · 일–목 리야드 (바꾸려면 --days 곳=요일)": the days each
    /// place works, so that a weekend default is said, not assumed.
    func workingDays() -> [String] {
        var groups: [(days: String, places: [String])] = []
        for place in request.places {
            let days = place.days.text
            if let index = groups.firstIndex(where: { $0.days == days }) {
                groups[index].places.append(Terminal.printable(place.name))
            } else {
                groups.append((days, [Terminal.printable(place.name)]))
            }
        }
        let text = groups.map { "\($0.days) \($0.places.joined(separator: "·"))" }.joined(separator: " · ")
        let example = Terminal.printable(request.places.last?.name ?? "런던")
        return Terminal.wrap("일하는 요일: \(text) (바꾸려면 --days 곳=요일, 예: --days \(example)=월-토)", width: session.width, hangingIndent: 2)
    }

    // MARK: - Weekly

    func weeklyLines() -> [String] {
        guard let first = weekly.first else { return [] }
        let start = request.reference.local(at: first.slot.start)
        var lines = [
            """
            매주 \(KoreanTimeFormat.weekdays[start.weekday - 1])요일 \(KoreanTimeFormat.time(start, style: session.style)) \
            \(Terminal.printable(session.referenceName)), \(weekly.count)주
            """
                + (dayOff.map { " (\($0))" } ?? "") + ":"
        ]
        var moved = false
        for (previous, occurrence) in zip(weekly, weekly.dropFirst()) {
            for shift in occurrence.shifts {
                guard let index = occurrence.slot.times.firstIndex(where: { $0.place == shift.place }) else { continue }
                let before = previous.slot.times[index], after = occurrence.slot.times[index]
                let local = request.reference.local(at: occurrence.slot.start)
                let sign = shift.minutes < 0 ? "\u{2212}" : "+"
                lines.append(
                    "  \(local.month)월 \(local.day)일 (\(KoreanTimeFormat.weekdays[local.weekday - 1]))부터 \(Terminal.printable(shift.place)) "
                        + "\(KoreanTimeFormat.time(before.local, style: session.style)) \(before.abbreviation) → "
                        + "\(KoreanTimeFormat.time(after.local, style: session.style)) \(after.abbreviation) "
                        + "(\(sign)\(KoreanTimeFormat.duration(abs(shift.minutes) * 60)))"
                )
                moved = true
            }
        }
        if !moved { lines.append("  그동안 어느 곳의 현지 시각도 바뀌지 않습니다.") }
        // Wrapped between words, continuations under the text: a line the terminal wraps splits a word.
        return lines.flatMap { line in
            guard line.hasPrefix("  ") else { return Terminal.wrap(line, width: session.width, hangingIndent: 2) }
            return Terminal.wrap(String(line.dropFirst(2)), width: session.width.map { $0 - 2 }, hangingIndent: 2).map { "  " + $0 }
        }
    }
}
