import MeetingPlanning
import WireCore

/// Reads `TimeQueryToken`s as `[day] [T] [time [zone]] [에]`: the grammar behind
/// `TimeQuery.parse`. Every refusal names the problem and gives a form that works.
struct TimeQueryParser {
    let text: String
    let tokens: [TimeQueryToken]
    private var index = 0
    /// The day read before the time, for examples that keep it.
    private var writtenDay: TimeQuery.Day?
    /// The time read is the midnight that ends the day (`자정`, `밤 12시`): 0시 of the next day.
    private var endOfDay = false

    init(text: String, tokens: [TimeQueryToken]) {
        self.text = text
        self.tokens = tokens
    }

    private static let relativeDays = ["그제": -2, "그저께": -2, "어제": -1, "오늘": 0, "내일": 1, "낼": 1, "모레": 2, "글피": 3]
    /// The English days read as a day before a time (`tomorrow 9am`), as people type them in chat.
    private static let englishDays = ["yesterday": -1, "today": 0, "tomorrow": 1]
    /// English words people try first, and the Korean the reader takes for them.
    private static let englishWords = [
        "today": "오늘", "tomorrow": "내일", "yesterday": "어제", "tonight": "오늘", "noon": "정오", "midnight": "자정", "now": "지금",
        "monday": "월요일", "tuesday": "화요일", "wednesday": "수요일", "thursday": "목요일", "friday": "금요일", "saturday": "토요일",
        "sunday": "일요일", "next": "다음 주 월요일", "at": "", "in": "", "on": "", "ago": "", "later": "", "from": "",
        "minute": "", "minutes": "", "min": "", "mins": "", "hour": "", "hours": "", "hr": "", "hrs": "",
    ]
    private static let weeks = ["지난": -1, "이번": 0, "다음": 1]
    /// The words for a part of the day, in the order their hours come.
    private static let dayParts = ["새벽", "아침", "오전", "낮", "오후", "저녁", "밤"]

    /// The hour (0–23) `word` and the hour written (0–12) say together, or nil when that hour is
    /// not in that part of the day. 오전 and 오후 take 0–12 (오전 12시 is 0시, 오후 12시 is 12시);
    /// the others take only their own hours, as Koreans use them: 새벽 0–6시 (새벽 12시 is 0시),
    /// 아침 5–11시, 낮 11·12시 and 1–5시, 저녁 5–11시, 밤 6–11시.
    static func hour(_ word: String, _ hour: Int) -> Int? {
        switch word {
        case "오전": (0...12).contains(hour) ? hour % 12 : nil
        case "오후": (0...12).contains(hour) ? hour % 12 + 12 : nil
        case "새벽": hour == 12 || (0...6).contains(hour) ? hour % 12 : nil
        case "아침": (5...11).contains(hour) ? hour : nil
        case "낮": hour == 11 || hour == 12 ? hour : (1...5).contains(hour) ? hour + 12 : nil
        case "저녁": (5...11).contains(hour) ? hour + 12 : nil
        case "밤": (6...11).contains(hour) ? hour + 12 : nil
        default: nil
        }
    }

    /// `word` and `hour` as an example the reader takes: `새벽 4시` rather than `새벽 9시`, an hour
    /// the part of the day holds (`hour` itself when it does).
    static func sample(_ word: String, _ hour: Int) -> String {
        let typical = ["새벽": 4, "아침": 7, "낮": 2, "저녁": 7, "밤": 9, "오후": 3]
        return "\(word) \(Self.hour(word, hour) != nil ? hour : typical[word] ?? 9)시"
    }

    /// The hours a part of the day takes, as its refusal says them.
    private static let dayPartHours = [
        "새벽": "0–6시(새벽 12시는 0시)", "아침": "5–11시", "낮": "11시, 12시, 1–5시", "저녁": "5–11시", "밤": "6–11시",
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
        if let fromNow = try fromNow() {
            if peek == .word("에") { advance() }
            guard index == tokens.count else { throw unexpected(afterTime: true) }
            return .fromNow(seconds: fromNow)
        }
        var day = try self.day()
        writtenDay = day
        if day != nil, case .latin(let letter)? = peek, letter == "T" || letter == "t" {
            advance()
            guard case .number? = peek else { throw fail("날짜 뒤 T 다음에 시각이 와야 합니다", "2026-12-01T09:00") }
        }
        let time = try self.time()
        let zone = time == nil ? nil : try self.zone()
        if day != nil || time != nil, peek == .word("에") { advance() }
        guard index == tokens.count else { throw unexpected(afterTime: time != nil) }
        if endOfDay {
            // 자정, 오늘 밤 12시: the midnight that ends the day said (today when none), as Koreans mean it.
            guard let next = Self.shifted(day ?? .relative(days: 0), by: 1) else {
                throw fail("\(day.map { "\($0) " } ?? "")자정: 그날이 끝나는 자정은 다음 날 0시입니다. 다음 날을 날짜로 씁니다", "2026-12-02 0시")
            }
            day = next
        }
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
        if let english = englishHint() {
            return fail("\"\(english.word)\": 날과 시각은 한국어로 씁니다", english.example)
        }
        if case .latin(let letters) = token, ["am", "pm"].contains(letters.lowercased()) {
            return fail("\(letters) 앞에 1–12시의 숫자가 와야 합니다", "9:30 \(letters)")
        }
        return fail("\"\(shown)\": 여기에 올 수 없습니다. 날짜, 시각, 시간대 순으로 씁니다", "2026-12-01 09:00")
    }

    /// An English phrase (`3pm tomorrow`, `in 30 minutes`): the first English word, and the same
    /// phrase in the Korean the reader takes (`내일 오후 3시`, `30분 뒤`) when it can be built.
    private func englishHint() -> (word: String, example: String)? {
        let words = tokens.compactMap { token -> String? in
            guard case .latin(let letters) = token, Self.englishWords[letters.lowercased()] != nil else { return nil }
            return letters.lowercased()
        }
        guard let first = words.first else { return nil }
        var day: String?, time: String?, length: String?
        var index = 0
        while index < tokens.count {
            defer { index += 1 }
            switch tokens[index] {
            case .latin(let letters):
                let word = letters.lowercased()
                if ["noon", "midnight"].contains(word) { time = Self.englishWords[word] }
                if let weekday = Self.englishWords[word], weekday.hasSuffix("요일") {
                    day = words.contains("next") ? "다음 주 \(weekday)" : weekday
                } else if ["today", "tomorrow", "yesterday", "tonight"].contains(word), day == nil {
                    day = Self.englishWords[word]
                }
            case .number(let value, _):
                var ahead = index + 1, minute = 0
                if index + 2 < tokens.count, tokens[ahead] == .symbol(":"), case .number(let minutes, 2) = tokens[index + 2] {
                    minute = minutes
                    ahead += 2
                }
                let next = ahead < tokens.count ? tokens[ahead] : nil
                guard case .latin(let letters)? = next else { continue }
                let unit = letters.lowercased()
                if ["minute", "minutes", "min", "mins", "hour", "hours", "hr", "hrs"].contains(unit) {
                    let seconds = value * (unit.hasPrefix("h") ? 3600 : 60)
                    length = TimeQuery.spoken(duration: seconds) + (words.contains("ago") ? " 전" : " 뒤")
                } else if ["am", "pm"].contains(unit), (1...12).contains(value), minute <= 59 {
                    time = (unit == "am" ? "오전" : "오후") + " \(value)시" + (minute == 0 ? "" : " \(minute)분")
                }
            default:
                break
            }
        }
        let tonight = words.contains("tonight") && time == nil ? "밤 9시" : nil
        let built = length ?? [day, time ?? tonight].compactMap { $0 }.joined(separator: " ")
        let fallback = Self.englishWords[first].flatMap { $0.isEmpty ? nil : $0 } ?? "내일 오후 3시"
        let example = !built.isEmpty && (try? TimeQuery.parse(built)) != nil ? built : fallback
        let shown = tokens.first { if case .latin(let l) = $0 { l.lowercased() == first } else { false } }.map(Self.text) ?? first
        return (shown, example)
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
        case .latin(let word)? where Self.englishDays[word.lowercased()] != nil:
            advance()
            return .relative(days: Self.englishDays[word.lowercased()]!)
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
            endOfDay = peek == .word("자정")
            return TimeQuery.ClockTime(hour: peek == .word("정오") ? 12 : 0, minute: 0)
        }
        var meridiem: String?
        if case .word(let word)? = peek, Self.dayParts.contains(word) {
            meridiem = word
            advance()
        }
        let number: Int, digits: Int
        // An hour said in native words (세 시): without 오전·오후, 1–6시 are the afternoon's, as said in a day.
        var spokenHour = false
        switch peek {
        case .number(let value, let count)?:
            (number, digits) = (value, count)
            if peek(1) == .word("시간") { throw misplacedFromNow("\(value)시간") }
            if peek(1) == .word("분") {
                throw fail("\(value)분 앞에 몇 시인지 씁니다", "\(dayPrefix)\(meridiem.map { Self.sample($0, 9) } ?? "9시") \(Self.safe(value, 0...59, 30))분")
            }
        case .word(let word)? where TimeQueryToken.nativeNumbers[word] != nil:
            // 한 시 … 열두 시: the hour said aloud, read as its digits (열 시 is 10시), or the afternoon's below.
            let value = TimeQueryToken.nativeNumbers[word]!
            if peek(1) == .word("시간") { throw misplacedFromNow("\(word) 시간") }
            guard peek(1) == .word("시") else {
                throw fail("\"\(word)\": 시각이면 '\(word) 시'처럼 시를 붙입니다", "\(dayPrefix)\(meridiem.map { Self.sample($0, value) } ?? "\(value)시")")
            }
            (number, digits) = (value, 1)
            spokenHour = true
        default:
            if let meridiem { throw fail("\(meridiem) 뒤에 몇 시인지 씁니다", Self.sample(meridiem, 9)) }
            return nil
        }
        advance()
        var hour = number, minute = 0, second = 0
        // 9시 10분 전: ten minutes before 9:00 (8:50), as Koreans say it.
        var minutesBefore: Int?
        switch peek {
        case .word("시")?:
            advance()
            guard digits <= 2 else { throw fail("\(number)시는 없습니다(0–23시)", "9시") }
            var written = "\(number)시", minutesWritten: Int?
            if peek == .word("반") {
                advance()
                minute = 30
                written += " 반"
            } else if peek == .word("정각") {
                advance()
                written += " 정각"
            } else if case .number(let minutes, _)? = peek, peek(1) == .word("분") {
                advance(2)
                minute = minutes
                minutesWritten = minutes
                written += " \(minutes)분"
                if case .number(let seconds, _)? = peek, peek(1) == .word("초") {
                    advance(2)
                    second = seconds
                    written += " \(seconds)초"
                }
            }
            switch peek {
            case .word("전")?:
                guard let minutes = minutesWritten, second == 0 else {
                    throw fail("\(written) 전: 몇 분 전인지 씁니다(9시 10분 전은 8:50). 지금부터 셀 때는 '\(number)시간 전'", "\(Self.safe(number, 1...23, 9))시 10분 전")
                }
                advance()
                guard minutes <= 59 else { throw fail("\(minutes)분 전: 0–59분 전까지 씁니다", "\(Self.safe(number, 1...23, 9))시 10분 전") }
                minutesBefore = minutes
                minute = 0
            case .word("뒤")?, .word("후")?:
                let hours = Self.text(of: .number(number, digits: digits))
                let rest = minute == 0 ? "" : " \(minute)분"
                // Minutes past 59 are carried into the hours: the example must be a length that is taken.
                let length = minute <= 59 ? "\(hours)시간\(rest)" : TimeQuery.spoken(duration: (number * 60 + minute) * 60)
                throw fail("\"\(written) \(Self.text(of: peek!))\": 지금부터 셀 때는 '시'가 아니라 '시간'을 씁니다", "\(length) 뒤")
            default:
                break
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
            } else if digits <= 2, case .latin? = peek, let english = englishHint() {
                // 2 hours ago, 30 minutes: English, not a bare number.
                throw fail("\"\(english.word)\": 날과 시각은 한국어로 씁니다", english.example)
            } else if digits <= 2 {
                let hour = Self.safe(number, meridiem == nil ? 0...23 : 1...12, 9)
                throw fail("숫자 \(number)만으로는 시각인지 모릅니다", meridiem.map { Self.sample($0, hour) } ?? "\(hour)시")
            } else {
                throw fail("\(digits)자리 숫자 \(zeroPadded(number, width: digits)): 시각은 09:00이나 0900처럼, 날짜는 2026-12-01처럼 씁니다", "09:00")
            }
        }
        // Minutes and seconds before the hour's reading: a refusal built from them (a part of the
        // day with an hour it does not hold) must not carry an impossible minute into its example.
        let afternoon = spokenHour && meridiem == nil && latinMeridiem() == nil && (1...6).contains(hour)
        let exampleHour = Self.safe(hour + (afternoon ? 12 : 0), 0...23, 9)
        guard minute <= 59 else { throw fail("\(minute)분은 없습니다(0–59분)", "\(exampleHour)시 30분") }
        guard second <= 59 else {
            throw fail("\(second)초는 없습니다(0–59초)", "\(zeroPadded(exampleHour, width: 2)):\(zeroPadded(minute, width: 2)):00")
        }
        if let latin = latinMeridiem() {
            advance(latin.tokens)
            guard meridiem == nil else { throw fail("\(meridiem!)과 \(latin.text)을 함께 썼습니다", Self.sample(meridiem!, hour)) }
            guard (1...12).contains(hour) else {
                throw fail("\(latin.text) 앞에는 1–12시를 씁니다", hour == 0 ? "12:00 am" : "\(Self.safe(hour, 0...23, 9)):00")
            }
            hour = hour % 12 + (latin.afternoon ? 12 : 0)
        } else if let word = meridiem {
            guard (0...12).contains(hour) else { throw fail("\(word) 뒤에는 1–12시를 씁니다", hour <= 23 ? "\(hour)시" : Self.sample(word, 9)) }
            if word == "밤" || word == "저녁", hour == 12 {
                // 밤 12시: the midnight that ends the evening, 0시 of the next day.
                endOfDay = true
                hour = 0
            } else {
                guard let read = Self.hour(word, hour) else { throw outsideDayPart(word, hour: hour, minute: minute) }
                hour = read
            }
        } else if afternoon {
            // 세 시 반 in a working day is 15:30, not 03:30: 새벽 세 시 says the other.
            hour += 12
        }
        guard hour <= 23 else { throw fail("\(hour)시는 없습니다(0–23시)", hour == 24 ? "내일 0시" : "23시") }
        if let minutesBefore {
            // 밤 12시 10분 전 is 23:50 of the day said.
            let base = endOfDay && minutesBefore > 0 ? 24 : hour
            if base == 24 { endOfDay = false }
            let total = base * 60 - minutesBefore
            guard total >= 0 else {
                let before = (total + 1440) / 60, after = (total + 1440) % 60
                throw fail("\(hour)시 \(minutesBefore)분 전은 전날 \(before)시 \(after)분입니다", "\(previousDayPrefix)\(before)시 \(after)분")
            }
            return TimeQuery.ClockTime(hour: total / 60, minute: total % 60)
        }
        return TimeQuery.ClockTime(hour: hour, minute: minute, second: second)
    }

    // MARK: - From now

    /// `30분 뒤`, `2시간 후`, `한 시간 반 뒤`, `1시간 30분 전`: seconds from now (negative: before),
    /// or nil when the text does not start with a length.
    private mutating func fromNow() throws(TimeQueryError) -> Int? {
        if peek == .word("반"), peek(1) == .word("시간") {
            // 반 시간 뒤: half an hour.
            advance(2)
            return try direction(minutes: 30)
        }
        let amount: Int
        switch peek {
        case .number(let value, _)?: amount = value
        case .word(let word)? where TimeQueryToken.nativeNumbers[word] != nil: amount = TimeQueryToken.nativeNumbers[word]!
        default: return nil
        }
        var minutes: Int
        switch peek(1) {
        case .word("시간")?:
            advance(2)
            minutes = amount * 60
            if peek == .word("반") {
                advance()
                minutes += 30
            } else if case .number(let extra, _)? = peek, peek(1) == .word("분") {
                advance(2)
                guard extra <= 59 else {
                    throw fail("\(amount)시간 \(extra)분: 분은 0–59로 씁니다", "\(TimeQuery.spoken(duration: (minutes + extra) * 60)) 뒤")
                }
                minutes += extra
            }
        case .word("분")?:
            guard case .number = peek else { return nil }
            advance(2)
            minutes = amount
        default:
            return nil
        }
        return try direction(minutes: minutes)
    }

    /// `뒤`, `후` or `전` after a length of `minutes`: its seconds from now.
    private mutating func direction(minutes: Int) throws(TimeQueryError) -> Int {
        let length = TimeQuery.spoken(duration: minutes * 60)
        switch peek {
        case .word("뒤")?, .word("후")?:
            advance()
            return minutes * 60
        case .word("전")?:
            advance()
            return -minutes * 60
        default:
            throw fail("\(length): 지금부터 그만큼 뒤(뒤·후)인지 전인지 씁니다", "\(length) 뒤")
        }
    }

    /// `2시간` after a day or 오전: a length counts from now, without a day.
    private func misplacedFromNow(_ length: String) -> TimeQueryError {
        fail("\(length): 지금부터 세는 시각에는 날이나 오전·오후를 붙이지 않습니다", "\(length) 뒤")
    }

    /// The day written before the time and a space, or nothing: examples keep it.
    private var dayPrefix: String { writtenDay.map { "\($0) " } ?? "" }

    /// The day before the one written (today's when none), as an example's prefix, or nothing
    /// when it cannot be said in a form the reader takes.
    private var previousDayPrefix: String { Self.shifted(writtenDay ?? .relative(days: 0), by: -1).map { "\($0) " } ?? "" }

    /// The day after the one written (tomorrow when none), as an example's prefix.
    private var nextDayPrefix: String { Self.shifted(writtenDay ?? .relative(days: 0), by: 1).map { "\($0) " } ?? dayPrefix }

    /// `day` moved by one day, when the reader has a form for it that means that day whatever
    /// today is (`내일` → `모레`, `2026-12-01` → `2026-12-02`, `다음 주 월요일` → `다음 주 화요일`).
    private static func shifted(_ day: TimeQuery.Day, by step: Int) -> TimeQuery.Day? {
        switch day {
        case .relative(let days):
            return (-2...3).contains(days + step) ? .relative(days: days + step) : nil
        case .date(let date):
            let local = LocalDateTime(secondsSinceEpoch: Int64(date.daysSinceEpoch + step) * 86_400)
            guard (1...9999).contains(local.year) else { return nil }
            return .date(.init(year: local.year, month: local.month, day: local.day))
        case .weekday(let weekday, let week?):
            let days = (week + 1) * 7 + weekday - 1 + step
            guard (0..<21).contains(days) else { return nil }
            return .weekday(days % 7 + 1, week: days / 7 - 1)
        case .weekday(_, nil), .monthDay:
            // 월요일 is the next Monday after today: the day after it depends on today.
            return nil
        }
    }

    /// A part of the day with an hour it does not hold: the readings it could have, and the
    /// one its words most likely mean as the example (저녁 12시 is the midnight that ends the
    /// evening, 새벽 11시 the morning's 11시).
    private func outsideDayPart(_ word: String, hour: Int, minute: Int) -> TimeQueryError {
        let clock = hour % 12 == 0 ? 12 : hour % 12
        let minutes = minute == 0 ? "" : " \(minute)분"
        let hours = Self.dayPartHours[word] ?? ""
        func wall(_ hour: Int) -> String { "\(zeroPadded(hour, width: 2)):\(zeroPadded(minute, width: 2))" }
        if word == "밤" || (hour % 12 == 0 && word == "저녁") {
            // Past midnight: which day's night is meant is the question.
            let early = hour % 12
            let spoken = early == 0 ? "0시\(minutes)" : "새벽 \(early)시\(minutes)"
            return fail(
                "\(word) \(clock)시\(minutes): 자정이 지나 날이 바뀐 뒤라 어느 날인지 모호합니다(\(word)은 \(hours)). "
                    + "그날 밤이 지난 뒤면 다음 날 \(spoken)(\(wall(early))), 그날이 시작할 때면 \(dayPrefix)\(spoken)",
                "\(nextDayPrefix)\(spoken)")
        }
        if hour % 12 == 0 {
            return fail(
                "\(word) 12시\(minutes): \(word)은 \(hours)입니다. 뜻한 때에 따라 낮 12시\(minutes)(\(wall(12))), \(dayPrefix)0시\(minutes)(\(wall(0)))",
                "\(dayPrefix)낮 12시\(minutes)")
        }
        let morning = "오전 \(clock)시\(minutes)", afternoon = "오후 \(clock)시\(minutes)"
        let example = word == "저녁" ? afternoon : morning
        return fail(
            "\(word) \(clock)시\(minutes): \(word)은 \(hours)입니다. 뜻한 때에 따라 \(morning)(\(wall(clock))), \(afternoon)(\(wall(clock + 12)))",
            "\(dayPrefix)\(example)")
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
        case .latin(let letters)? where Self.englishWords[letters.lowercased()] != nil:
            return nil  // 3pm tomorrow: English, not an abbreviation (the refusal says so)
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
