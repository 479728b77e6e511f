import Testing
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

    @Test("the conjoining ᄀ U+1100 is not the compatibility ㄱ U+3131: keying by one never finds the other")
    func conjoiningIsNotCompatibility() throws {
        let conjoining: Unicode.Scalar = "\u{1100}"
        let compatibility: Unicode.Scalar = "\u{3131}"
        #expect(conjoining != compatibility)
        #expect("\u{1100}" != "\u{3131}" as String)
        // What (scalar − 0xAC00) / 588 gives is the conjoining block; the title must be U+3131.
        let arithmetic = Unicode.Scalar(0x1100 + (0xAC00 - 0xAC00) / 588)!
        #expect(arithmetic == conjoining)
        #expect(Jamo.compatibility(arithmetic) == compatibility)
        #expect(try Choseong.of("가") == compatibility)
    }

    @Test("double consonants keep their own choseong", arguments: [("까치", "ㄲ"), ("빵", "ㅃ"), ("쌀", "ㅆ"), ("짜장", "ㅉ"), ("땅", "ㄸ")])
    func doubleConsonants(name: String, expected: String) throws {
        #expect(try Choseong.of(name).map(String.init) == expected)
    }

    @Test("a name without a Hangul consonant first has no choseong", arguments: ["", "   ", "Seoul", "123", "😀", "ㅏ", "中"])
    func noChoseong(name: String) throws {
        #expect(try Choseong.of(name) == nil)
    }

    @Test("the choseong string of a name", arguments: [
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
