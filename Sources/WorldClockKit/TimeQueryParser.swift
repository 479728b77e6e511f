/// Reads `TimeQueryToken`s as `[day] [T] [time [zone]] [에]`: the grammar behind
/// `TimeQuery.parse`. Every refusal names the problem and gives a form that works.
struct TimeQueryParser {
    let text: String
    let tokens: [TimeQueryToken]
    private var index = 0

    init(text: String, tokens: [TimeQueryToken]) {
        self.text = text
        self.tokens = tokens
    }

    private static let relativeDays = ["그제": -2, "그저께": -2, "어제": -1, "오늘": 0, "내일": 1, "모레": 2, "글피": 3]
    /// English words people try first, and the Korean the reader takes for them.
    private static let englishWords = [
        "today": "오늘", "tomorrow": "내일", "yesterday": "어제", "noon": "정오", "midnight": "자정", "monday": "월요일", "next": "다음 주 월요일",
    ]
    private static let weeks = ["지난": -1, "이번": 0, "다음": 1]
    /// 오전-like words read 1–12 as the morning's hours, 오후-like ones as the afternoon's.
    private enum Meridiem {
        case morning, afternoon, night
    }
    private static let meridiems: [String: Meridiem] = [
        "오전": .morning, "새벽": .morning, "아침": .morning, "오후": .afternoon, "낮": .afternoon, "저녁": .afternoon, "밤": .night,
    ]

    private var peek: TimeQueryToken? { peek(0) }
    private func peek(_ ahead: Int) -> TimeQueryToken? { index + ahead < tokens.count ? tokens[index + ahead] : nil }
    private mutating func advance(_ count: Int = 1) { index += count }

    private func fail(_ reason: String, _ example: String) -> TimeQueryError { TimeQueryError(text: text, reason: reason, example: example) }

    /// The whole text as one query.
    mutating func query() throws(TimeQueryError) -> TimeQuery {
        guard !tokens.isEmpty else { throw fail("비어 있습니다", "2026-12-01 09:00") }
        if tokens == [.word("지금")] { return .now }
        if tokens.count == 1, case .latin(let word) = tokens[0], word.lowercased() == "now" { return .now }
        let day = try self.day()
        if day != nil, case .latin(let letter)? = peek, letter == "T" || letter == "t" {
            advance()
            guard case .number? = peek else { throw fail("날짜 뒤 T 다음에 시각이 와야 합니다", "2026-12-01T09:00") }
        }
        let time = try self.time()
        let zone = time == nil ? nil : try self.zone()
        if day != nil || time != nil, peek == .word("에") { advance() }
        guard index == tokens.count else { throw unexpected(afterTime: time != nil) }
        switch (day, time) {
        case (let day?, nil):
            return .day(day)
        case (nil, let time?):
            return .time(time, zone: zone)
        case (let day?, let time?):
            guard case .date(let date) = day, case .offset(let offset) = zone else { return .dayTime(day, time, zone: zone) }
            let seconds = Int64(date.daysSinceEpoch) * 86_400 + Int64(time.secondsAfterMidnight - offset)
            guard ISO8601.acceptedSeconds.contains(seconds) else { throw fail("0001년부터 9999년까지의 시각만 받습니다", "2026-12-01T09:00:00Z") }
            return .instant(seconds)
        case (nil, nil):
            throw unexpected(afterTime: false)
        }
    }

    /// A token where none may stand.
    private func unexpected(afterTime: Bool) -> TimeQueryError {
        guard index < tokens.count else { return fail("날짜나 시각이 없습니다", "2026-12-01 09:00") }
        let token = tokens[index]
        let shown = Self.text(of: token)
        if afterTime, isDayStart(token) {
            return fail("\"\(shown)\": 날짜는 시각 앞에 씁니다", "내일 오전 9시")
        }
        if case .latin(let letters) = token, let korean = Self.englishWords[letters.lowercased()] {
            return fail("\"\(shown)\": 날과 시각은 한국어로 씁니다", korean)
        }
        if case .latin(let letters) = token, ["am", "pm"].contains(letters.lowercased()) {
            return fail("\(letters) 앞에 1–12시의 숫자가 와야 합니다", "9:30 \(letters)")
        }
        return fail("\"\(shown)\": 여기에 올 수 없습니다. 날짜, 시각, 시간대 순으로 씁니다", "2026-12-01 09:00")
    }

    private func isDayStart(_ token: TimeQueryToken) -> Bool {
        guard case .word(let word) = token else { return false }
        return Self.relativeDays[word] != nil || Self.weeks[word] != nil || Self.fullWeekday(word) != nil
    }

    private static func text(of token: TimeQueryToken) -> String {
        switch token {
        case .number(let value, let digits): zeroPadded(value, width: digits)
        case .word(let word): word
        case .latin(let letters): String(letters.prefix(12))
        case .symbol(let symbol): String(symbol)
        }
    }

    private static func fullWeekday(_ word: String) -> Int? {
        guard word.count == 3, word.hasSuffix("요일") else { return nil }
        return KoreanTimeFormat.weekdays.firstIndex(of: String(word.prefix(1))).map { $0 + 1 }
    }

    // MARK: - Days

    private mutating func day() throws(TimeQueryError) -> TimeQuery.Day? {
        switch peek {
        case .word(let word)? where Self.relativeDays[word] != nil:
            advance()
            return .relative(days: Self.relativeDays[word]!)
        case .word(let word)? where Self.weeks[word] != nil:
            advance()
            if peek == .word("주") { advance() }
            guard case .word(let name)? = peek, let weekday = Self.fullWeekday(name) else {
                throw fail("\(word) 주 뒤에 요일이 와야 합니다", "\(word) 주 월요일 9시")
            }
            advance()
            return .weekday(weekday, week: Self.weeks[word]!)
        case .word(let word)? where Self.fullWeekday(word) != nil:
            advance()
            return .weekday(Self.fullWeekday(word)!, week: nil)
        case .number(let year, let digits)? where peek(1) == .word("년"):
            guard digits == 4 else { throw fail("연도는 네 자리로 씁니다", "2026년 12월 1일") }
            advance(2)
            guard case .number(let month, _)? = peek, peek(1) == .word("월") else { throw fail("\(year)년 뒤에 몇 월인지 씁니다", "2026년 12월 1일") }
            advance(2)
            let day = try dayOfMonth(month: month, "2026년 \(Self.safe(month, 1...12, 12))월 1일")
            return .date(try date(year: year, month: month, day: day))
        case .number(let month, _)? where peek(1) == .word("월"):
            advance(2)
            let day = try dayOfMonth(month: month, "\(Self.safe(month, 1...12, 12))월 1일")
            guard (1...12).contains(month) else { throw fail("\(month)월은 없습니다(1–12월)", "12월 1일") }
            // The longest the month can be; the year is chosen when the query is resolved.
            guard (1...ISO8601.daysIn(month: month, year: 2000)).contains(day) else {
                throw fail("\(month)월은 \(ISO8601.daysIn(month: month, year: 2000))일까지입니다", "\(month)월 1일")
            }
            return .monthDay(month: month, day: day, weekday: try statedWeekday())
        case .number(let year, 4)?:
            guard case .symbol(let separator)? = peek(1), "-/.".contains(separator) else { return nil }
            advance(2)
            let example = "2026\(separator)12\(separator)01"
            guard case .number(let month, 1...2)? = peek, peek(1) == .symbol(separator), case .number(let day, 1...2)? = peek(2) else {
                throw fail("날짜는 연\(separator)월\(separator)일로 씁니다", example)
            }
            advance(3)
            if separator == ".", peek == .symbol(".") { advance() }  // 2026. 12. 1.
            return .date(try date(year: year, month: month, day: day))
        case .number(let month, 1...2)? where peek(1) == .symbol("/") || peek(1) == .symbol("-"):
            guard case .symbol(let separator)? = peek(1), case .number(let day, 1...2)? = peek(2) else {
                throw fail("월\(peek(1).map(Self.text) ?? "")일로 씁니다", "12/1 09:00")
            }
            advance(3)
            guard (1...12).contains(month) else { throw fail("\(month)월은 없습니다(1–12월). 월\(separator)일 순으로 씁니다", "12\(separator)1") }
            guard (1...ISO8601.daysIn(month: month, year: 2000)).contains(day) else {
                throw fail("\(month)월은 \(ISO8601.daysIn(month: month, year: 2000))일까지입니다", "\(month)\(separator)1")
            }
            return .monthDay(month: month, day: day, weekday: try statedWeekday())
        default:
            return nil
        }
    }

    /// `1일` after a month.
    private mutating func dayOfMonth(month: Int, _ example: String) throws(TimeQueryError) -> Int {
        guard case .number(let day, _)? = peek, peek(1) == .word("일") else { throw fail("\(month)월 며칠인지 씁니다", example) }
        advance(2)
        return day
    }

    /// A full date, checked, with the weekday written beside it checked too.
    private mutating func date(year: Int, month: Int, day: Int) throws(TimeQueryError) -> TimeQuery.CivilDate {
        guard year >= 1 else { throw fail("0년은 없습니다(0001–9999년)", "2026-12-01") }
        // Examples keep the year's four digits: 0026-12-01, never 26-12-01 (a month and day).
        let shownYear = zeroPadded(year, width: 4)
        guard (1...12).contains(month) else { throw fail("\(month)월은 없습니다(1–12월)", "\(shownYear)-12-01") }
        let length = ISO8601.daysIn(month: month, year: year)
        guard (1...length).contains(day) else { throw fail("\(year)년 \(month)월은 \(length)일까지입니다", "\(shownYear)-\(zeroPadded(month, width: 2))-01") }
        let date = TimeQuery.CivilDate(year: year, month: month, day: day)
        if let stated = try statedWeekday() {
            let actual = LocalDateTime(secondsSinceEpoch: Int64(date.daysSinceEpoch) * 86_400).weekday
            let name = KoreanTimeFormat.weekdays[actual - 1]
            guard stated == actual else { throw fail("\(year)년 \(month)월 \(day)일은 \(name)요일입니다", "\(TimeQuery.Day.date(date)) (\(name))") }
        }
        return date
    }

    /// `(화)` or `(화요일)` after a date, as the planner prints it.
    private mutating func statedWeekday() throws(TimeQueryError) -> Int? {
        guard peek == .symbol("(") else { return nil }
        advance()
        guard case .word(let name)? = peek, let weekday = KoreanTimeFormat.weekdays.firstIndex(of: name).map({ $0 + 1 }) ?? Self.fullWeekday(name),
            peek(1) == .symbol(")")
        else { throw fail("괄호 안에는 요일을 씁니다", "12월 1일 (화)") }
        advance(2)
        return weekday
    }

    // MARK: - Times

    private mutating func time() throws(TimeQueryError) -> TimeQuery.ClockTime? {
        if peek == .word("정오") || peek == .word("자정") {
            defer { advance() }
            return TimeQuery.ClockTime(hour: peek == .word("정오") ? 12 : 0, minute: 0)
        }
        var meridiem: (word: String, kind: Meridiem)?
        if case .word(let word)? = peek, let kind = Self.meridiems[word] {
            meridiem = (word, kind)
            advance()
        }
        guard case .number(let number, let digits)? = peek else {
            if let meridiem { throw fail("\(meridiem.word) 뒤에 몇 시인지 씁니다", "\(meridiem.word) 9시") }
            return nil
        }
        advance()
        var hour = number, minute = 0, second = 0
        switch peek {
        case .word("시")?:
            advance()
            guard digits <= 2 else { throw fail("\(number)시는 없습니다(0–23시)", "9시") }
            if peek == .word("반") {
                advance()
                minute = 30
            } else if peek == .word("정각") {
                advance()
            } else if case .number(let minutes, _)? = peek, peek(1) == .word("분") {
                advance(2)
                minute = minutes
                if case .number(let seconds, _)? = peek, peek(1) == .word("초") {
                    advance(2)
                    second = seconds
                }
            }
        case .symbol(":")?:
            advance()
            guard digits <= 2 else { throw fail("시는 두 자리까지 씁니다", "09:00") }
            guard case .number(let minutes, 2)? = peek else { throw fail("\(number): 뒤에 분을 두 자리로 씁니다", "\(Self.safe(number, 0...23, 9)):00") }
            advance()
            minute = minutes
            if peek == .symbol(":") {
                advance()
                guard case .number(let seconds, 2)? = peek else { throw fail("초는 두 자리로 씁니다", "\(Self.safe(number, 0...23, 9)):00:00") }
                advance()
                second = seconds
                if peek == .symbol(".") {
                    advance()
                    guard case .number? = peek else { throw fail("\".\" 뒤에 초의 소수 자리가 없습니다", "\(Self.safe(number, 0...23, 9)):00:00") }
                    advance()  // a fraction of a second: dropped, times are to the second
                }
            }
        default:
            if digits == 4 {
                // 0900, 2130: hours and minutes without a colon.
                hour = number / 100
                minute = number % 100
            } else if digits <= 2, latinMeridiem() != nil {
                break
            } else if digits <= 2 {
                let hour = Self.safe(number, meridiem == nil ? 0...23 : 1...12, 9)
                throw fail("숫자 \(number)만으로는 시각인지 모릅니다", meridiem.map { "\($0.word) \(hour)시" } ?? "\(hour)시")
            } else {
                throw fail("\(digits)자리 숫자 \(zeroPadded(number, width: digits)): 시각은 09:00이나 0900처럼, 날짜는 2026-12-01처럼 씁니다", "09:00")
            }
        }
        if let latin = latinMeridiem() {
            advance(latin.tokens)
            guard meridiem == nil else { throw fail("\(meridiem!.word)과 \(latin.text)을 함께 썼습니다", "\(meridiem!.word) \(Self.safe(hour, 1...12, 9))시") }
            guard (1...12).contains(hour) else {
                throw fail("\(latin.text) 앞에는 1–12시를 씁니다", hour == 0 ? "12:00 am" : "\(Self.safe(hour, 0...23, 9)):00")
            }
            hour = hour % 12 + (latin.afternoon ? 12 : 0)
        } else if let meridiem {
            let word = meridiem.word
            guard (0...12).contains(hour) else { throw fail("\(word) 뒤에는 1–12시를 씁니다", hour <= 23 ? "\(hour)시" : "\(word) 9시") }
            switch meridiem.kind {
            case .morning:
                hour %= 12
            case .afternoon:
                hour = hour % 12 + 12
            case .night:
                // 밤 12시 and 밤 1시 are already the next day's: say which day that is.
                guard (6...11).contains(hour) else { throw fail("밤 \(hour)시는 날이 바뀐 뒤라 어느 날인지 모호합니다", "내일 새벽 \(hour % 12)시") }
                hour += 12
            }
        }
        guard hour <= 23 else { throw fail("\(hour)시는 없습니다(0–23시)", hour == 24 ? "내일 0시" : "23시") }
        guard minute <= 59 else { throw fail("\(minute)분은 없습니다(0–59분)", "\(hour)시 30분") }
        guard second <= 59 else { throw fail("\(second)초는 없습니다(0–59초)", "\(zeroPadded(hour, width: 2)):\(zeroPadded(minute, width: 2)):00") }
        return TimeQuery.ClockTime(hour: hour, minute: minute, second: second)
    }

    /// `value` when it lies in `range`, else `fallback`: examples must be forms that work.
    private static func safe(_ value: Int, _ range: ClosedRange<Int>, _ fallback: Int) -> Int { range.contains(value) ? value : fallback }

    /// `am`, `PM`, `a.m.`, `p.m`: whether it is the afternoon's, and how many tokens it spans.
    private func latinMeridiem() -> (afternoon: Bool, tokens: Int, text: String)? {
        guard case .latin(let letters)? = peek else { return nil }
        switch letters.lowercased() {
        case "am": return (false, 1, letters)
        case "pm": return (true, 1, letters)
        case "a", "p":
            guard peek(1) == .symbol("."), case .latin(let m)? = peek(2), m.lowercased() == "m" else { return nil }
            return (letters.lowercased() == "p", peek(3) == .symbol(".") ? 4 : 3, "\(letters).m.")
        default: return nil
        }
    }

    // MARK: - Zones

    /// `Z`, `UTC`, `GMT`, `±HH:MM`, `±HHMM`, `±H`, or letters naming the reference's abbreviation.
    private mutating func zone() throws(TimeQueryError) -> TimeQuery.Zone? {
        switch peek {
        case .latin(let letters)? where ["z", "utc", "gmt"].contains(letters.lowercased()):
            advance()
            if peek == .symbol("+") || peek == .symbol("-") { return .offset(try offset()) }
            return .offset(0)
        case .latin? where latinMeridiem() != nil:
            return nil
        case .latin(let letters)?:
            guard (2...6).contains(letters.count) else { throw fail("\"\(Self.text(of: peek!))\": 시간대 약어가 아닙니다", "09:00 KST") }
            advance()
            return .abbreviation(letters.uppercased())
        case .symbol("+")?, .symbol("-")?:
            return .offset(try offset())
        default:
            return nil
        }
    }

    /// `+09:00`, `+0900`, `+09`, `+9`, `-5:30` (U+2212 was made `-` by the scanner).
    private mutating func offset() throws(TimeQueryError) -> Int {
        let sign = peek == .symbol("-") ? -1 : 1
        advance()
        guard case .number(let number, let digits)? = peek, digits == 4 || digits <= 2 else { throw fail("오프셋은 +09:00처럼 씁니다", "09:00 +09:00") }
        advance()
        var hours = number, minutes = 0
        if digits == 4 {
            hours = number / 100
            minutes = number % 100
        } else if peek == .symbol(":") {
            advance()
            guard case .number(let value, 2)? = peek else { throw fail("오프셋의 분은 두 자리로 씁니다", "09:00 +09:00") }
            advance()
            minutes = value
        }
        guard hours <= 23, minutes <= 59 else { throw fail("오프셋의 시는 23, 분은 59까지입니다", "09:00 +09:00") }
        return sign * (hours * 3600 + minutes * 60)
    }
}
