/// Korean particles that change with the sound they follow (받침, the final consonant of the last
/// syllable): 뉴욕을 but 파리를, 서울로 and 뉴욕으로. Messages that put a name, a query or a code
/// before a particle use this instead of the machine-like `을(를)`.
enum KoreanParticle {
    /// 이/가
    case subject
    /// 을/를
    case object
    /// 은/는
    case topic
    /// 으로/로 (로 also after ㄹ: 서울로)
    case direction
    /// 과/와
    case and

    /// The two forms: after a final consonant, after a vowel.
    private var forms: (consonant: String, vowel: String) {
        switch self {
        case .subject: ("이", "가")
        case .object: ("을", "를")
        case .topic: ("은", "는")
        case .direction: ("으로", "로")
        case .and: ("과", "와")
        }
    }

    /// `word` followed by the form of the particle its last sound takes.
    static func attach(_ particle: KoreanParticle, to word: String) -> String {
        word + particle.form(after: word)
    }

    /// The form of the particle after `word`. Quotes and brackets at the end are skipped ("뉴욕" →
    /// 을); Latin, digits and jamo are read as a Korean speaker says them (NYC 씨 → 를, 7 칠 → 을,
    /// ㄱ 기역 → 을); anything unreadable takes the consonant form written as Korean does for
    /// unknown words.
    func form(after word: String) -> String {
        let final = KoreanParticle.finalConsonant(of: word)
        switch (self, final) {
        case (_, .none): return forms.vowel
        case (.direction, .rieul): return forms.vowel
        default: return forms.consonant
        }
    }

    enum Final: Equatable { case none, rieul, other }

    /// The final consonant the last pronounced sound of `word` ends in.
    static func finalConsonant(of word: String) -> Final {
        let closing: Set<Character> = ["\"", "'", "”", "’", ")", "]", "」", "』", ">", " ", ".", "…"]
        let trimmed = word.reversed().drop { closing.contains($0) }
        guard let last = trimmed.first, let scalar = last.unicodeScalars.first else { return .other }
        switch scalar.value {
        case 0xAC00...0xD7A3:
            let final = (scalar.value - 0xAC00) % 28
            return final == 0 ? .none : final == 8 ? .rieul : .other
        case 0x3131...0x314E:
            // Consonant names all end in a consonant: 기역, 니은, 리을 (ㄹ), …
            return scalar.value == 0x3139 ? .rieul : .other
        case 0x314F...0x3163, 0x1161...0x1175:
            // A vowel jamo is read as its sound (ㅏ 아, ㅗ 오): no final consonant.
            return .none
        case 0x30...0x39:
            return digitFinal(String(trimmed.prefix { $0.isASCII && $0.isNumber }.reversed()))
        case 0x41...0x5A, 0x61...0x7A:
            let letters = String(trimmed.prefix { $0.isASCII && $0.isLetter }.reversed())
            return latinFinal(letters)
        default:
            return .other
        }
    }

    /// 영 일 이 삼 사 오 육 칠 팔 구 for the last digit; 십 백 천 만 for round numbers.
    private static func digitFinal(_ digits: String) -> Final {
        let zeros = digits.reversed().prefix { $0 == "0" }.count
        if zeros > 0 && zeros < digits.count {
            // 10 십, 100 백, 1000 천, 10000 만: all end in a consonant that is not ㄹ.
            return .other
        }
        switch digits.last {
        case "1", "7", "8": return .rieul
        case "2", "4", "5", "9": return .none
        default: return .other  // 영, 삼, 육
        }
    }

    /// Acronyms (all capitals, or one letter) are read letter by letter (UTC 씨, URL 엘, N 엔).
    /// Words are read as their usual Korean loanword: l ends in ㄹ (Seoul 서울, Nile 나일); m, n
    /// and ng in a final consonant (Berlin 베를린, Rome 롬, Hong Kong 홍콩); k after o or c, and
    /// p, t, k after the single short vowel of a one-syllable word, in one too (York 욕, Bangkok
    /// 방콕, clock 클록, hot 핫); every other ending takes 으 or a vowel (Budapest 부다페스트,
    /// Beirut 베이루트, park 파크, Tokyo 도쿄, cake 케이크).
    private static func latinFinal(_ letters: String) -> Final {
        guard let last = letters.last?.lowercased().first else { return .other }
        if letters.count == 1 || letters.allSatisfy(\.isUppercase) {
            switch last {
            case "l", "r": return .rieul  // 엘, 알
            case "m", "n": return .other  // 엠, 엔
            default: return .none  // 에이, 비, 씨, …, 엑스, 와이, 지
            }
        }
        let vowels: Set<Character> = ["a", "e", "i", "o", "u", "y"]
        var word = Array(letters.lowercased())
        // A silent e after a consonant (Nile, Rome, cake) is not read; the vowel before it is long.
        let silentE = word.count > 3 && word.last == "e" && !vowels.contains(word[word.count - 2])
        if silentE { word.removeLast() }
        let stem = String(word)
        switch word.last {
        case "l": return .rieul
        case "m", "n": return .other
        case "g" where stem.hasSuffix("ng"): return .other
        case "k" where !silentE && (stem.hasSuffix("ok") || stem.hasSuffix("ork") || stem.hasSuffix("ck")): return .other
        case "p", "t",
            "k" where !silentE:
            // One vowel letter, right before the last consonant: a short closed syllable (hot, cup, set).
            let vowelCount = word.filter { vowels.contains($0) }.count
            return vowelCount == 1 && word.count >= 2 && vowels.contains(word[word.count - 2]) ? .other : .none
        default: return .none
        }
    }
}
