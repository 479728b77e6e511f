// swift-format-ignore-file
// The code as its page writes it, aligned comments and all (DocSnippetTests compares the two).
// docs/design.md
import HangulCollation
import HangulIndex

func designSectionIndex() throws {
    let indexer = try SectionIndexer()                         // reads ICU's data once
    let collator = try Collator(locale: "ko", strength: .tertiary)
    let list = try SectionIndex(["뉴욕", "서울", "까치", "Berlin"], indexer: indexer, collator: collator) { $0 }
    list.titles.map(\.text)                                    // ["ㄱ", "ㄴ", "ㅅ", "B"]
    list.section(titled: "ㄱ")?.rows                           // ["까치"]
}
