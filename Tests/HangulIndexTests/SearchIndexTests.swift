import Testing

@testable import HangulCollation
@testable import HangulIndex

@Suite("Korean search")
struct SearchIndexTests {
    struct City: Sendable, Equatable {
        let name: String
        let english: String
        let aliases: [String]
    }

    static let cities = [
        City(name: "뉴욕", english: "New York", aliases: []),
        City(name: "뉴델리", english: "New Delhi", aliases: []),
        City(name: "누메아", english: "Noumea", aliases: []),
        City(name: "키이우", english: "Kyiv", aliases: ["키예프"]),
        City(name: "닭갈비", english: "Dakgalbi", aliases: []),
        City(name: "과테말라", english: "Guatemala", aliases: []),
        City(name: "로마", english: "Rome", aliases: []),
        City(name: "서울", english: "Seoul", aliases: []),
        City(name: "몬트리올", english: "Montréal", aliases: []),
        City(name: "상파울루", english: "Sao Paulo", aliases: []),
        City(name: "쾰른", english: "Köln", aliases: ["Cologne"]),
        City(name: "오슬로", english: "Oslo", aliases: ["Ørsta"]),
        City(name: "워싱턴", english: "Washington", aliases: []),
        City(name: "쿠알라룸푸르", english: "Kuala Lumpur", aliases: []),
        City(name: "하바롭스크", english: "Хабаровск", aliases: []),
        City(name: "암스테르담", english: "Amsterdam", aliases: []),
        City(name: "취리히", english: "Zürich", aliases: []),
    ]
    let index = SearchIndex(cities) {
        [SearchableText(field: "name", text: $0.name), SearchableText(field: "english", text: $0.english)]
            + $0.aliases.map { SearchableText(field: "alias", text: $0) }
    }

    func first(_ query: String) throws -> (name: String, kind: MatchKind)? {
        try index.search(query).matches.first.map { ($0.item.name, $0.kind) }
    }

    @Test(
        "each kind of match finds 뉴욕",
        arguments: [
            ("뉴욕", MatchKind.exact), ("뉴", .prefix), ("ㄴㅇ", .choseong), ("뉴ㅇ", .mixed), ("늉", .incremental), ("뉴요", .incremental),
            ("ㄴ", .choseong), ("new york", .exact), ("NEW_YORK", .exact), ("new", .prefix), ("  뉴욕  ", .exact),
            ("\u{1102}\u{1172}\u{110B}\u{116D}\u{11A8}", .exact), ("\u{FFA4}\u{FFB7}", .choseong),
        ])
    func findsNewYork(query: String, kind: MatchKind) throws {
        let result = try index.search(query)
        let match = try #require(result.matches.first { $0.item.name == "뉴욕" })
        #expect(match.kind == kind)
    }

    @Test(
        "Latin diacritics do not matter on either side, precomposed or not; letters that do not decompose stay",
        arguments: [
            ("montreal", "몬트리올"), ("MONTREAL", "몬트리올"), ("Montréal", "몬트리올"), ("Montre\u{301}al", "몬트리올"),
            ("são paulo", "상파울루"), ("sao paulo", "상파울루"), ("koln", "쾰른"), ("KÖLN", "쾰른"), ("ørsta", "오슬로"),
        ])
    func diacritics(query: String, name: String) throws {
        #expect(try first(query)?.name == name)
    }

    @Test("a letter that does not decompose is not its look-alike: orsta is not Ørsta")
    func noFalseFolding() throws {
        #expect(try index.search("orsta").matches.isEmpty)
    }

    @Test("every keystroke of typing 뉴욕 on a 2-set keyboard finds it", arguments: ["ㄴ", "뉴", "늉", "뉴요", "뉴욕"])
    func typingSequence(state: String) throws {
        #expect(try index.search(state).matches.contains { $0.item.name == "뉴욕" })
    }

    @Test("누 and 뉵 are not states of typing 뉴욕", arguments: ["누", "뉵"])
    func notTypingStates(query: String) throws {
        #expect(try !index.search(query).matches.contains { $0.item.name == "뉴욕" })
    }

    @Test("a double final may split, a final may grow into a double final, a vowel into a compound vowel")
    func incrementalForms() throws {
        #expect(try first("닭")?.name == "닭갈비")  // prefix
        #expect(try first("달")?.name == "닭갈비")  // 달 → 닭 (ㄹ → ㄺ)
        #expect(try first("다락")?.name == nil)  // not a typing state of 닭갈비
        #expect(try index.search("닭ㄱ").matches.first?.kind == .mixed)
        #expect(try first("고")?.name == "과테말라")  // 고 → 과 (ㅗ → ㅘ)
        #expect(try first("고")?.kind == .incremental)
    }

    @Test("old spellings and English names are searched; results rank exact before prefix before substring")
    func rankingAndFields() throws {
        let kyiv = try #require(try index.search("키예프").matches.first)
        #expect(kyiv.item.name == "키이우")
        #expect(kyiv.field == "alias")
        let results = try index.search("뉴").matches.map(\.item.name)
        #expect(results == ["뉴욕", "뉴델리"])
        #expect(try index.search("욕").matches.first?.kind == .substring)
    }

    @Test("a compatibility cluster stands for its consonants: ㄻ = ㄹㅁ")
    func clusters() throws {
        #expect(try first("ㄻ")?.name == "로마")
        #expect(try first("ㄹㅁ")?.name == "로마")
    }

    @Test("matched ranges are UTF-16 offsets into the matched text")
    func ranges() throws {
        #expect(try index.search("델리").matches.first?.utf16Range == 1..<3)
        #expect(try index.search("york").matches.first?.utf16Range == 4..<8)
        #expect(try index.search("늉").matches.first?.utf16Range == 0..<2)
    }

    @Test("a query typed in Latin mode is converted when nothing matches as typed")
    func wrongKeyboardMode() throws {
        let result = try index.search("sbdyr")
        #expect(result.matches.first?.item.name == "뉴욕")
        #expect(result.keyboardConversion?.converted == "뉴욕")
        #expect(try index.search("seoul").keyboardConversion == nil)
        #expect(DubeolsikKeyboard.hangul(fromLatin: "ekfrrkfql") == "닭갈비")
        #expect(DubeolsikKeyboard.hangul(fromLatin: "rhkxpakffk") == "과테말라")
        #expect(DubeolsikKeyboard.hangul(fromLatin: "tjdnf") == "서울")
        #expect(DubeolsikKeyboard.hangul(fromLatin: "tj dnf") == "서 울")
        #expect(DubeolsikKeyboard.hangul(fromLatin: "new-york") == nil)
    }

    @Test("empty and over-long queries are errors; no match is an empty result")
    func badQueries() throws {
        #expect(throws: SearchError.emptyQuery) { try index.search("") }
        #expect(throws: SearchError.emptyQuery) { try index.search(" \t ") }
        #expect(throws: SearchError.queryTooLong(scalars: 101, limit: 100)) { try index.search(String(repeating: "가", count: 101)) }
        #expect(try index.search("zzzz").matches.isEmpty)
        #expect(try index.search("뉴", limit: 1).matches.count == 1)
    }

    @Test("the limits count Unicode scalars: one character of f and 336 combining accents is refused")
    func scalarLimits() throws {
        let zalgo = "f" + String(repeating: "\u{301}", count: 336) + "x"
        #expect(zalgo.count == 2)  // passes a limit in characters
        #expect(throws: SearchError.queryTooLong(scalars: 338, limit: 100)) { try index.search(zalgo) }
        let shortZalgo = "f" + String(repeating: "\u{301}", count: 5)
        #expect(throws: SearchError.tooManyCombiningMarks(scalar: 2, limit: 4)) { try index.search(shortZalgo) }
        // 100 NFD syllables are 200 scalars: refused; 50 are 100: searched.
        let nfd = "\u{1102}\u{1172}"
        #expect(throws: SearchError.queryTooLong(scalars: 200, limit: 100)) { try index.search(String(repeating: nfd, count: 100)) }
        #expect(try index.search(String(repeating: nfd, count: 50)).matches.isEmpty)
        // Vietnamese in NFD (ế = e + two marks) is searched, as the e it folds to.
        #expect(try index.search("e\u{302}\u{301}").matches.map(\.item.name) == (try index.search("e").matches.map(\.item.name)))
        // A CLI argument of a megabyte is refused by its byte count.
        #expect(throws: SearchError.queryTooLong(scalars: 1_000_000, limit: 100)) { try index.search(String(repeating: "a", count: 1_000_000)) }
    }

    @Test(
        "when nothing matches, a name spelled a vowel, a related consonant or an ㅡ apart is found as similar",
        arguments: [
            ("워싱톤", "워싱턴"), ("쿠알라룸프르", "쿠알라룸푸르"), ("하바로프스크", "하바롭스크"), ("암스텔담", "암스테르담"),
            ("쮜리히", "취리히"), ("몬트리얼", "몬트리올"), ("Amsterdan", "암스테르담"),
            ("뉴욬", "뉴욕"), ("로머", "로마"),  // two syllables: one vowel or one consonant of the family
        ])
    func similarSpelling(query: String, name: String) throws {
        let matches = try index.search(query).matches
        #expect(matches.map(\.item.name) == [name])
        #expect(matches.first?.kind == .similar)
    }

    @Test("a droppable suffix is dropped only when the query as typed matches nothing")
    func droppableSuffixes() throws {
        let index = SearchIndex(Self.cities, fields: ["name"], importance: { _ in 0 }, droppableSuffixes: ["시", "섬"]) {
            [SearchableText(field: "name", text: $0.name)]
        }
        #expect(try index.search("서울시").matches.map(\.item.name) == ["서울"])
        #expect(try index.search("로마섬").matches.map(\.item.name) == ["로마"])
        #expect(try index.search("시").matches.isEmpty)  // never the whole query
        #expect(try index.search("서울시").matches.first?.kind == .exact)  // 서울, as typed without 시
        #expect(try self.index.search("서울시").matches.isEmpty)  // an index without suffixes
    }

    @Test(
        "similar spelling is a last resort with a budget: not for short queries, other first sounds, or far spellings",
        arguments: [
            "녹",  // one syllable is too short to guess at
            "뉸욬",  // two syllables may differ by one weak change, not by two
            "줘싱턴",  // the first sound differs (ㅈ is not ㅇ's family)
            "워싱턴시티",  // two more letters
            "와상톤",  // three vowels apart
        ])
    func notSimilar(query: String) throws {
        #expect(try index.search(query).matches.isEmpty)
    }

    @Test("distances are weighted by how Korean spellings vary; one that matches otherwise is never reported as similar")
    func similarRanking() throws {
        #expect(try index.search("워싱").matches.first?.kind == .prefix)
        #expect(SimilarSpelling.budget(forLength: 3) == 0)
        #expect(SimilarSpelling.budget(forLength: 5) == 1)
        var row: [Int] = [], previous: [Int] = []
        func distance(_ a: String, _ b: String) -> Int? {
            var x: [UInt32] = [], y: [UInt32] = []
            _ = SimilarSpelling.symbols(of: a.map { LetterCode(hangul: HangulLetter($0))! }, into: &x)
            _ = SimilarSpelling.symbols(of: b.map { LetterCode(hangul: HangulLetter($0))! }, into: &y)
            return SimilarSpelling.distance(x, y, budget: 4, row: &row, previous: &previous)
        }
        #expect(distance("워싱톤", "워싱턴") == 1)  // a vowel
        #expect(distance("프놈뻰", "프놈펜") == 1)  // ㅃ and ㅍ are one family
        #expect(distance("브리스번", "브리즈번") == 2)  // ㅅ and ㅈ are not
        #expect(distance("암스텔담", "암스테르담") == 1)  // an ㅡ inserted: the vowel Korean adds to a consonant
        #expect(distance("뉴요크", "뉴욕") == 2)  // ㄱ for ㅋ, and an ㅡ
        #expect(distance("닭", "달기") == 2)  // a double final is its two consonants
        #expect(distance("서울", "부산") == nil)
    }

    @Test(
        "a query character that no text holds matches nothing, even inside a known word",
        arguments: [
            "뉴\u{301}", "ab\u{301}\u{301}\u{301}\u{301}", "😀", "ᄀᄀᄀᄀᄀᄀ",
        ])
    func absentCharacters(query: String) throws {
        #expect(try index.search(query).matches.isEmpty)
    }
}
