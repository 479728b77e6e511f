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
        }
    }
}

/// A text of an item that search looks at, with the name of its field ("name", "alias", …).
/// Fields listed first rank first among matches of the same kind.
public struct SearchableText: Sendable {
    public let field: String
    public let text: String
    public init(field: String, text: String) {
        self.field = field
        self.text = text
    }
}

/// One result: the item, how and where it matched.
public struct SearchMatch<Item> {
    public let item: Item
    public let kind: MatchKind
    /// The field that matched and its text.
    public let field: String
    public let text: String
    /// The matched part of `text`, in UTF-16 code units (what a UI highlights).
    public let utf16Range: Range<Int>
}

extension SearchMatch: Sendable where Item: Sendable {}

/// The outcome of a search.
public struct SearchResult<Item> {
    public let matches: [SearchMatch<Item>]
    /// Set when nothing matched the query as typed and it was read as Hangul typed with the
    /// keyboard in Latin mode (sbdyr → 뉴욕): the typed and the converted query.
    public let keyboardConversion: (typed: String, converted: String)?
}

extension SearchResult: Sendable where Item: Sendable {}

/// A query search cannot take.
public enum SearchError: Error, Equatable, Sendable, CustomStringConvertible {
    case emptyQuery
    case queryTooLong(characters: Int, limit: Int)

    public var description: String {
        switch self {
        case .emptyQuery: "the search query is empty"
        case .queryTooLong(let characters, let limit): "the search query is \(characters) characters long; the limit is \(limit)"
        }
    }
}

/// Korean-aware search over a fixed list of items, with the texts prepared once.
///
/// Matching is case-insensitive for Latin, treats `_` as a space (NEW_YORK, america/new_york), and
/// takes NFC, NFD, halfwidth jamo and compatibility clusters (ㄻ = ㄹㅁ) alike. Ranking: match kind,
/// then field order, then the items' order.
public struct SearchIndex<Item: Sendable>: Sendable {
    /// Queries longer than this many characters are refused.
    public static var maximumQueryLength: Int { 100 }

    private let items: [Item]
    private let fields: [[SearchField]]

    /// Prepares `items` for search; `texts` lists each item's searchable texts in rank order.
    public init(_ items: [Item], texts: (Item) -> [SearchableText]) {
        self.items = items
        self.fields = items.map { texts($0).map(SearchField.init) }
    }

    /// `query` as search takes it, surrounding spaces trimmed; what searches and lookups by a typed
    /// name check first, so that no input costs more than a bounded query.
    /// - Throws: `SearchError` for an empty or over-long query.
    public static func validatedQuery(_ query: String) throws(SearchError) -> String {
        let trimmed = query.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed()
        if trimmed.isEmpty { throw .emptyQuery }
        if trimmed.count > maximumQueryLength { throw .queryTooLong(characters: trimmed.count, limit: maximumQueryLength) }
        return String(trimmed)
    }

    /// The items matching `query`, best first, one match per item.
    /// - Throws: `SearchError` for an empty or over-long query.
    public func search(_ query: String, limit: Int? = nil) throws(SearchError) -> SearchResult<Item> {
        let trimmed = try Self.validatedQuery(query)
        let letters = HangulMatcher.splittingClusters(trimmed.map(HangulLetter.init))
        let matches = self.matches(letters, limit: limit)
        if matches.isEmpty, let converted = DubeolsikKeyboard.hangul(fromLatin: String(trimmed)) {
            let convertedMatches = self.matches(converted.map(HangulLetter.init), limit: limit)
            if !convertedMatches.isEmpty {
                return SearchResult(matches: convertedMatches, keyboardConversion: (String(trimmed), converted))
            }
        }
        return SearchResult(matches: matches, keyboardConversion: nil)
    }

    private func matches(_ query: [HangulLetter], limit: Int?) -> [SearchMatch<Item>] {
        let found = HangulMatcher.ranked(query, in: fields)
        return found.prefix(limit ?? found.count).map { found in
            let field = fields[found.position][found.field]
            return SearchMatch(item: items[found.position], kind: found.kind, field: field.name, text: field.text,
                               utf16Range: field.utf16Offsets[found.range.lowerBound]..<field.utf16Offsets[found.range.upperBound])
        }
    }
}

/// One searchable text of an item, prepared: its letters and where each starts in UTF-16.
struct SearchField: Sendable {
    let name: String
    let text: String
    let letters: [HangulLetter]
    let utf16Offsets: [Int]  // where each character starts, plus the end

    init(_ searchable: SearchableText) {
        let utf8 = searchable.text.utf8
        var letters: [HangulLetter] = []
        var offsets = [0]
        if utf8.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "\r") }) {
            // ASCII without CR LF (English names, zone ids): one byte, one character, one UTF-16 unit.
            letters = utf8.map(HangulLetter.init(ascii:))
            offsets = Array(0...utf8.count)
        } else {
            // One pass over the characters for both the letters and where each starts in UTF-16.
            letters.reserveCapacity(utf8.count)
            offsets.reserveCapacity(utf8.count + 1)
            for character in searchable.text {
                letters.append(HangulLetter(character))
                offsets.append(offsets[offsets.count - 1] + character.utf16.count)
            }
        }
        self.name = searchable.field
        self.text = searchable.text
        self.letters = letters
        self.utf16Offsets = offsets
    }
}

/// An item's best match: ordered by kind, then field order, then item order.
struct RankedMatch: Comparable {
    let kind: MatchKind
    let field: Int
    let position: Int
    let range: Range<Int>

    static func < (a: RankedMatch, b: RankedMatch) -> Bool { (a.kind, a.field, a.position) < (b.kind, b.field, b.position) }
    static func == (a: RankedMatch, b: RankedMatch) -> Bool { (a.kind, a.field, a.position) == (b.kind, b.field, b.position) }
}

/// The matching rules, outside the generic `SearchIndex` so that its loops need no generic metadata.
enum HangulMatcher {
    /// Each item's best match for `query` over its prepared fields, best first.
    static func ranked(_ query: [HangulLetter], in fields: [[SearchField]]) -> [RankedMatch] {
        var found: [RankedMatch] = []
        for (position, itemFields) in fields.enumerated() {
            for (fieldRank, field) in itemFields.enumerated() {
                guard let (kind, range) = match(query, in: field.letters) else { continue }
                let candidate = RankedMatch(kind: kind, field: fieldRank, position: position, range: range)
                if let last = found.last, last.position == position {
                    if candidate < last { found[found.count - 1] = candidate }
                } else {
                    found.append(candidate)
                }
            }
        }
        return found.sorted()
    }

    /// The best way `query` matches `text`, and the matched characters.
    static func match(_ query: [HangulLetter], in text: [HangulLetter]) -> (MatchKind, Range<Int>)? {
        let n = query.count
        guard n <= text.count + 1 else { return nil }
        if n <= text.count {
            let head = text[..<n]
            if head.elementsEqual(query) { return (n == text.count ? .exact : .prefix, 0..<n) }
            if zip(query, head).allSatisfy({ Self.letter($0, coversTypedAs: $1) }) {
                let consonantsOnly = query.allSatisfy { if case .consonant = $0 { true } else { false } }
                return (consonantsOnly ? .choseong : .mixed, 0..<n)
            }
        }
        if let end = Self.incrementalEnd(query, in: text) { return (.incremental, 0..<end) }
        if n < text.count {
            for start in 1...(text.count - n) where text[start..<(start + n)].elementsEqual(query) {
                return (.substring, start..<(start + n))
            }
        }
        return nil
    }

    /// Whether a query letter stands for a text letter: equal, or a consonant typed for its syllable.
    private static func letter(_ typed: HangulLetter, coversTypedAs actual: HangulLetter) -> Bool {
        if typed == actual { return true }
        if case .consonant(let initial) = typed { return actual.initial == initial }
        return false
    }

    /// Where the match ends when the query's last syllable is a state of typing the text on a
    /// 2-set keyboard: an open syllable may still take a final (뉴요 → 뉴욕), its final may be the
    /// next syllable's initial (늉 = 뉴 + ㅇ…), a double final
    /// may split (닭 = 달 + ㄱ…), a final may be the first half of a double final (달 → 닭), and an
    /// open syllable's vowel may be the first half of a compound vowel (고 → 과). 누 and 뉵 are not
    /// states of typing 뉴욕.
    private static func incrementalEnd(_ query: [HangulLetter], in text: [HangulLetter]) -> Int? {
        let last = query.count - 1
        guard case .syllable(let initial, let medial, let final) = query[last], last < text.count,
              zip(query.prefix(last), text).allSatisfy({ Self.letter($0, coversTypedAs: $1) }),
              case .syllable(let textInitial, let textMedial, let textFinal) = text[last], textInitial == initial else { return nil }
        guard let final else {
            // An open syllable: a final may still come (뉴요 → 뉴욕), or the vowel may still grow
            // into the text's compound vowel (고 → 과).
            return textMedial == medial || Jamo.compoundVowels[textMedial]?.first == medial ? last + 1 : nil
        }
        guard textMedial == medial else { return nil }
        let finalJamo = Jamo.finals[final]
        if let textFinal, let split = Jamo.finalClusters[Jamo.finals[textFinal]], split.stays == finalJamo { return last + 1 }
        let next = last + 1 < text.count ? text[last + 1].initial : nil
        if textFinal == nil, let next, Jamo.initials[next] == finalJamo { return last + 2 }
        if let split = Jamo.finalClusters[finalJamo], let textFinal, Jamo.finals[textFinal] == split.stays,
           let next, Jamo.initials[next] == split.moves { return last + 2 }
        return nil
    }

    /// Compatibility clusters typed alone (ㄻ) stand for their consonants (ㄹㅁ).
    static func splittingClusters(_ letters: [HangulLetter]) -> [HangulLetter] {
        letters.flatMap { letter -> [HangulLetter] in
            guard case .other(let character) = letter, let scalar = character.unicodeScalars.first,
                  character.unicodeScalars.count == 1, let split = Jamo.finalClusters[scalar] else { return [letter] }
            return [HangulLetter(Character(split.stays)), HangulLetter(Character(split.moves))]
        }
    }
}
