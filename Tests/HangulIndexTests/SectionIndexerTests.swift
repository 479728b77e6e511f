import Testing

@testable import HangulCollation
@testable import HangulIndex

/// One indexer for all tests: building it reads ICU's data.
let sharedIndexer = try! SectionIndexer()

@Suite("Section of a name: ICU's Korean index")
struct SectionIndexerTests {
    let indexer = sharedIndexer

    func title(_ name: String) -> String { indexer.title(for: name).text }

    @Test("the titles are ㄱ…ㅎ, then A–Z, then #, from ICU's index exemplars")
    func titles() {
        let expected =
            Array("ㄱㄴㄷㄹㅁㅂㅅㅇㅈㅊㅋㅌㅍㅎ").map(String.init)
            + (UInt8(ascii: "A")...UInt8(ascii: "Z")).map { String(UnicodeScalar($0)) } + ["#"]
        #expect(indexer.titles.map(\.text) == expected)
        #expect(indexer.titles.map(\.position) == Array(0..<expected.count))
        #expect(indexer.titles.allSatisfy { !$0.text.unicodeScalars.contains { (0x1100...0x11FF).contains($0.value) } })
    }

    @Test("all 11,172 syllables: the lookup equals the collator and the syllable's base initial")
    func everySyllable() {
        let base: [String] = ["ㄱ", "ㄱ", "ㄴ", "ㄷ", "ㄷ", "ㄹ", "ㅁ", "ㅂ", "ㅂ", "ㅅ", "ㅅ", "ㅇ", "ㅈ", "ㅈ", "ㅊ", "ㅋ", "ㅌ", "ㅍ", "ㅎ"]
        var mismatches: [String] = []
        for value in UInt32(0xAC00)...0xD7A3 {
            let name = String(Unicode.Scalar(value)!)
            let fast = indexer.section(for: name), collated = indexer.collatedSection(for: name)
            let expected = base[Int((value - 0xAC00) / 588)]
            if fast != collated || indexer.titles[fast].text != expected { mismatches.append(name) }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(20))")
    }

    @Test("conjoining initials U+1100–U+1112 and compatibility consonants U+3131–U+314E: lookup equals collator")
    func everyInitialConsonant() {
        let scalars = Array(UInt32(0x1100)...0x1112) + Array(UInt32(0x3131)...0x314E)
        for value in scalars {
            let name = String(Unicode.Scalar(value)!)
            #expect(indexer.section(for: name) == indexer.collatedSection(for: name), "U+\(String(value, radix: 16, uppercase: true))")
        }
        #expect(title("\u{1100}") == "ㄱ")
        #expect(title("\u{3132}") == "ㄱ")  // ㄲ folds into ㄱ
        #expect(title("\u{3133}") == "ㅎ")  // the cluster ㄳ sorts after every initial, as ICU
    }

    /// Every scalar the lookup answers for, alone and followed by U+FFFF (the greatest primary
    /// weight): if both land in the lookup's section, so does every name that starts with it.
    @Test("the lookup agrees with the collator for every first character it answers, whatever follows")
    func lookupDomainAgreesWithCollator() {
        var checked = 0
        var mismatches: [String] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), let fast = indexer.definition.section(forFirstLetterOf: String(scalar)) else { continue }
            checked += 1
            let lowest = indexer.collatedSection(for: String(scalar))
            let highest = indexer.collatedSection(for: String(scalar) + "\u{FFFF}")
            if lowest != fast || highest != fast { mismatches.append("U+\(String(value, radix: 16, uppercase: true))") }
        }
        #expect(checked > 20_000)
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches: \(mismatches.prefix(30))")
    }

    /// The ICU whose AlphabeticIndex gave the answers below (PyICU on ICU 72.1, CLDR 42).
    static let measuredWithICU = "72"
    /// The running ICU's major version.
    static let runningICU = ICUInfo.version.split(separator: ".").first.map(String.init) ?? ICUInfo.version

    /// `IndexDefinition.korean`, the kit's definition when no compiled catalogue exists, is what ICU
    /// computes (on the ICU it was written down from).
    @Test(
        "the kit's built-in Korean index definition is ICU's",
        .enabled(
            if: SectionIndexerTests.runningICU == SectionIndexerTests.measuredWithICU,
            Comment(rawValue: "made with ICU \(SectionIndexerTests.measuredWithICU), running ICU \(ICUInfo.version)")))
    func builtInDefinition() {
        #expect(indexer.definition == IndexDefinition.korean)
    }

    /// The answers below are ICU 72's data, and hold for that ICU only: another ICU may file some
    /// names (CJK, symbols) elsewhere, which is not a fault of this code. On another ICU the test is
    /// skipped, saying which ICU it was made with; measure again (PyICU's AlphabeticIndex with ko and
    /// en labels) and record the new answers and `measuredWithICU`.
    @Test(
        "edge cases land where ICU 72's Korean index puts them",
        .enabled(
            if: SectionIndexerTests.runningICU == SectionIndexerTests.measuredWithICU,
            Comment(rawValue: "made with ICU \(SectionIndexerTests.measuredWithICU), running ICU \(ICUInfo.version)")),
        arguments: [
            ("", "#"), ("ㅏ", "ㅎ"), ("ㄳ", "ㅎ"), ("ㄺ", "ㅎ"), ("\u{3164}", "ㅎ"), ("中", "ㅈ"), ("東京", "ㄷ"),
            ("\u{1100}", "ㄱ"), ("ㄱ", "ㄱ"), ("\u{FFA1}", "ㄱ"), ("\u{3260}", "ㄱ"), ("1", "#"), ("😀", "#"),
            ("Ωmega", "#"), ("Москва", "#"), ("さくら", "#"), ("까치", "ㄱ"), ("빵", "ㅂ"), ("Zürich", "Z"),
            ("zebra", "Z"), ("ㅈㅁㅈ", "ㅈ"), ("\u{1100}\u{1161}", "ㄱ"), ("丂", "#"), ("ß", "S"), ("Æther", "A"),
            ("ⓐ", "A"), ("①", "#"), ("\u{200B}A", "A"), ("\u{A960}", "ㅎ"), ("\u{D7B0}", "ㅎ"), ("7일레븐", "#"),
            ("😀서울", "#"), ("★서울", "#"),
        ])
    func matchesICU(name: String, expected: String) {
        #expect(title(name) == expected)
        #expect(indexer.titles[indexer.collatedSection(for: name)].text == expected)
    }

    /// What a catalogue is built with: the same answers, but an ICU failure would be thrown rather
    /// than filed under `#`.
    @Test(
        "the checked lookup a catalogue uses answers as the plain one",
        arguments: [
            "서울", "", "ㅏ", "中", "Zürich", "😀", "Москва", " (서울)", "⅍", "\u{3260}", String(repeating: "\u{0301}", count: 1000) + "나",
        ])
    func checkedSection(name: String) throws {
        #expect(try indexer.checkedSection(for: name) == indexer.section(for: name))
    }

    /// Where this index departs from ICU on purpose: like iOS, it skips spaces and punctuation
    /// before the first letter (ICU files " 서울" and "㈀" under its underflow bucket, #).
    @Test(
        "spaces and punctuation before the first letter are skipped",
        arguments: [
            (" 서울", "ㅅ"), ("\u{00A0}서울", "ㅅ"), ("(서울)", "ㅅ"), ("「뉴욕」", "ㄴ"), ("\u{3200}", "ㄱ"),
            ("\u{0301}a", "A"), ("...", "#"), ("   ", "#"), ("\t\n", "#"),
        ])
    func leadingPunctuationSkipped(name: String, expected: String) {
        #expect(title(name) == expected)
    }

    @Test("every form of a name lands in the same section", arguments: ChoseongTests.formsOfGiyeok)
    func formsLandTogether(form: String, text: String) {
        #expect(title(text) == "ㄱ", "\(form)")
    }

    @Test("combining marks and a 1 MB name work")
    func oddInput() {
        let huge = String(repeating: "가", count: 350_000)  // > 1 MB of UTF-8
        #expect(title(huge) == "ㄱ")
        #expect(title(" " + huge) == "ㄱ")
        #expect(title(String(repeating: "\u{0301}", count: 500_000) + "나") == "ㄴ")
        #expect(title(String(repeating: "😀", count: 300_000)) == "#")
        #expect(title("e\u{0301}clair") == "E")
    }
}
