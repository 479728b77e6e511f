/// How a search result matched, best first.
public enum MatchKind: Int, Comparable, CaseIterable, Sendable {
    /// The whole text (서울).
    case exact
    /// The start of the text (뉴 → 뉴욕).
    case prefix
    /// Initial consonants only (ㄴㅇ → 뉴욕).
    case choseong
    /// Syllables and initial consonants mixed (뉴ㅇ → 뉴욕).
    case mixed
    /// The last syllable still being typed (늉 → 뉴욕, 달 → 닭갈비).
    case incremental
    /// Anywhere inside the text (욕 → 뉴욕).
    case substring
    /// Nothing else matched, and the whole text is spelled like the query (워싱톤 → 워싱턴, 프놈뻰 →
    /// 프놈펜): a vowel or a consonant of the same family apart, an ㅡ more or less.
    case similar

    public static func < (a: MatchKind, b: MatchKind) -> Bool { a.rawValue < b.rawValue }

    /// The name used in JSON and in the CLI.
    public var name: String {
        switch self {
        case .exact: "exact"
        case .prefix: "prefix"
        case .choseong: "choseong"
        case .mixed: "mixed"
        case .incremental: "incremental"
        case .substring: "substring"
        case .similar: "similar"
        }
    }
}

/// A text of an item that search looks at, with the name of its field ("name", "alias", …) and,
/// where the text alone does not say it, what it means for this item (CST: "미 중부 표준시").
package struct SearchableText: Sendable {
    /// The field the text belongs to ("name", "alias", "zone", …).
    public let field: String
    /// The text search matches against.
    public let text: String
    /// What the text means for this item, where the text alone does not say it.
    public let label: String?
    /// Ranks ahead of the field's other texts when the field order lists the field twice (the
    /// usual meaning of an ambiguous abbreviation: CST at 시카고 before CST at 상하이).
    public let isPreferred: Bool
    /// A text of `field`, with its `label` and whether it is the preferred one.
    public init(field: String, text: String, label: String? = nil, isPreferred: Bool = false) {
        self.field = field
        self.text = text
        self.label = label
        self.isPreferred = isPreferred
    }
}

/// One result: the item, how and where it matched.
public struct SearchMatch<Item> {
    /// The item that matched.
    public let item: Item
    /// How the query matched the text (exact, prefix, initial consonants, …).
    public let kind: MatchKind
    /// The field that matched.
    public let field: String
    /// The text of that field that matched.
    public let text: String
    /// What the text means for this item, when its `SearchableText` said.
    public let label: String?
    /// The matched part of `text`, in UTF-16 code units (what a UI highlights).
    public let utf16Range: Range<Int>
}

extension SearchMatch: Sendable where Item: Sendable {}

/// The outcome of a search.
public struct SearchResult<Item> {
    /// The matches, best first.
    public let matches: [SearchMatch<Item>]
    /// Set when nothing matched the query as typed and it was read as Hangul typed with the
    /// keyboard in Latin mode (sbdyr → 뉴욕): the typed and the converted query.
    public let keyboardConversion: (typed: String, converted: String)?
}

extension SearchResult: Sendable where Item: Sendable {}
