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

/// A text of an item that search looks at, with the name of its field ("name", "alias", …) and,
/// where the text alone does not say it, what it means for this item (CST: "미 중부 표준시").
public struct SearchableText: Sendable {
    public let field: String
    public let text: String
    public let label: String?
    public init(field: String, text: String, label: String? = nil) {
        self.field = field
        self.text = text
        self.label = label
    }
}

/// One result: the item, how and where it matched.
public struct SearchMatch<Item> {
    public let item: Item
    public let kind: MatchKind
    /// The field that matched and its text.
    public let field: String
    public let text: String
    /// What the text means for this item, when its `SearchableText` said.
    public let label: String?
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
/// Matching is case-insensitive for Latin, ignores spaces and punctuation (세계표준시 = 세계 표준시,
/// 워싱턴DC = 워싱턴 D.C., america/new_york = America/New_York), and takes NFC, NFD, halfwidth jamo
/// and compatibility clusters (ㄻ = ㄹㅁ) alike. Ranking: match kind, then field order, then the
/// item's importance (a city's population), then the items' order.
public struct SearchIndex<Item: Sendable>: Sendable {
    /// The item at a position: items are made only for the matches a search returns.
    private let item: @Sendable (Int) -> Item
    private let table: MatchTable

    /// Prepares `items` for search; `texts` lists each item's searchable texts, and fields rank in
    /// the order they first appear.
    public init(_ items: [Item], texts: (Item) -> [SearchableText]) {
        self.init(items, fields: [], importance: { _ in 0 }, texts: texts)
    }

    /// Prepares `items` for search.
    /// - Parameters:
    ///   - fields: field names in rank order (a name match beats an alias match of the same kind);
    ///     fields not listed rank after them, in the order they first appear.
    ///   - importance: ranks items whose matches are of the same kind and field (higher first).
    ///   - texts: each item's searchable texts. Texts equal in field, text and label are stored once
    ///     for all their items (a country name shared by a thousand cities).
    public init(_ items: [Item], fields: [String], importance: (Item) -> Int, texts: (Item) -> [SearchableText]) {
        var builder = MatchTable.Builder(fieldOrder: fields)
        for (position, item) in items.enumerated() {
            builder.add(texts(item), item: position, importance: importance(item))
        }
        self.table = builder.build()
        self.item = { items[$0] }
    }

    /// A search over a table compiled earlier (`compiled` of an index built from the same items):
    /// nothing is prepared at run time.
    /// - Parameter item: the item at a position of the list the table was built from.
    public init(compiled: CompiledMatchTable, item: @escaping @Sendable (Int) -> Item) {
        self.table = MatchTable(compiled)
        self.item = item
    }

    /// The prepared table as text, to compile into a binary.
    public var compiled: CompiledMatchTable { table.compiled }

    /// `query` as search takes it, surrounding spaces trimmed; what searches and lookups by a typed
    /// name check first, so that no input costs more than a bounded query.
    /// - Throws: `SearchError` for an empty query, or one over `SearchQueryLimits`.
    public static func validatedQuery(_ query: String) throws(SearchError) -> String {
        try SearchQueryLimits.validate(query)
        let trimmed = query.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed()
        if trimmed.isEmpty { throw .emptyQuery }
        return String(trimmed)
    }

    /// The items matching `query`, best first, one match per item.
    ///
    /// Cost: O(q) to read the query (q ≤ 100 scalars, `SearchQueryLimits`), then O(q × L) letter
    /// comparisons of constant cost, L being the letters of all fields (a query character that no
    /// field holds is compared as `.absent`, never scalar by scalar).
    /// - Throws: `SearchError` for an empty, over-long or mark-laden query (`SearchQueryLimits`).
    public func search(_ query: String, limit: Int? = nil) throws(SearchError) -> SearchResult<Item> {
        let trimmed = try Self.validatedQuery(query)
        let matches = self.matches(HangulMatcher.splittingClusters(trimmed.map(HangulLetter.init)), limit: limit)
        if matches.isEmpty, let converted = DubeolsikKeyboard.hangul(fromLatin: String(trimmed)) {
            let convertedMatches = self.matches(converted.map(HangulLetter.init), limit: limit)
            if !convertedMatches.isEmpty {
                return SearchResult(matches: convertedMatches, keyboardConversion: (String(trimmed), converted))
            }
        }
        return SearchResult(matches: matches, keyboardConversion: nil)
    }

    /// Spaces and punctuation dropped (search ignores them on both sides), the rest as the
    /// table's codes (a character no text holds as `.absent`).
    private func matches(_ query: [HangulLetter], limit: Int?) -> [SearchMatch<Item>] {
        table.ranked(query.filter { !$0.isIgnored }.map(table.code), limit: limit).map { found in
            let field = SearchField(table.text(of: found.entry))
            return SearchMatch(item: item(found.position), kind: found.kind, field: table.fieldNames[table.fieldRank(of: found.entry)],
                               text: field.text, label: table.label(of: found.entry),
                               utf16Range: field.utf16Starts[found.range.lowerBound]..<field.utf16Ends[found.range.upperBound - 1])
        }
    }
}

/// One searchable text, prepared: its letters without spaces and punctuation, and where each
/// letter starts and ends in UTF-16.
struct SearchField: Sendable {
    let text: String
    let letters: [HangulLetter]
    let utf16Starts: [Int]
    let utf16Ends: [Int]

    init(_ text: String) {
        var letters: [HangulLetter] = [], starts: [Int] = [], ends: [Int] = []
        let utf8 = text.utf8
        letters.reserveCapacity(utf8.count)
        starts.reserveCapacity(utf8.count)
        ends.reserveCapacity(utf8.count)
        if utf8.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "\r") }) {
            // ASCII without CR LF (English names, zone ids, codes): one byte, one character, one UTF-16 unit.
            for (offset, byte) in utf8.enumerated() {
                let letter = HangulLetter(ascii: byte)
                if letter.isIgnored { continue }
                letters.append(letter)
                starts.append(offset)
                ends.append(offset + 1)
            }
        } else {
            var offset = 0
            for character in text {
                let width = character.utf16.count
                defer { offset += width }
                let letter = HangulLetter(character)
                if letter.isIgnored { continue }
                letters.append(letter)
                starts.append(offset)
                ends.append(offset + width)
            }
        }
        self.text = text
        self.letters = letters
        self.utf16Starts = starts
        self.utf16Ends = ends
    }
}

/// An item's best match: ordered by kind, then field rank, then importance (higher first), then item order.
struct RankedMatch: Comparable {
    let kind: MatchKind
    let field: Int
    let importance: Int
    let position: Int
    let entry: Int
    let range: Range<Int>

    static func < (a: RankedMatch, b: RankedMatch) -> Bool {
        (a.kind, a.field, b.importance, a.position) < (b.kind, b.field, a.importance, b.position)
    }
    static func == (a: RankedMatch, b: RankedMatch) -> Bool {
        (a.kind, a.field, a.importance, a.position) == (b.kind, b.field, b.importance, b.position)
    }
}

/// The matching rules, outside the generic `SearchIndex` so that its loops need no generic metadata.
enum HangulMatcher {
    /// The best way `query` matches `text`, and the matched characters.
    static func match(_ query: [LetterCode], in text: [LetterCode]) -> (MatchKind, Range<Int>)? {
        let n = query.count
        guard n <= text.count + 1 else { return nil }
        if n <= text.count {
            let head = text[..<n]
            if head.elementsEqual(query) { return (n == text.count ? .exact : .prefix, 0..<n) }
            if zip(query, head).allSatisfy({ Self.letter($0, coversTypedAs: $1) }) {
                let consonantsOnly = query.allSatisfy(\.isConsonant)
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
    private static func letter(_ typed: LetterCode, coversTypedAs actual: LetterCode) -> Bool {
        typed == actual || (typed.isConsonant && actual.initial == typed.initial)
    }

    /// Where the match ends when the query's last syllable is a state of typing the text on a
    /// 2-set keyboard: an open syllable may still take a final (뉴요 → 뉴욕), its final may be the
    /// next syllable's initial (늉 = 뉴 + ㅇ…), a double final
    /// may split (닭 = 달 + ㄱ…), a final may be the first half of a double final (달 → 닭), and an
    /// open syllable's vowel may be the first half of a compound vowel (고 → 과). 누 and 뉵 are not
    /// states of typing 뉴욕.
    private static func incrementalEnd(_ query: [LetterCode], in text: [LetterCode]) -> Int? {
        let last = query.count - 1
        guard let (initial, medial, final) = query[last].syllable, last < text.count,
              zip(query.prefix(last), text).allSatisfy({ Self.letter($0, coversTypedAs: $1) }),
              let (textInitial, textMedial, textFinal) = text[last].syllable, textInitial == initial else { return nil }
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
