/// The days of the week a place works, on its own calendar: Monday to Friday unless said
/// otherwise, or its country's (`forCountry(_:)`, from CLDR's weekData). A meeting on another day
/// is outside that place's working hours.
public struct WorkingDays: Equatable, Sendable {
    /// One bit per ISO weekday: bit 0 is Monday … bit 6 Sunday.
    package let mask: UInt8

    /// Monday to Friday: CLDR's world default (a Saturday–Sunday weekend).
    public static let mondayToFriday = WorkingDays(mask: 0b001_1111)!

    /// The days whose bits `mask` sets; nil when it sets none or a bit above Sunday's.
    package init?(mask: UInt8) {
        guard mask != 0, mask < 0b1000_0000 else { return nil }
        self.mask = mask
    }

    /// The ISO weekdays (1 = Monday … 7 = Sunday) listed; nil for none or one outside 1–7.
    public init?(weekdays: [Int]) {
        var mask: UInt8 = 0
        for weekday in weekdays {
            guard (1...7).contains(weekday) else { return nil }
            mask |= 1 << UInt8(weekday - 1)
        }
        self.init(mask: mask)
    }

    /// Every day but the weekend from `start` to `end` (ISO weekdays, wrapping past Sunday:
    /// 5…6 is Friday–Saturday, 7…7 Sunday alone); nil when that leaves no day.
    public init?(weekendFrom start: Int, to end: Int) {
        guard (1...7).contains(start), (1...7).contains(end) else { return nil }
        var weekend: [Int] = [start]
        var day = start
        while day != end {
            day = day % 7 + 1
            weekend.append(day)
        }
        self.init(weekdays: (1...7).filter { !weekend.contains($0) })
    }

    /// The working days of a country's offices (ISO 3166 code, `KR`): its weekend from CLDR 47's
    /// weekData (Scripts/dev/generate-weekends), Friday–Saturday in most of the Arab world, Friday in
    /// Iran; Monday to Friday for any other code. Where offices keep another week than weekData's
    /// (`officeWeekends`: India), theirs.
    public static func forCountry(_ code: String) -> WorkingDays {
        guard let weekend = officeWeekends[code] ?? weekends[code] else { return .mondayToFriday }
        return WorkingDays(weekendFrom: weekend.start, to: weekend.end) ?? .mondayToFriday
    }

    /// Countries whose offices keep another weekend than CLDR's weekData, by hand (weekData is
    /// generated): India's weekend there is Sunday alone, but the offices a meeting planner meets
    /// (IT and services in Bengaluru, Hyderabad, Pune; banks; central government since 1985) work
    /// Monday to Friday. A place that works Saturdays says so: `--days 벵갈루루=월-토`.
    package static let officeWeekends: [String: (start: Int, end: Int)] = ["IN": (6, 7)]

    /// Whether `weekday` (ISO: 1 = Monday … 7 = Sunday) is a working day.
    public func contains(weekday: Int) -> Bool {
        (1...7).contains(weekday) && mask & (1 << UInt8(weekday - 1)) != 0
    }

    /// The ISO weekdays worked, Monday first.
    public var weekdays: [Int] { (1...7).filter { contains(weekday: $0) } }

    /// Korean weekday names (월 … 일), ISO order.
    public static let names = ["월", "화", "수", "목", "금", "토", "일"]

    /// `월–금`, `일–목` (a run, which may wrap past Sunday), or `월, 수, 금`.
    public var text: String {
        let days = weekdays
        guard days.count < 7 else { return "월–일" }
        // The run starts on the day after one that is not worked.
        guard let first = (1...7).first(where: { contains(weekday: $0) && !contains(weekday: ($0 + 5) % 7 + 1) }) else { return "월–일" }
        var run: [Int] = [first]
        while contains(weekday: run[run.count - 1] % 7 + 1), run.count < days.count { run.append(run[run.count - 1] % 7 + 1) }
        guard run.count == days.count else {
            var names: [String] = []
            for day in days { names.append(Self.names[day - 1]) }
            return names.joined(separator: ", ")
        }
        return run.count == 1 ? Self.names[first - 1] : Self.names[first - 1] + "–" + Self.names[run[run.count - 1] - 1]
    }
}
