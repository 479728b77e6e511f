extension TZif {
    /// A footer TZ string (POSIX TZ with the RFC 8536 §3.3.1 extensions), which governs local time
    /// after the last stored transition: "KST-9", "<+05>-5", "EST5EDT,M3.2.0,M11.1.0".
    struct POSIXRule: Sendable, Hashable {
        /// The day of the year a DST switch happens.
        enum Day: Sendable, Hashable {
            /// `Jn`: day 1...365, never counting February 29.
            case julian(Int)
            /// `n`: day 0...365, counting February 29.
            case zeroBased(Int)
            /// `Mm.w.d`: weekday `d` (0 = Sunday) of week `w` (5 = last) of month `m`.
            case monthWeekDay(month: Int, week: Int, weekday: Int)
        }

        /// A switch into or out of DST: a day and a local time of day, which may be negative or past 24h.
        struct Switch: Sendable, Hashable {
            /// The day the switch is counted from.
            var day: Day
            /// Seconds after that day's local midnight, in the time then in effect (−167h...167h).
            var time: Int
        }

        /// The DST half of a rule: its local time type and when it starts and ends.
        struct Daylight: Sendable, Hashable {
            /// The type in effect between `start` and `end`.
            var type: LocalTimeType
            /// The switch into DST, read on the standard clock.
            var start: Switch
            /// The switch out of DST, read on the daylight clock.
            var end: Switch
        }

        /// The time outside DST, and the only one when there is no `daylight`.
        let standard: LocalTimeType
        /// The DST time and its switches; nil for zones without DST ("KST-9").
        let daylight: Daylight?

        /// Parses a TZ string; anything not wholly consumed is `.badFooter`.
        init(_ string: String) throws(TZifError) {
            var scanner = TZStringScanner(bytes: Array(string.utf8))
            guard let rule = scanner.rule(), scanner.isAtEnd else { throw .badFooter(string) }
            (standard, daylight) = rule
        }

        /// Whether DST is in effect at `t` seconds since 1970 UT (false without DST).
        func isDaylight(at t: Int64) -> Bool {
            guard let daylight else { return false }
            // Switches of the neighbouring years can cross into this one (times run to ±167h), so take the
            // latest switch at or before t among three years. Scanning in order lets a start win a tie with
            // the previous year's end, which is how RFC 8536 spells year-round DST ("0/0,J365/25").
            let year = Self.year(ofDay: Self.floorDiv(t + Int64(standard.utOffset), 86_400))
            var latest = Int64.min, isDST = false, found = false
            for y in (year - 1)...(year + 1) {
                let start = Self.instant(daylight.start, year: y, utOffset: standard.utOffset)
                if start <= t && start >= latest { (latest, isDST, found) = (start, true, true) }
                let end = Self.instant(daylight.end, year: y, utOffset: daylight.type.utOffset)
                if end <= t && end >= latest { (latest, isDST, found) = (end, false, true) }
            }
            return found && isDST
        }

        /// The instants of `year`'s two switches (into DST, out of DST); none without DST.
        func switches(inYear year: Int64) -> [Int64] {
            guard let daylight else { return [] }
            return [
                Self.instant(daylight.start, year: year, utOffset: standard.utOffset),
                Self.instant(daylight.end, year: year, utOffset: daylight.type.utOffset),
            ]
        }

        /// The proleptic Gregorian year of the UT instant `t`, give or take a day at the new year.
        static func year(of t: Int64) -> Int64 {
            year(ofDay: floorDiv(t, 86_400))
        }

        /// The UT instant of a switch in `year`, read on a clock `utOffset` seconds east of UT.
        private static func instant(_ change: Switch, year: Int64, utOffset: Int) -> Int64 {
            let january1 = days(year: year, month: 1, day: 1)
            let day: Int64
            switch change.day {
            case .julian(let n):
                day = january1 + Int64(n - 1) + (isLeap(year) && n >= 60 ? 1 : 0)
            case .zeroBased(let n):
                day = january1 + Int64(n)
            case .monthWeekDay(let month, let week, let weekday):
                let first = days(year: year, month: Int64(month), day: 1)
                let length = days(year: month == 12 ? year + 1 : year, month: Int64(month % 12 + 1), day: 1) - first
                // 1970-01-01 was a Thursday (weekday 4).
                var offset = (Int64(weekday) - floorMod(first + 4, 7) + 7) % 7 + Int64(week - 1) * 7
                if offset >= length { offset -= 7 }
                day = first + offset
            }
            return day * 86_400 + Int64(change.time) - Int64(utOffset)
        }

        /// Whether `year` has a February 29.
        private static func isLeap(_ year: Int64) -> Bool {
            year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        }

        /// Days since 1970-01-01 of a proleptic Gregorian date (Hinnant's days_from_civil).
        private static func days(year: Int64, month: Int64, day: Int64) -> Int64 {
            let y = month <= 2 ? year - 1 : year
            let era = floorDiv(y, 400)
            let yearOfEra = y - era * 400
            let dayOfYear = (153 * ((month + 9) % 12) + 2) / 5 + day - 1
            return era * 146_097 + yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear - 719_468
        }

        /// The proleptic Gregorian year containing a day counted from 1970-01-01 (Hinnant's civil_from_days).
        private static func year(ofDay day: Int64) -> Int64 {
            let z = day + 719_468
            let era = floorDiv(z, 146_097)
            let dayOfEra = z - era * 146_097
            let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
            let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
            let marchMonth = (5 * dayOfYear + 2) / 153
            return yearOfEra + era * 400 + (marchMonth >= 10 ? 1 : 0)
        }

        /// The remainder in 0..<b, so weekdays of days before 1970 stay in 0...6.
        private static func floorMod(_ a: Int64, _ b: Int64) -> Int64 {
            a - floorDiv(a, b) * b
        }

        /// Division rounding toward negative infinity, for instants before 1970.
        private static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
            a >= 0 ? a / b : -((-a + b - 1) / b)
        }
    }
}

extension TZif {
    /// What a TZ string alone states: no stored transitions, the rule governing all time.
    init(rule: POSIXRule, text: String? = nil) {
        version = 2
        transitionTimes = []
        transitionTypes = []
        localTimeTypes = [rule.standard]
        footer = rule
        footerText = text
    }
}

/// A recursive-descent reader of TZ strings; each method returns nil on malformed input.
private struct TZStringScanner {
    /// The TZ string's UTF-8; anything non-ASCII simply fails to match.
    let bytes: [UInt8]
    /// The next byte to read.
    var index = 0

    /// Whether everything has been consumed.
    var isAtEnd: Bool { index == bytes.count }

    /// std offset [dst [offset] [,start[/time],end[/time]]].
    mutating func rule() -> (TZif.LocalTimeType, TZif.POSIXRule.Daylight?)? {
        // POSIX offsets count hours west of UT; ttinfo offsets count seconds east.
        guard let stdName = name(), let stdWest = duration(maxHours: 24) else { return nil }
        let standard = TZif.LocalTimeType(utOffset: -stdWest, isDST: false, abbreviation: stdName)
        if isAtEnd { return (standard, nil) }
        guard let dstName = name() else { return nil }
        var dstOffset = standard.utOffset + 3600
        if index < bytes.count, bytes[index] != UInt8(ascii: ",") {
            guard let west = duration(maxHours: 24) else { return nil }
            dstOffset = -west
        }
        let daylight = TZif.LocalTimeType(utOffset: dstOffset, isDST: true, abbreviation: dstName)
        // POSIX leaves a missing rule to the implementation; glibc and tzcode fall back to the US rule.
        if isAtEnd {
            let start = TZif.POSIXRule.Switch(day: .monthWeekDay(month: 3, week: 2, weekday: 0), time: 7200)
            let end = TZif.POSIXRule.Switch(day: .monthWeekDay(month: 11, week: 1, weekday: 0), time: 7200)
            return (standard, .init(type: daylight, start: start, end: end))
        }
        guard consume(","), let start = change(), consume(","), let end = change() else { return nil }
        return (standard, .init(type: daylight, start: start, end: end))
    }

    /// A designation: three or more letters, or `<...>` around three or more of [A-Za-z0-9+-].
    private mutating func name() -> String? {
        let quoted = consume("<")
        let start = index
        while index < bytes.count, Self.isNameByte(bytes[index], quoted: quoted) { index += 1 }
        let name = String(decoding: bytes[start..<index], as: UTF8.self)
        guard name.utf8.count >= 3, !quoted || consume(">") else { return nil }
        return name
    }

    /// Whether a byte may appear in a designation.
    private static func isNameByte(_ byte: UInt8, quoted: Bool) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"): true
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"): quoted
        default: false
        }
    }

    /// `,start[/time]` minus the comma: `Jn`, `n` or `Mm.w.d`, then a time defaulting to 02:00.
    private mutating func change() -> TZif.POSIXRule.Switch? {
        let day: TZif.POSIXRule.Day
        if consume("J") {
            guard let n = number(), (1...365).contains(n) else { return nil }
            day = .julian(n)
        } else if consume("M") {
            guard let m = number(), (1...12).contains(m), consume("."), let w = number(), (1...5).contains(w),
                consume("."), let d = number(), (0...6).contains(d)
            else { return nil }
            day = .monthWeekDay(month: m, week: w, weekday: d)
        } else {
            guard let n = number(), (0...365).contains(n) else { return nil }
            day = .zeroBased(n)
        }
        guard consume("/") else { return .init(day: day, time: 7200) }
        guard let time = duration(maxHours: 167) else { return nil }
        return .init(day: day, time: time)
    }

    /// `[+-]hh[:mm[:ss]]` in seconds, hours up to `maxHours`.
    private mutating func duration(maxHours: Int) -> Int? {
        let sign = consume("-") ? -1 : 1
        if sign == 1 { _ = consume("+") }
        guard let hours = number(maxDigits: 3), hours <= maxHours else { return nil }
        var seconds = hours * 3600
        for unit in [60, 1] {
            guard consume(":") else { break }
            guard let part = number(maxDigits: 2), part < 60 else { return nil }
            seconds += part * unit
        }
        return sign * seconds
    }

    /// An unsigned decimal of one to `maxDigits` digits.
    private mutating func number(maxDigits: Int = 3) -> Int? {
        let start = index
        var value = 0
        let digits = UInt8(ascii: "0")...UInt8(ascii: "9")
        while index < bytes.count, index - start < maxDigits, digits.contains(bytes[index]) {
            value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
            index += 1
        }
        return index > start ? value : nil
    }

    /// Consumes `character` if it is next.
    private mutating func consume(_ character: Unicode.Scalar) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
        index += 1
        return true
    }
}
