import WorldClockKit

/// The columns `list` and `search` print for a place: name, country, local time, day and hours
/// against the reference zone, UTC offset with tz abbreviation, zone id. On a narrow terminal the
/// name, time, day and hours stay; the match note, the offset, the country and the zone id follow
/// in that order while there is room.
enum PlaceRows {
    static let columns: [TextTable.Column] = [
        .init(priority: 0, minimumWidth: 6),  // name
        .init(priority: 3, minimumWidth: 6),  // country
        .init(),  // time
        .init(),  // day
        .init(),  // hours
        .init(priority: 2),  // UTC offset and abbreviation
        .init(priority: 4, minimumWidth: 12),  // zone id
    ]
    static let offsetColumn = 5
    static let dayColumn = 3

    /// The colouring of these columns for rows of `times`: the day when it is not today, the
    /// offset when daylight saving time is in effect.
    static func colouring(_ times: [ZoneTime?], session: Session) -> (Int, Int) -> Terminal.Colour? {
        { row, column in
            guard row < times.count, let time = times[row] else { return nil }
            switch column {
            case dayColumn: return Terminal.colour(ofDay: RelativeTime(time, from: session.reference).dayDifference)
            case offsetColumn: return time.isDaylightSavingTime ? .daylightSaving : nil
            default: return nil
            }
        }
    }

    /// The changes coming to `places`' clocks (or the reference's) within four weeks, one line
    /// each after a blank line ("• 3월 14일 (일)부터 뉴욕과의 시차 14시간 → 13시간 (서머타임 시작)");
    /// empty when none is coming.
    static func upcomingChanges(of places: [Place], session: Session) -> [String] {
        // Wrapped here, between words: a line the terminal wraps would split a word at its edge.
        let lines = places.compactMap { session.upcomingChange(of: $0) }.flatMap {
            Terminal.wrap("• " + Terminal.printable($0.text), width: session.width, hangingIndent: 2)
        }
        return lines.isEmpty ? [] : [""] + lines
    }

    /// After the name of a place already among my clocks.
    static let myClockMark = "✓"

    /// One place's cells, every text from the table made printable.
    /// - Parameter marked: a place among my clocks gets `myClockMark` after its name.
    static func cells(_ place: Place, time: ZoneTime?, session: Session, marked: Bool = true) -> [String] {
        let isMine = marked && session.myClocks.contains(name: place.name)
        let name = Terminal.printable(place.name) + (isMine ? " " + myClockMark : ""), country = Terminal.printable(place.country),
            zone = Terminal.printable(place.zoneID)
        guard let time else { return [name, country, "?", "", "", "", zone] }
        let relative = RelativeTime(time, from: session.reference)
        return [
            name,
            country,
            KoreanTimeFormat.time(time.local, style: session.style),
            relative.koreanDay,
            relative.koreanHours,
            "\(KoreanTimeFormat.utcOffset(time.utcOffset)) \(Terminal.printable(time.abbreviation))",
            zone,
        ]
    }

    /// A note for abbreviations that mean different zones in the same output: 세부's PST (UTC+8,
    /// Philippine) beside Seattle's PDT (Pacific, whose standard time is PST at UTC−8), or CST for
    /// both China and the US. Two abbreviations are read as one family when they differ only in
    /// the S/D of standard and daylight time (PST, PDT → P?T); a family shown at two different
    /// standard offsets gets a line naming an example place of each. Empty when there is none.
    static func abbreviationNote(_ shown: [(place: Place, time: ZoneTime)]) -> [String] {
        var byFamily: [String: [Int: (place: Place, time: ZoneTime)]] = [:]
        var order: [String] = []
        for entry in shown {
            let abbreviation = entry.time.abbreviation
            guard abbreviation.first?.isLetter == true else { continue }  // numeric ones (+05) say their offset
            let family = familyKey(abbreviation)
            if byFamily[family] == nil { order.append(family) }
            if byFamily[family]?[entry.time.standardOffset] == nil { byFamily[family, default: [:]][entry.time.standardOffset] = entry }
        }
        let lines = order.compactMap { family -> String? in
            guard let meanings = byFamily[family], meanings.count > 1 else { return nil }
            return meanings.sorted { $0.key > $1.key }.map { _, entry in
                """
                \(Terminal.printable(entry.time.abbreviation)) = \(KoreanTimeFormat.utcOffset(entry.time.utcOffset)) \
                (\(Terminal.printable(entry.place.name)))
                """
            }.joined(separator: " · ")
        }
        return lines.isEmpty ? [] : ["※ 같은 약어가 서로 다른 시간대를 가리킵니다:"] + lines.map { "  " + $0 }
    }

    /// The abbreviation note to print after `table`, wrapped to the width: only when the offset
    /// column is on screen.
    static func noteLines(after table: TextTable, indent: Int, shown: [(place: Place, time: ZoneTime)], session: Session) -> [String] {
        guard table.widths(fitting: session.width.map { $0 - indent })[offsetColumn] != nil else { return [] }
        return abbreviationNote(shown).flatMap { Terminal.wrap($0, width: session.width, hangingIndent: 4) }.map(Terminal.dim)
    }

    /// The standard and daylight names of one zone family share a key: PST, PDT → P?T.
    private static func familyKey(_ abbreviation: String) -> String {
        var letters = Array(abbreviation)
        if letters.count >= 3, letters.last == "T", ["S", "D"].contains(letters[letters.count - 2]) {
            letters[letters.count - 2] = "?"
        }
        return String(letters)
    }
}
