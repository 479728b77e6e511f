import Testing

@testable import HangulCollation
@testable import HangulIndex

@Suite("Choseong of every Unicode form")
struct ChoseongTests {
    /// ㄱ as it arrives from keyboards, files and pasted text.
    static let formsOfGiyeok: [(form: String, text: String)] = [
        ("NFC syllable 가", "가"),
        ("NFD ᄀ U+1100 + ᅡ U+1161", "\u{1100}\u{1161}"),
        ("compatibility jamo ㄱ U+3131", "\u{3131}"),
        ("conjoining jamo ᄀ U+1100 alone", "\u{1100}"),
        ("halfwidth ﾡ U+FFA1", "\u{FFA1}"),
        ("circled ㉠ U+3260", "\u{3260}"),
        ("parenthesised ㈀ U+3200", "\u{3200}"),
        ("a leading space", "  가나"),
        ("NFD name 가나다", "\u{1100}\u{1161}\u{1102}\u{1161}\u{1103}\u{1161}"),
    ]

    @Test("every form of ㄱ gives the compatibility jamo U+3131", arguments: formsOfGiyeok)
    func everyFormGivesCompatibilityJamo(form: String, text: String) throws {
        #expect(try Choseong.of(text) == "\u{3131}", "\(form)")
    }

    /// The 19 initial consonants in the order of the conjoining block U+1100–U+1112 (and of the
    /// syllable arithmetic (s − 0xAC00) / 588), written as the compatibility jamo U+3131… a title shows.
    static let initialsInOrder = Array("ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ")

    @Test(
        "each conjoining initial U+1100–U+1112 and each syllable block gives the compatibility jamo, never the conjoining one",
        arguments: 0..<19)
    func conjoiningBecomesCompatibility(index: Int) throws {
        let expected = Self.initialsInOrder[index].unicodeScalars.first!
        #expect((0x3131...0x314E).contains(expected.value))
        let conjoining = Unicode.Scalar(0x1100 + UInt32(index))!
        #expect(Jamo.compatibility(conjoining) == expected)
        #expect(try Choseong.of(String(conjoining)) == expected)
        // The first and last syllable with this initial (가 and 깋 for ㄱ).
        let first = Unicode.Scalar(0xAC00 + UInt32(index) * 588)!, last = Unicode.Scalar(0xAC00 + UInt32(index) * 588 + 587)!
        #expect(try Choseong.of(String(first)) == expected)
        #expect(try Choseong.of(String(last)) == expected)
    }

    @Test("double consonants keep their own choseong", arguments: [("까치", "ㄲ"), ("빵", "ㅃ"), ("쌀", "ㅆ"), ("짜장", "ㅉ"), ("땅", "ㄸ")])
    func doubleConsonants(name: String, expected: String) throws {
        #expect(try Choseong.of(name).map(String.init) == expected)
    }

    @Test("a name without a Hangul consonant first has no choseong", arguments: ["", "   ", "Seoul", "123", "😀", "ㅏ", "中"])
    func noChoseong(name: String) throws {
        #expect(try Choseong.of(name) == nil)
    }

    @Test(
        "the choseong string of a name",
        arguments: [
            ("뉴욕", "ㄴㅇ"),
            ("\u{1102}\u{1172}\u{110B}\u{116D}\u{11A8}", "ㄴㅇ"),  // 뉴욕 in NFD
            ("ㅈㅁㅈ", "ㅈㅁㅈ"),
            ("LA 다저스", "LA ㄷㅈㅅ"),
            ("로스앤젤레스", "ㄹㅅㅇㅈㄹㅅ"),
            ("\u{FFA1}\u{FFA4}", "ㄱㄴ"),  // halfwidth
            ("", ""),
        ])
    func choseongString(name: String, expected: String) throws {
        #expect(try Choseong.string(of: name) == expected)
    }

    @Test(
        "a compound vowel is the two vowels typed for it, and no other vowel is compound",
        arguments: [("ㅘ", "ㅗ", "ㅏ"), ("ㅙ", "ㅗ", "ㅐ"), ("ㅚ", "ㅗ", "ㅣ"), ("ㅝ", "ㅜ", "ㅓ"), ("ㅞ", "ㅜ", "ㅔ"), ("ㅟ", "ㅜ", "ㅣ"), ("ㅢ", "ㅡ", "ㅣ")])
    func compoundVowels(compound: Unicode.Scalar, first: Unicode.Scalar, second: Unicode.Scalar) throws {
        let index = { (vowel: Unicode.Scalar) in Jamo.medials.firstIndex(of: vowel) }
        let compoundIndex = try #require(index(compound))
        let parts = try #require(Jamo.compoundVowel(compoundIndex))
        #expect(parts.first == index(first) && parts.second == index(second))
        #expect(Jamo.medials.indices.filter { Jamo.compoundVowel($0) != nil }.count == 7)
    }

    @Test("syllable arithmetic round-trips for all 11,172 syllables")
    func syllableRoundTrip() {
        for value in UInt32(0xAC00)...0xD7A3 {
            let scalar = Unicode.Scalar(value)!
            let parts = Jamo.decompose(scalar)!
            #expect(Jamo.compose(initial: parts.initial, medial: parts.medial, final: parts.final) == scalar)
        }
        #expect(Jamo.decompose("a") == nil)
    }

    @Test("conjoining jamo map to compatibility jamo by table, not by offset")
    func conjoiningToCompatibility() {
        #expect(Jamo.compatibility("\u{1100}") == "ㄱ")
        #expect(Jamo.compatibility("\u{1102}") == "ㄴ")  // an offset would give ㄳ
        #expect(Jamo.compatibility("\u{1112}") == "ㅎ")
        #expect(Jamo.compatibility("\u{1161}") == "ㅏ")
        #expect(Jamo.compatibility("\u{11A8}") == "ㄱ")
        #expect(Jamo.compatibility("\u{11AA}") == "ㄳ")
        #expect(Jamo.compatibility("A") == "A")
    }
}
