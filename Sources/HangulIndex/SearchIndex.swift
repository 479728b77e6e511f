/// Korean-aware search over a fixed list of items, with the texts prepared once.
///
/// Matching is case-insensitive for Latin, ignores spaces and punctuation (세계표준시 = 세계 표준시,
/// 워싱턴DC = 워싱턴 D.C., america/new_york = America/New_York), and takes NFC, NFD, halfwidth jamo
/// and compatibility clusters (ㄻ = ㄹㅁ) alike. Ranking: match kind (a prefix and a state of
/// typing the text on a 2-set keyboard alike), then field order, then the item's importance (how
/// much its users look it up, or its population), then the items' order.
package struct SearchIndex<Item: Sendable>: Sendable {
    /// The item at a position: items are made only for the matches a search returns.
    private let item: @Sendable (Int) -> Item
    private let table: MatchTable
    /// Words a query may end with that the texts leave out (섬, 제도: 갈라파고스제도 → 갈라파고스),
    /// longest first: dropped, one of them, when the query as typed matches nothing.
    private let droppableSuffixes: [String]

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
    ///   - droppableSuffixes: words a query may end with that the texts leave out (섬, 제도, 폭포).
    ///   - prominentImportance: items at least this important are prominent: among the prefixes
    ///     and the states of typing a name they come first, and the exact name of an item that is
    ///     not ranks with the prefixes, after theirs and before the others' (a small town named 호
    ///     is no better an answer to 호, typed on the way to 홍콩, than 홍콩). Nil: every item is.
    public init(
        _ items: [Item], fields: [String], importance: (Item) -> Int, droppableSuffixes: [String] = [],
        prominentImportance: Int? = nil, texts: (Item) -> [SearchableText]
    ) {
        self.droppableSuffixes = droppableSuffixes.sorted { $0.count > $1.count }
        var builder = MatchTable.Builder(fieldOrder: fields)
        for (position, item) in items.enumerated() {
            builder.add(texts(item), item: position, importance: importance(item))
        }
        var table = builder.build()
        table.prominentImportance = prominentImportance ?? Int.min
        self.table = table
        self.item = { items[$0] }
    }

    /// A search over a table compiled earlier (`compiled` of an index built from the same items):
    /// nothing is prepared at run time.
    /// - Parameter item: the item at a position of the list the table was built from.
    /// - Parameter droppableSuffixes: as for the index the table was built by.
    /// - Parameter prominentImportance: as for the index the table was built by.
    public init(
        compiled: CompiledMatchTable, droppableSuffixes: [String] = [], prominentImportance: Int? = nil,
        item: @escaping @Sendable (Int) -> Item
    ) {
        self.droppableSuffixes = droppableSuffixes.sorted { $0.count > $1.count }
        var table = MatchTable(compiled)
        table.prominentImportance = prominentImportance ?? Int.min
        self.table = table
        self.item = item
    }

    /// The prepared table as text, to compile into a binary.
    public var compiled: CompiledMatchTable { table.compiled }

    /// `query` as search takes it, surrounding spaces trimmed; what searches and lookups by a typed
    /// name check first, so that no input costs more than a bounded query.
    /// - Throws: `SearchError` for an empty query, or one over `SearchQueryLimits`.
    public static func validatedQuery(_ query: String) throws(SearchError) -> String {
        try SearchQueryLimits.validate(query)
        // White space trimmed scalar by scalar: no grapheme breaking or property tables on a CLI run.
        let scalars = query.unicodeScalars
        func isSpace(_ scalar: Unicode.Scalar) -> Bool {
            SearchQueryLimits.isPlainLetter(scalar) ? scalar == " " : scalar.properties.isWhitespace
        }
        guard let first = scalars.firstIndex(where: { !isSpace($0) }), let last = scalars.lastIndex(where: { !isSpace($0) }) else {
            throw .emptyQuery
        }
        return String(scalars[first...last])
    }

    /// The items matching `query`, best first, one match per item. When nothing matches as typed:
    /// Latin read as Hangul typed on a 2-set keyboard, else the query without a droppable suffix,
    /// else similar spellings (`MatchKind.similar`).
    ///
    /// Cost: O(q) to read the query (q ≤ 100 scalars, `SearchQueryLimits`), then O(q × L) letter
    /// comparisons of constant cost, L being the letters of all fields (a query character that no
    /// field holds is compared as `.absent`, never scalar by scalar). When nothing matches, the
    /// texts of about the query's length are compared by spelling (`SimilarSpelling`, queries of
    /// at most 40 jamo): O(q²) each.
    /// - Throws: `SearchError` for an empty, over-long or mark-laden query (`SearchQueryLimits`).
    public func search(_ query: String, limit: Int? = nil) throws(SearchError) -> SearchResult<Item> {
        let found = try hits(query, limit: limit)
        return SearchResult(matches: found.hits.map(match), keyboardConversion: found.keyboardConversion)
    }

    /// What `search` finds, ranked the same, with each match's item, text range and label not
    /// made yet: for a caller that filters the matches and shows a few of them (`match(_:)`
    /// makes those). Making every match of a short query (75 for 뉴) was a tenth of a CLI search.
    /// - Throws: `SearchError` for an empty, over-long or mark-laden query (`SearchQueryLimits`).
    public func hits(
        _ query: String, limit: Int? = nil
    ) throws(SearchError) -> (
        hits: [SearchHit], keyboardConversion: (typed: String, converted: String)?
    ) {
        let trimmed = try Self.validatedQuery(query)
        let letters = codes(HangulMatcher.splittingClusters(trimmed.map(HangulLetter.init)))
        let hits = self.hits(table.ranked(letters, limit: limit))
        if !hits.isEmpty { return (hits, nil) }
        if let converted = DubeolsikKeyboard.hangul(fromLatin: String(trimmed)) {
            let convertedHits = self.hits(table.ranked(codes(converted.map(HangulLetter.init)), limit: limit))
            if !convertedHits.isEmpty { return (convertedHits, (String(trimmed), converted)) }
        }
        if let suffix = droppableSuffixes.first(where: { trimmed.hasSuffix($0) && trimmed.count > $0.count }) {
            let shorter = codes(HangulMatcher.splittingClusters(trimmed.dropLast(suffix.count).map(HangulLetter.init)))
            let shorterHits = self.hits(table.ranked(shorter, limit: limit))
            if !shorterHits.isEmpty { return (shorterHits, nil) }
        }
        return (self.hits(table.similar(letters, limit: limit)), nil)
    }

    /// The match `hit` stands for, with its item. `hit` must come from this index's `hits`.
    public func match(_ hit: SearchHit) -> SearchMatch<Item> {
        let (text, range) = self.text(of: hit)
        return SearchMatch(
            item: item(hit.ranked.position), kind: hit.kind, field: hit.field, text: text, label: table.label(of: hit.ranked.entry),
            utf16Range: range)
    }

    /// The text `hit` matched and the matched part of it, in UTF-16 code units, without making
    /// its item: what a caller that filters hits by where they matched looks at.
    public func text(of hit: SearchHit) -> (text: String, utf16Range: Range<Int>) {
        let text = table.text(of: hit.ranked.entry)
        return (text, SearchField.utf16Range(ofLetters: hit.ranked.range, in: text))
    }

    /// Spaces and punctuation dropped (search ignores them on both sides), the rest as the
    /// table's codes (a character no text holds as `.absent`).
    private func codes(_ query: [HangulLetter]) -> [LetterCode] {
        query.filter { !$0.isIgnored }.map(table.code)
    }

    private func hits(_ ranked: [RankedMatch]) -> [SearchHit] {
        ranked.map { SearchHit(ranked: $0, field: table.fieldNames[table.fieldRank(of: $0.entry)]) }
    }
}

/// A match `SearchIndex.hits` found, before its item is made (`SearchIndex.match(_:)`): its kind
/// and field are known.
package struct SearchHit: Sendable {
    let ranked: RankedMatch
    /// The field that matched ("name", "alias", …).
    public let field: String
    /// How it matched.
    public var kind: MatchKind { ranked.kind }
}
