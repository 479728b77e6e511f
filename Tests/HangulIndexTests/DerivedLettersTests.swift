import Testing

@testable import HangulIndex

/// The web module derives its letters and postings when it loads (`CompiledMatchTable.letters`,
/// `.postings`), with fast paths of their own: a text of ASCII and precomposed syllables read byte
/// by byte, and a radix sort. They must give what the table's builder gives through `SearchField`
/// and `sort()`, for every kind of text.
@Suite("Letters and postings derived at load: the same as the table's builder")
struct DerivedLettersTests {
    /// Texts for each reading: ASCII (with a CR, `_`, punctuation, capitals), syllables, the two
    /// mixed, and what only `SearchField`'s grapheme reading takes (jamo, NFD, halfwidth jamo,
    /// Latin with accents, other scripts, emoji, CR LF), alone and beside the fast kinds.
    static let texts = [
        "", "New York", "NEW_YORK", "america/new_york", "St. John's", "Washington D.C.", "a\rb", "line\r\nbreak",
        "뉴욕", "서울특별시", "워싱턴DC", "워싱턴 D.C.", "뉴욕 (New York)", "ㄴㅇ", "ㄴ욕", "늉", "뉴\u{110B}\u{116D}\u{11A8}",
        "\u{1102}\u{1172}\u{110B}\u{116D}\u{11A8}", "ﾡﾪ", "São Paulo", "Zürich", "ÅLESUND", "東京", "Москва", "😀 뉴욕",
        "뉴욕\r\n", "가힣", "\u{D7A4}", "\u{A000}", "\u{9FFF}",
    ]

    @Test("each text's letters are the builder's, through SearchField")
    func letters() {
        var builder = MatchTable.Builder(fieldOrder: ["name"])
        // A field each: the builder keeps a text once per field, and String's == holds an NFD
        // text equal to its NFC twin (the table's texts are bytes).
        for (item, text) in Self.texts.enumerated() {
            builder.add([SearchableText(field: "field \(item)", text: text)], item: item, importance: 0)
        }
        let table = builder.build().compiled
        #expect(table.textStarts.count == Self.texts.count + 1)
        let derived = CompiledMatchTable.letters(
            texts: table.texts, textStarts: table.textStarts, otherScalars: table.otherScalars, otherStarts: table.otherStarts)
        #expect(derived.letterStarts.values(0..<derived.letterStarts.count) == table.letterStarts.values(0..<table.letterStarts.count))
        for entry in 0..<Self.texts.count {
            let range = Int(table.letterStarts[entry])..<Int(table.letterStarts[entry + 1])
            #expect(derived.letters.values(range) == table.letters.values(range), "letters of \(Self.texts[entry].debugDescription)")
        }
    }

    @Test("the radix sort orders as sort() does", arguments: [0, 1, 2, 17, 1000, 70_000])
    func radixSort(count: Int) {
        var generator = SystemRandomNumberGenerator()
        // Keys and entries as the postings make them, values sharing digits, and any 64 bits.
        let kinds: [() -> UInt64] = [
            { UInt64.random(in: 0..<300, using: &generator) << 32 | UInt64.random(in: 0..<70_000, using: &generator) },
            { UInt64.random(in: 0..<4, using: &generator) << 48 | 7 },
            { UInt64.random(in: 0...UInt64.max, using: &generator) },
        ]
        for kind in kinds {
            var values = (0..<count).map { _ in kind() }
            let expected = values.sorted()
            CompiledMatchTable.radixSort(&values)
            #expect(values == expected)
        }
    }
}
