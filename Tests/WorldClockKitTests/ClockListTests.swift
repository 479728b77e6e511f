import HangulIndex
import Testing
import WorldClockKit

/// The list a clock app binds to: sections in index order, every index title, the nearest
/// section for a title with no rows, and rows by id.
@Suite("A ㄱ–ㅎ clock list")
struct ClockListTests {
    static let catalogue = try! Catalogue.load()
    static let hangulTitles = ["ㄱ", "ㄴ", "ㄷ", "ㄹ", "ㅁ", "ㅂ", "ㅅ", "ㅇ", "ㅈ", "ㅊ", "ㅋ", "ㅌ", "ㅍ", "ㅎ"]
    static let latinTitles = (UInt8(ascii: "A")...UInt8(ascii: "Z")).map { String(UnicodeScalar($0)) }

    @Test("the index bar shows every title, ㄱ … ㅎ, A … Z, #, whether or not it has places")
    func indexTitles() {
        #expect(Self.catalogue.list.sectionIndexTitles == Self.hangulTitles + Self.latinTitles + ["#"])
    }

    @Test("sections are the titles that have places, in index order, and hold every listed place once")
    func sections() {
        let list = Self.catalogue.list
        #expect(list.sections.map(\.title) == Self.hangulTitles)
        #expect(list.sections.allSatisfy { !$0.places.isEmpty })
        #expect(list.count == Self.catalogue.places.count)
        #expect(Set(list.sections.flatMap(\.places).map(\.id)).count == list.count)
    }

    @Test("rows are in Korean dictionary order inside a section", arguments: ["ㄱ", "ㅅ", "ㅎ"])
    func order(title: String) throws {
        let section = try #require(Self.catalogue.list.sections.first { $0.title == title })
        let names = section.places.map(\.name)
        #expect(names.first?.unicodeScalars.first.map { $0.value >= 0xAC00 } == true)
        // Korean collation agrees with code-point order for names of precomposed syllables only.
        let syllableNames = names.filter { $0.unicodeScalars.allSatisfy { (0xAC00...0xD7A3).contains($0.value) } }
        #expect(syllableNames == syllableNames.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) })
    }

    @Test(
        "a place is found by its id, in the section of its initial, and its position leads back to it",
        arguments: [("서울", "ㅅ"), ("뉴욕", "ㄴ"), ("키이우", "ㅋ"), ("런던", "ㄹ")])
    func rowsByID(name: String, title: String) throws {
        let list = Self.catalogue.list
        let position = try #require(list.position(of: name))
        #expect(list[position].name == name)
        #expect(list.place(id: name)?.name == name)
        #expect(list.sections[position.section].title == title)
        // As a table view's IndexPath gives it.
        #expect(list[ClockList.IndexPosition(section: position.section, row: position.row)].name == name)
    }

    @Test("a name the list does not show has no position")
    func unknownID() {
        #expect(Self.catalogue.list.position(of: "아틀란티스") == nil)
        #expect(Self.catalogue.list.place(id: "") == nil)
    }

    @Test("a title with places scrolls to its own section", arguments: Array(0..<14))
    func ownSection(index: Int) {
        let list = Self.catalogue.list
        #expect(list.section(forSectionIndexTitle: Self.hangulTitles[index]) == index)
        #expect(list.section(forSectionIndexTitleAt: index) == index)
    }

    @Test("a title with no places scrolls to the next section with places, or the last when none follows")
    func nearestSection() throws {
        let mine = Self.catalogue.list(of: ["서울", "뉴욕", "런던"])
        #expect(mine.sections.map(\.title) == ["ㄴ", "ㄹ", "ㅅ"])
        #expect(mine.sectionIndexTitles.count == 41)
        #expect(mine.section(forSectionIndexTitle: "ㄱ") == 0)  // → ㄴ
        #expect(mine.section(forSectionIndexTitle: "ㄷ") == 1)  // → ㄹ
        #expect(mine.section(forSectionIndexTitle: "ㅁ") == 2)  // → ㅅ
        #expect(mine.section(forSectionIndexTitle: "ㅎ") == 2)  // nothing follows: the last, ㅅ
        #expect(mine.section(forSectionIndexTitle: "#") == 2)
        #expect(Self.catalogue.list.section(forSectionIndexTitle: "A") == 13)  // no Latin names: ㅎ
    }

    @Test("a text that is no index title, or an empty list, answers nil", arguments: ["", "ᄀ", "가", "AA", "a"])
    func notATitle(text: String) {
        #expect(Self.catalogue.list.section(forSectionIndexTitle: text) == nil)
        #expect(Self.catalogue.list(of: []).section(forSectionIndexTitle: "ㄱ") == nil)
        #expect(Self.catalogue.list.section(forSectionIndexTitleAt: 41) == nil)
    }

    @Test(
        "what a user types for a title resolves to it, in any Unicode form",
        arguments: [
            ("ㄱ", "ㄱ"), ("ᄀ", "ㄱ"), ("ﾡ", "ㄱ"), ("ㄲ", "ㄱ"), ("가", "ㄱ"), ("n", "N"), ("#", "#"), (" ㅎ ", "ㅎ"),
        ])
    func typedTitle(typed: String, title: String) throws {
        #expect(try Self.catalogue.indexer.resolveTitle(typed).title.text == title)
    }

    @Test("a vowel, a digit or two letters are no title, and the error lists the valid ones", arguments: ["ㅏ", "1", "ㄱㄴ", ""])
    func badTitle(typed: String) {
        #expect(throws: SectionTitleError.self) { try Self.catalogue.indexer.resolveTitle(typed) }
        #expect((try? Self.catalogue.indexer.resolveTitle(typed)) == nil)
    }
}
