import HangulIndex

/// One piece of a `--at` text: what `TimeQueryParser` reads. Spaces only separate tokens.
enum TimeQueryToken: Equatable, Sendable {
    /// A run of ASCII digits: its value and how many digits were written (`09` is 2).
    case number(Int, digits: Int)
    /// A Korean word the reader knows (`내일`, `오후`, `시`, `반`, `월요일`).
    case word(String)
    /// A run of ASCII letters, as written (`am`, `KST`, `T`, `Z`).
    case latin(String)
    /// One punctuation mark: `:` `-` `/` `.` `+` `(` `)` `,` (U+2212 MINUS SIGN is `-`).
    case symbol(Character)

    /// The longest runs of digits a number may have (`20261201` is read, then refused as a form).
    static let maximumDigits = 9

    /// The Korean words, longest first so that `월요일` wins over `월` and `다음` over `다`.
    static let words: [String] =
        ([
            "그저께", "월요일", "화요일", "수요일", "목요일", "금요일", "토요일", "일요일",
            "오늘", "내일", "낼", "모레", "글피", "어제", "그제", "이번", "다음", "지난", "정각", "오전", "오후", "새벽", "아침", "저녁", "정오", "자정", "지금",
            "주", "년", "월", "일", "시", "분", "초", "반", "낮", "밤", "화", "수", "목", "금", "토", "에",
            // Relative times (30분 뒤, 2시간 후, 9시간 전) and hours said aloud (한 시, 열두 시).
            "시간", "뒤", "후", "전",
        ] + nativeNumbers.keys).sorted { $0.count > $1.count }

    /// The native Korean numbers an hour is said with (한 시 … 열두 시, 두 시간 뒤): 1–12.
    /// Among the words longest first, so that `열두` is not `열` + `두` nor `일곱` `일` (day) + `곱`.
    static let nativeNumbers: [String: Int] = [
        "한": 1, "두": 2, "세": 3, "네": 4, "다섯": 5, "여섯": 6, "일곱": 7, "여덟": 8, "아홉": 9, "열": 10, "열한": 11, "열두": 12,
    ]

    /// The tokens of `text`, after folding the forms text arrives in: NFD Hangul composed (a Mac's
    /// file names and some terminals send 시 as ᄉ + ᅵ), fullwidth ASCII (０９：００) made ASCII,
    /// every kind of space a space.
    /// - Throws: `TimeQueryError` naming a word or character the reader does not know.
    static func scan(_ text: String) throws(TimeQueryError) -> [TimeQueryToken] {
        let scalars = folded(text)
        var tokens: [TimeQueryToken] = []
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            switch scalar.value {
            case 0x20:
                index += 1
            case 0x30...0x39:
                let start = index
                var value = 0
                while index < scalars.count, (0x30...0x39).contains(scalars[index].value) {
                    if index - start < maximumDigits { value = value * 10 + Int(scalars[index].value - 0x30) }
                    index += 1
                }
                guard index - start <= maximumDigits else {
                    throw TimeQueryError(text: text, reason: "숫자가 \(index - start)자리로 너무 깁니다", example: "2026-12-01 09:00")
                }
                tokens.append(.number(value, digits: index - start))
            case 0x41...0x5A, 0x61...0x7A:
                let start = index
                while index < scalars.count, Self.isLatinLetter(scalars[index]) { index += 1 }
                tokens.append(.latin(String(String.UnicodeScalarView(scalars[start..<index]))))
            case 0xAC00...0xD7A3:
                let start = index
                while index < scalars.count, (0xAC00...0xD7A3).contains(scalars[index].value) { index += 1 }
                var run = Substring(String(String.UnicodeScalarView(scalars[start..<index])))
                // 십오 분, 사십오분, 삼십 분 뒤: a Sino-Korean number before a unit is its digits.
                if let (value, length) = sinoKoreanNumber(at: run),
                    isUnit(after: run.dropFirst(length), following: scalars[index...].drop(while: { $0 == " " }))
                {
                    tokens.append(.number(value, digits: String(value).count))
                    run = run.dropFirst(length)
                }
                tokens += try words(in: String(run), text: text)
            case 0x2212:
                tokens.append(.symbol("-"))
                index += 1
            default:
                let character = Character(scalar)
                guard ":-/.+(),".contains(character) else {
                    throw TimeQueryError(
                        text: text, reason: "\"\(PrintableText.escaped(String(scalar), limit: 8))\"\(Self.unknownCharacterTail)",
                        example: "내일 오후 3시")
                }
                tokens.append(.symbol(character))
                index += 1
            }
        }
        return tokens
    }

    private static let unknownCharacterTail = ": 시각에 쓰지 않는 글자입니다(숫자, 한글 날짜·시각 낱말, : - / . + 와 am·pm, 시간대 약어만 읽습니다)"

    private static func isLatinLetter(_ scalar: Unicode.Scalar) -> Bool {
        (0x41...0x5A).contains(scalar.value) || (0x61...0x7A).contains(scalar.value)
    }

    /// The Sino-Korean digits: 일 (1) … 구 (9); 십 is ten.
    static let sinoKoreanDigits: [Character: Int] = ["일": 1, "이": 2, "삼": 3, "사": 4, "오": 5, "육": 6, "칠": 7, "팔": 8, "구": 9]

    /// The units a Sino-Korean number is read before: minutes, seconds, hours and lengths of hours.
    private static let sinoKoreanUnits = ["분", "초", "시"]

    /// The Sino-Korean number `run` starts with (`오` 5, `십오` 15, `사십오` 45, `구십구` 99) and how
    /// many syllables it takes, or nil. Tens are `이십`…`구십` (not `일십`), units `일`…`구`.
    static func sinoKoreanNumber(at run: Substring) -> (value: Int, length: Int)? {
        let syllables = Array(run.prefix(3))
        var value = 0, length = 0
        if syllables.count >= 2, syllables[1] == "십", let tens = sinoKoreanDigits[syllables[0]], tens >= 2 {
            (value, length) = (tens * 10, 2)
        } else if syllables.first == "십" {
            (value, length) = (10, 1)
        }
        if length < syllables.count, let unit = sinoKoreanDigits[syllables[length]] {
            value += unit
            length += 1
        }
        return length == 0 ? nil : (value, length)
    }

    /// Whether a unit (`분`, `초`, `시`, `시간`) comes right after a number: in the same run of
    /// syllables (`rest`), or, when the run ends there, first after the spaces (`following`).
    private static func isUnit(after rest: Substring, following: ArraySlice<Unicode.Scalar>) -> Bool {
        if !rest.isEmpty { return sinoKoreanUnits.contains { rest.hasPrefix($0) } }
        guard let next = following.first else { return false }
        return sinoKoreanUnits.contains { $0.unicodeScalars.first == next }
    }

    /// A run of Hangul syllables as known words, longest match first.
    private static func words(in run: String, text: String) throws(TimeQueryError) -> [TimeQueryToken] {
        var rest = Substring(run)
        var found: [TimeQueryToken] = []
        while !rest.isEmpty {
            guard let word = words.first(where: { rest.hasPrefix($0) }) else {
                throw TimeQueryError(
                    text: text,
                    reason: "\"\(rest.prefix(8))\": 모르는 말입니다(오늘·내일·모레·어제, 월요일…일요일, 다음 주, 12월 1일, 오전·오후, 9시 30분, 한 시 십오 분, 반, 정오·자정, 30분 뒤를 읽습니다)",
                    example: "내일 오전 9시")
            }
            found.append(.word(word))
            rest = rest.dropFirst(word.count)
        }
        return found
    }

    /// NFD Hangul composed, fullwidth ASCII made ASCII, spaces made U+0020.
    static func folded(_ text: String) -> [Unicode.Scalar] {
        var result: [Unicode.Scalar] = []
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if scalar.properties.isWhitespace {
                result.append(" ")
            } else if (0xFF01...0xFF5E).contains(value) {
                result.append(Unicode.Scalar(value - 0xFEE0)!)
            } else if (0x1161...0x1175).contains(value), let last = result.last, (0x1100...0x1112).contains(last.value) {
                // A leading consonant and a vowel: a syllable without a final.
                result[result.count - 1] = Jamo.compose(initial: Int(last.value - 0x1100), medial: Int(value - 0x1161), final: nil)
            } else if (0x11A8...0x11C2).contains(value), let last = result.last, let parts = Jamo.decompose(last), parts.final == nil {
                result[result.count - 1] = Jamo.compose(initial: parts.initial, medial: parts.medial, final: Int(value - 0x11A8))
            } else {
                result.append(scalar)
            }
        }
        return result
    }
}
