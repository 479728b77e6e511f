import MeetingPlanning
import WorldClockKit

/// The planner's option values as people type them: working hours (`9-18`, `8:30–17:30`) and
/// lengths (`1h`, `30m`, `1h30m`, `90분`, `1시간 30분`, `1:30`, `90`).
enum MeetingOptionText {
    /// `9-18`, `09:00-18:00`, `8:30–17:30` (a hyphen, an en dash or `~`); nil when it is not
    /// hours, or the end is not after the start.
    static func hours(_ text: String) -> WorkingHours? {
        let parts = text.split { $0 == "-" || $0 == "–" || $0 == "~" }
        guard parts.count == 2, let start = clock(parts[0]), let end = clock(parts[1]) else { return nil }
        return WorkingHours(start: start, end: end)
    }

    /// The one-line refusal of working hours.
    static func hoursMessage(_ text: String, option: String?) -> String {
        (option.map { "--\($0) " } ?? "") + "\"\(Terminal.printable(text, limit: 40))\": 업무 시간은 시작-끝(0–24시, 끝이 더 늦게)으로 씁니다. 예: "
            + (option == nil ? "런던=8-17" : "--hours 9-18, --hours 런던=8:30-17:30")
    }

    /// Working days: a run `월-금`, `일-목` (a hyphen, an en dash or `~`; it may wrap past 일), or
    /// the days one by one, `월화수목` or `월·수·금` (`요일` may follow each); nil for anything else.
    static func days(_ text: String) -> WorkingDays? {
        let names = WorkingDays.names
        func weekday(_ character: Character) -> Int? { names.firstIndex(of: String(character)).map { $0 + 1 } }
        // 일요일-목요일 is 일-목; spaces and · only separate.
        let letters = text.replacing("요일", with: "").filter { $0 != " " && $0 != "·" }
        let parts = letters.split { $0 == "-" || $0 == "–" || $0 == "~" }
        if parts.count == 2 {
            guard parts[0].count == 1, parts[1].count == 1, let start = weekday(parts[0].first!), let end = weekday(parts[1].first!) else {
                return nil
            }
            var days = [start]
            while days[days.count - 1] != end { days.append(days[days.count - 1] % 7 + 1) }
            return WorkingDays(weekdays: days)
        }
        guard parts.count == 1, !letters.isEmpty else { return nil }
        var days: [Int] = []
        for character in letters {
            guard let day = weekday(character), !days.contains(day) else { return nil }
            days.append(day)
        }
        return WorkingDays(weekdays: days)
    }

    /// The one-line refusal of working days.
    static func daysMessage(_ text: String) -> String {
        "--days \"\(Terminal.printable(text, limit: 40))\": 일하는 요일은 월-금, 일-목처럼 처음-끝으로, 또는 월화수목처럼 씁니다. 예: --days 일-목, --days 두바이=월-금"
    }

    /// `9`, `09`, `8:30`, `24` as minutes after midnight.
    private static func clock(_ text: Substring) -> Int? {
        let pieces = text.filter { $0 != " " }.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...2).contains(pieces.count), let hour = Int(pieces[0]), (0...24).contains(hour) else { return nil }
        guard pieces.count == 2 else { return hour * 60 }
        guard pieces[1].count == 2, let minute = Int(pieces[1]), (0...59).contains(minute), hour * 60 + minute <= 1440 else { return nil }
        return hour * 60 + minute
    }

    /// A length in minutes: `1h`, `30m`, `1h30m`, `1시간`, `90분`, `1시간 30분`, `1:30`, `90`.
    static func minutes(_ text: String) -> Int? {
        let compact = text.filter { $0 != " " }.lowercased()
        if let number = Int(compact) { return number }
        let pieces = compact.split(separator: ":", omittingEmptySubsequences: false)
        if pieces.count == 2, let hours = Int(pieces[0]), pieces[1].count == 2, let minutes = Int(pieces[1]), minutes < 60 {
            return hours * 60 + minutes
        }
        var total = 0, number = "", sawUnit = false
        for character in compact {
            if character.isASCII, character.isNumber {
                number.append(character)
                continue
            }
            if character == "간", sawUnit { continue }  // 시간
            guard let value = Int(number) else { return nil }
            switch character {
            case "h", "시": total += value * 60
            case "m", "분": total += value
            default: return nil
            }
            number = ""
            sawUnit = true
        }
        return sawUnit && number.isEmpty ? total : nil
    }
}
