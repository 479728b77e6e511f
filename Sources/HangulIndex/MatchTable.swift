/// The prepared texts of every item, each distinct text once, found by their first letter (for
/// every kind of match that starts at the text's start) or by a later pair of letters (for
/// substrings), so a query looks at a few hundred texts, not all of them.
///
/// Everything is kept in `CompiledMatchTable`'s text form: a table built at run time and one
/// compiled into the binary are the same value, and reading the compiled one costs nothing up front.
struct MatchTable: Sendable {
    let compiled: CompiledMatchTable
    let fieldNames: [String]
    /// The characters that are neither syllables nor consonants, by their `LetterCode.other`
    /// number (their position in `CompiledMatchTable.otherStarts`).
    private let otherCodes: [Character: LetterCode]
    let byStart: PostingMap
    private let byFirst: PostingMap
    private let byLaterLetter: PostingMap
    private let byLaterPair: PostingMap
    /// Items at least this important are prominent (`SearchIndex`'s `prominentImportance`).
    var prominentImportance = Int.min

    init(_ compiled: CompiledMatchTable) {
        self.compiled = compiled
        fieldNames = compiled.fieldNames.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        var others: [Character] = []
        let starts = compiled.otherStarts
        for index in 0..<max(0, starts.count - 1) {
            let scalars = compiled.otherScalars.values(Int(starts[index])..<Int(starts[index + 1]))
            var text = String.UnicodeScalarView()
            text.append(contentsOf: scalars.compactMap(Unicode.Scalar.init))
            others.append(Character(String(text)))
        }
        // A loop, not `Dictionary(_:uniquingKeysWith:)`, which casts dynamically (refused by Embedded Swift).
        var otherCodes: [Character: LetterCode] = [:]
        for (number, character) in others.enumerated() where otherCodes[character] == nil { otherCodes[character] = .other(number) }
        self.otherCodes = otherCodes
        byStart = PostingMap(compiled.byStart)
        byFirst = PostingMap(compiled.byFirst)
        byLaterLetter = PostingMap(compiled.byLaterLetter)
        byLaterPair = PostingMap(compiled.byLaterPair)
    }

    /// The code of a query letter: `.absent` for a character no text holds.
    func code(_ letter: HangulLetter) -> LetterCode {
        if let code = LetterCode(hangul: letter) { return code }
        if case .other(let character) = letter, let code = otherCodes[character] { return code }
        return .absent
    }

    func text(of entry: Int) -> String { Self.slice(compiled.texts, compiled.textStarts, entry) }

    func label(of entry: Int) -> String? {
        let label = Self.slice(compiled.labels, compiled.labelStarts, entry)
        return label.isEmpty ? nil : label
    }

    func fieldRank(of entry: Int) -> Int { Int(compiled.fieldRanks[entry]) }

    /// Puts the letters of `entry` in `letters`, reusing its storage: a search reads thousands of
    /// entries, and allocating for each was most of its cost.
    func letters(of entry: Int, into letters: inout [LetterCode]) {
        letters.removeAll(keepingCapacity: true)
        compiled.letters.forEach(in: Int(compiled.letterStarts[entry])..<Int(compiled.letterStarts[entry + 1])) {
            letters.append(LetterCode(value: $0))
        }
    }

    private static func slice(_ text: String, _ starts: HexColumn, _ index: Int) -> String {
        let utf8 = text.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: Int(starts[index]))
        return String(decoding: utf8[start..<utf8.index(start, offsetBy: Int(starts[index + 1] - starts[index]))], as: UTF8.self)
    }

    /// Each matching item's best match, best first, at most `limit`.
    func ranked(_ query: [LetterCode], limit: Int?) -> [RankedMatch] {
        guard let first = query.first else { return [] }
        var best: [Int32: RankedMatch] = [:]
        var text: [LetterCode] = []
        // A first letter that is a consonant (ㄴ → 뉴욕) or a lone syllable still being typed (늉,
        // 고 → 과) covers several first letters; any other must be the text's first letter.
        let coversOthers = first.isConsonant || (query.count == 1 && first.syllable != nil)
        // A lone consonant is the start of a word being typed (ㄴ on the way to 뉴욕), not a name
        // of one syllable spelled by its initial (님): it never counts as covering a whole text.
        let isLoneConsonant = query.count == 1 && first.isConsonant
        let starts = coversOthers ? byStart : byFirst
        starts.forEachEntry(in: starts.postings(coversOthers ? first.startKey : first.value)) { entry in
            letters(of: entry, into: &text)
            if let (kind, range) = HangulMatcher.match(query, in: text) {
                // An IME state that may still become the whole text (단 → 다낭) is no better a
                // match than a prefix of a longer one: which place comes first is its importance's call.
                // Nor is a syllable then a consonant (광ㅈ on the way to 광저우) a whole name (광주):
                // only initials typed as initials (ㅍㄹ → 파리) are.
                let isWhole = range.count == text.count && !isLoneConsonant && kind != .incremental && kind != .mixed
                consider(entry, kind, range, isWhole: isWhole, limit: limit, into: &best)
            }
        }
        // Substrings rank after every other kind: needed only while fewer than `limit` items matched.
        if limit.map({ best.count < $0 }) ?? true {
            let map = query.count == 1 ? byLaterLetter : byLaterPair
            let lists =
                query.count == 1
                ? [byLaterLetter.postings(first.value)]
                : zip(query, query.dropFirst()).map { byLaterPair.postings(Self.pairKey($0.value, $1.value)) }
            if let rarest = lists.min(by: { $0.count < $1.count }) {
                map.forEachEntry(in: rarest) { entry in
                    letters(of: entry, into: &text)
                    if let (kind, range) = HangulMatcher.match(query, in: text), kind == .substring {
                        consider(entry, kind, range, isWhole: false, limit: limit, into: &best)
                    }
                }
            }
        }
        let sorted = best.values.sorted()
        return limit.map { Array(sorted.prefix($0)) } ?? sorted
    }

    /// Records a match of `entry` for each of its items where it beats the item's best so far.
    /// - Parameter isWhole: whether the match covers the whole text (ㅍㄹ for 파리, not 포르탈레자).
    func consider(_ entry: Int, _ kind: MatchKind, _ range: Range<Int>, isWhole: Bool, limit: Int?, into best: inout [Int32: RankedMatch]) {
        let rank = fieldRank(of: entry)
        let start = Int(compiled.itemStarts[entry]), end = Int(compiled.itemStarts[entry + 1])
        // An entry's items are in rank order, so past the first `limit` none can make the cut.
        compiled.items.forEach(in: start..<min(end, start + (limit ?? end - start))) { value in
            let item = Int32(value)
            let importance = Int(compiled.importance[Int(item)])
            // A name typed in full that also starts a prominent name is on its way to it as much
            // as it is itself (호 while typing 홍콩, 바 for 바르셀로나): it ranks after the prominent
            // prefixes, before the others (말라카 before 말라칼).
            let isProminent = importance >= prominentImportance
            let asPrefix = kind == .exact && rank == 0 && !isProminent
            let tier = kind == .incremental || asPrefix ? MatchKind.prefix.rawValue : kind.rawValue
            let candidate = RankedMatch(
                kind: kind, partial: isWhole ? 0 : 1, field: rank, importance: importance, position: Int(item), entry: entry,
                range: range, tier: tier, prominence: Self.prominenceRanked.contains(tier) && !isProminent ? 1 : 0)
            if let known = best[item], !(candidate < known) { return }
            best[item] = candidate
        }
    }

    /// The tiers in which prominent items come first: the starts of a text (a prefix, a state of
    /// typing it, initials, initials and syllables), not a text typed in full nor a part inside it.
    static let prominenceRanked = MatchKind.prefix.rawValue...MatchKind.mixed.rawValue

    /// Two letters as one posting key. Different pairs may share a key: a posting list only
    /// narrows the candidates, and every candidate is matched letter by letter.
    static func pairKey(_ a: UInt32, _ b: UInt32) -> UInt32 {
        (a &* 0x9E37_79B1) ^ (b &* 0x85EB_CA77) ^ (b >> 16)
    }
}

/// Entries by a 32-bit key: sorted keys, and each key's entries.
struct PostingMap: Sendable {
    private let keys: HexColumn
    private let starts: HexColumn
    private let entries: HexColumn

    init(_ columns: CompiledMatchTable.Postings) {
        (keys, starts, entries) = (columns.keys, columns.starts, columns.entries)
    }

    /// Where the entries of `key` are in the entries column (empty when none has it).
    func postings(_ key: UInt32) -> Range<Int> {
        guard let position = keys.binarySearch(key) else { return 0..<0 }
        return Int(starts[position])..<Int(starts[position + 1])
    }

    /// Calls `body` with each entry at `positions` of the entries column.
    func forEachEntry(in positions: Range<Int>, _ body: (Int) -> Void) { entries.forEach(in: positions) { body(Int($0)) } }
}

/// An item's best match: ordered by kind (a prefix and a state of typing the text on a 2-set
/// keyboard alike: 성 is as much on the way to 서울 as to 성남; among the starts of texts a
/// prominent item's first, then the exact name of another, then the rest), then whether it covers the whole
/// text (a choseong query that spells a whole name, ㅍㄹ → 파리, beats the longer names it merely
/// starts, as a syllable query's exact match beats its prefixes), then field rank, then importance
/// (higher first), then item order.
struct RankedMatch: Comparable {
    let kind: MatchKind
    /// 0 when the match covers the whole text, 1 when it covers a part.
    let partial: Int
    let field: Int
    let importance: Int
    let position: Int
    let entry: Int
    let range: Range<Int>

    /// The kind's place in the order: an incremental match ranks with the prefixes, and so does an
    /// exact match of the name of an item that is not prominent.
    let tier: Int
    /// Among the starts of texts (`MatchTable.prominenceRanked`), 0 for a prominent item's (first), 1 for the others'.
    let prominence: Int

    init(
        kind: MatchKind, partial: Int, field: Int, importance: Int, position: Int, entry: Int, range: Range<Int>, tier: Int? = nil,
        prominence: Int = 0
    ) {
        (self.kind, self.partial, self.field, self.importance, self.position, self.entry, self.range) =
            (kind, partial, field, importance, position, entry, range)
        self.tier = tier ?? kind.rawValue
        self.prominence = prominence
    }

    static func < (a: RankedMatch, b: RankedMatch) -> Bool {
        (a.tier, a.prominence, a.partial, a.field, b.importance, a.position)
            < (b.tier, b.prominence, b.partial, b.field, a.importance, b.position)
    }
    static func == (a: RankedMatch, b: RankedMatch) -> Bool {
        (a.tier, a.prominence, a.partial, a.field, a.importance, a.position)
            == (b.tier, b.prominence, b.partial, b.field, b.importance, b.position)
    }
}
