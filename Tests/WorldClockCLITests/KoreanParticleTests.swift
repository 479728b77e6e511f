import Testing

@testable import WorldClockCLI

@Suite("KoreanParticle")
struct KoreanParticleTests {
    @Test(
        "이/가, 을/를, 은/는, 과/와 follow the final consonant",
        arguments: [
            ("뉴욕", KoreanParticle.object, "뉴욕을"), ("파리", .object, "파리를"), ("서울", .subject, "서울이"),
            ("도쿄", .subject, "도쿄가"), ("ㄱ", .topic, "ㄱ은"), ("가", .topic, "가는"), ("런던", .and, "런던과"),
        ])
    func finals(word: String, particle: KoreanParticle, expected: String) {
        #expect(KoreanParticle.attach(particle, to: word) == expected)
    }

    @Test("으로/로: 로 after a vowel and after ㄹ", arguments: [("뉴욕", "뉴욕으로"), ("서울", "서울로"), ("파리", "파리로"), ("ㄹ", "ㄹ로")])
    func direction(word: String, expected: String) {
        #expect(KoreanParticle.attach(.direction, to: word) == expected)
    }

    @Test(
        "Latin, digits and quotes are read as spoken",
        arguments: [
            ("\"sbdyr\"", "\"sbdyr\"를"), ("UTC", "UTC를"), ("URL", "URL을"), ("n", "n을"), ("N", "N을"), ("Seoul", "Seoul을"),
            ("Berlin", "Berlin을"), ("Budapest", "Budapest를"), ("Hong Kong", "Hong Kong을"), ("'뉴욕'", "'뉴욕'을"),
            ("3", "3을"), ("2", "2를"), ("10", "10을"), ("7", "7을"),
            // Words by their usual loanword: 뉴욕 방콕 클록 핫 나일 롬 but 베이루트 파크 케이크 도쿄 솔트레이크.
            ("\"new york\"", "\"new york\"을"), ("Bangkok", "Bangkok을"), ("clock", "clock을"), ("hot", "hot을"), ("Nile", "Nile을"),
            ("Rome", "Rome을"), ("Beirut", "Beirut를"), ("park", "park를"), ("cake", "cake를"), ("Tokyo", "Tokyo를"),
            ("Salt Lake", "Salt Lake를"), ("Bishkek", "Bishkek를"), ("A380", "A380을"), ("2026", "2026을"), ("1000", "1000을"),
        ])
    func readAloud(word: String, expected: String) {
        #expect(KoreanParticle.attach(.object, to: word) == expected)
    }

    @Test(
        "A vowel jamo ends in its vowel: \"ㅏ\"는, ㅗ를",
        arguments: [
            ("\"ㅏ\"", KoreanParticle.topic, "\"ㅏ\"는"), ("ㅗ", .object, "ㅗ를"), ("ㅣ", .subject, "ㅣ가"), ("ㄱ", .topic, "ㄱ은"),
        ])
    func vowelJamo(word: String, particle: KoreanParticle, expected: String) {
        #expect(KoreanParticle.attach(particle, to: word) == expected)
    }
}
