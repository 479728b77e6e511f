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
    /// Over `SearchQueryLimits.maximumScalars` Unicode scalars (code points).
    case queryTooLong(scalars: Int, limit: Int)
    /// More than `SearchQueryLimits.maximumCombiningMarksInARow` combining marks in a row,
    /// starting at the 1-based `scalar`.
    case tooManyCombiningMarks(scalar: Int, limit: Int)

    public var description: String {
        switch self {
        case .emptyQuery: "the search query is empty"
        case .queryTooLong(let scalars, let limit):
            "the search query is \(scalars) Unicode code points long; the limit is \(limit)"
        case .tooManyCombiningMarks(let scalar, let limit):
            "the search query has more than \(limit) combining marks in a row (from code point \(scalar)); no name needs more"
        }
    }
}

/// What a search query may be, checked before any work that grows with it. Shared by the CLI and
/// the server, so both refuse the same queries with the same words.
///
/// The limits are in Unicode scalars, not characters: f followed by 336 combining accents is one
/// character (grapheme cluster) but 337 scalars, and every step of matching costs as much as the
/// scalars it touches.
public enum SearchQueryLimits {
    /// The most Unicode scalars (code points, what JSON Schema's maxLength counts) in a query,
    /// surrounding spaces included; at most 4 bytes each, so a query is at most 400 bytes.
    public static let maximumScalars = 100
    /// The longest run of combining marks (Mn, Mc, Me) a query may have: Vietnamese needs 2
    /// (ế = e + ◌̂ + ◌́ in NFD); Zalgo text is refused rather than searched.
    public static let maximumCombiningMarksInARow = 4

    /// Checks `query` against the limits, reading at most `4 × maximumScalars` bytes of it
    /// before deciding on length.
    /// - Throws: `SearchError` for an empty (or spaces only), over-long or mark-laden query.
    public static func validate(_ query: String) throws(SearchError) {
        let bytes = query.utf8.count
        if bytes > 4 * maximumScalars { throw .queryTooLong(scalars: query.unicodeScalars.count, limit: maximumScalars) }
        var scalars = 0, marksInARow = 0, onlySpaces = true
        for scalar in query.unicodeScalars {
            scalars += 1
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark:
                marksInARow += 1
                if marksInARow > maximumCombiningMarksInARow {
                    throw .tooManyCombiningMarks(scalar: scalars - maximumCombiningMarksInARow, limit: maximumCombiningMarksInARow)
                }
            default:
                marksInARow = 0
            }
            if onlySpaces, !scalar.properties.isWhitespace { onlySpaces = false }
        }
        if scalars > maximumScalars { throw .queryTooLong(scalars: scalars, limit: maximumScalars) }
        if onlySpaces { throw .emptyQuery }
    }
}

/// Korean-aware search over a fixed list of items, with the texts prepared once.
///
/// Matching is case-insensitive for Latin, treats `_` as a space (NEW_YORK, america/new_york), and
/// takes NFC, NFD, halfwidth jamo and compatibility clusters (ㄻ = ㄹㅁ) alike. Ranking: match kind,
/// then field order, then the items' order.
public struct SearchIndex<Item: Sendable>: Sendable {
    private let items: [Item]
    private let fields: [[SearchField]]
    /// Every character the fields hold as `.other`: a query character outside it is `.absent`.
    private let otherCharacters: Set<Character>

    /// Prepares `items` for search; `texts` lists each item's searchable texts in rank order.
    public init(_ items: [Item], texts: (Item) -> [SearchableText]) {
        self.items = items
        let fields = items.map { texts($0).map(SearchField.init) }
        self.fields = fields
        var others = Set<Character>()
        for field in fields.joined() {
            for case .other(let character) in field.letters { others.insert(character) }
        }
        otherCharacters = others
    }

    /// The items matching `query`, best first, one match per item.
    ///
    /// Cost: O(q) to read the query (q ≤ 100 scalars, `SearchQueryLimits`), then O(q × L) letter
    /// comparisons of constant cost, L being the letters of all fields (a query character that no
    /// field holds is compared as `.absent`, never scalar by scalar).
    /// - Throws: `SearchError` for an empty, over-long or mark-laden query (`SearchQueryLimits`).
    public func search(_ query: String, limit: Int? = nil) throws(SearchError) -> SearchResult<Item> {
        try SearchQueryLimits.validate(query)
        let trimmed = query.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed()
        if trimmed.isEmpty { throw .emptyQuery }
        let letters = HangulMatcher.splittingClusters(trimmed.map(HangulLetter.init)).map(interned)
        let matches = self.matches(letters, limit: limit)
        if matches.isEmpty, let converted = DubeolsikKeyboard.hangul(fromLatin: String(trimmed)) {
            let convertedMatches = self.matches(converted.map(HangulLetter.init).map(interned), limit: limit)
            if !convertedMatches.isEmpty {
                return SearchResult(matches: convertedMatches, keyboardConversion: (String(trimmed), converted))
            }
        }
        return SearchResult(matches: matches, keyboardConversion: nil)
    }

    /// `.absent` for a character no field holds, else the letter itself.
    private func interned(_ letter: HangulLetter) -> HangulLetter {
        if case .other(let character) = letter, !otherCharacters.contains(character) { return .absent }
        return letter
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
