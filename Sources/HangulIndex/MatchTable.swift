/// The prepared texts of every item, each distinct text once, found by their first letter (for
/// every kind of match that starts at the text's start) or by a later pair of letters (for
/// substrings), so a query looks at a few hundred texts, not all of them.
///
/// Everything is kept in `CompiledMatchTable`'s text form: a table built at run time and one
/// compiled into the binary are the same value, and reading the compiled one costs nothing up front.
struct MatchTable: Sendable {
    let compiled: CompiledMatchTable
    let fieldNames: [String]
    /// The characters that are neither syllables nor consonants, numbered as `LetterCode.other`.
    let others: [Character]
    private let otherCodes: [Character: LetterCode]
    private let byStart: PostingMap
    private let byFirst: PostingMap
    private let byLaterLetter: PostingMap
    private let byLaterPair: PostingMap

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
        self.others = others
        otherCodes = Dictionary(others.enumerated().map { ($1, LetterCode.other($0)) }, uniquingKeysWith: { first, _ in first })
        byStart = PostingMap(compiled.byStart)
        byFirst = PostingMap(compiled.byFirst)
        byLaterLetter = PostingMap(compiled.byLaterLetter)
        byLaterPair = PostingMap(compiled.byLaterPair)
    }

    var entryCount: Int { compiled.fieldRanks.count }

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
    private func letters(of entry: Int, into letters: inout [LetterCode]) {
        letters.removeAll(keepingCapacity: true)
        for position in Int(compiled.letterStarts[entry])..<Int(compiled.letterStarts[entry + 1]) {
            letters.append(LetterCode(value: compiled.letters[position]))
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
        func consider(_ entry: Int, _ kind: MatchKind, _ range: Range<Int>) {
            let rank = fieldRank(of: entry)
            let start = Int(compiled.itemStarts[entry]), end = Int(compiled.itemStarts[entry + 1])
            // An entry's items are in rank order, so past the first `limit` none can make the cut.
            for position in start..<min(end, start + (limit ?? end - start)) {
                let item = Int32(compiled.items[position])
                let candidate = RankedMatch(kind: kind, field: rank, importance: Int(compiled.importance[Int(item)]),
                                            position: Int(item), entry: entry, range: range)
                if let known = best[item], !(candidate < known) { continue }
                best[item] = candidate
            }
        }
        // A first letter that is a consonant (ㄴ → 뉴욕) or a lone syllable still being typed (늉,
        // 고 → 과) covers several first letters; any other must be the text's first letter.
        let coversOthers = first.isConsonant || (query.count == 1 && first.syllable != nil)
        let candidates = coversOthers ? byStart.postings(first.startKey) : byFirst.postings(first.value)
        for position in candidates {
            let entry = (coversOthers ? byStart : byFirst).entry(position)
            letters(of: entry, into: &text)
            if let (kind, range) = HangulMatcher.match(query, in: text) { consider(entry, kind, range) }
        }
        // Substrings rank after every other kind: needed only while fewer than `limit` items matched.
        if limit.map({ best.count < $0 }) ?? true {
            let map = query.count == 1 ? byLaterLetter : byLaterPair
            let lists = query.count == 1 ? [byLaterLetter.postings(first.value)]
                : zip(query, query.dropFirst()).map { byLaterPair.postings(Self.pairKey($0.value, $1.value)) }
            if let rarest = lists.min(by: { $0.count < $1.count }) {
                for position in rarest {
                    let entry = map.entry(position)
                    letters(of: entry, into: &text)
                    if let (kind, range) = HangulMatcher.match(query, in: text), kind == .substring {
                        consider(entry, kind, range)
                    }
                }
            }
        }
        let sorted = best.values.sorted()
        return limit.map { Array(sorted.prefix($0)) } ?? sorted
    }

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

    /// The entry at `position` of the entries column.
    func entry(_ position: Int) -> Int { Int(entries[position]) }
}

/// A match table as text, as `Scripts/compile-catalogue` writes it into the binary: every column
/// is a `HexColumn`, every text pool a string with the UTF-8 offsets of its parts.
public struct CompiledMatchTable: Sendable, Equatable {
    /// Entries by a key: `keys` sorted, the entries of `keys[k]` at `entries[starts[k]..<starts[k+1]]`.
    public struct Postings: Sendable, Equatable {
        public let keys: HexColumn
        public let starts: HexColumn
        public let entries: HexColumn
        public init(keys: HexColumn, starts: HexColumn, entries: HexColumn) {
            (self.keys, self.starts, self.entries) = (keys, starts, entries)
        }
    }

    /// Field names in rank order, separated by commas.
    public let fieldNames: String
    /// The other characters' scalars, and where each character's scalars start (one more than characters).
    public let otherScalars: HexColumn
    public let otherStarts: HexColumn
    /// Entry texts, concatenated, and where each starts in UTF-8 (one more than entries).
    public let texts: String
    public let textStarts: HexColumn
    /// Entry labels likewise; an empty label is none.
    public let labels: String
    public let labelStarts: HexColumn
    public let fieldRanks: HexColumn
    /// Each entry's letters as `LetterCode`s, spaces and punctuation left out.
    public let letters: HexColumn
    public let letterStarts: HexColumn
    /// Each entry's items, most important first, then in item order.
    public let items: HexColumn
    public let itemStarts: HexColumn
    /// Each item's importance.
    public let importance: HexColumn
    public let byStart: Postings
    public let byFirst: Postings
    public let byLaterLetter: Postings
    public let byLaterPair: Postings

    public init(fieldNames: String, otherScalars: HexColumn, otherStarts: HexColumn, texts: String, textStarts: HexColumn,
                labels: String, labelStarts: HexColumn, fieldRanks: HexColumn, letters: HexColumn, letterStarts: HexColumn,
                items: HexColumn, itemStarts: HexColumn, importance: HexColumn,
                byStart: Postings, byFirst: Postings, byLaterLetter: Postings, byLaterPair: Postings) {
        self.fieldNames = fieldNames
        self.otherScalars = otherScalars
        self.otherStarts = otherStarts
        self.texts = texts
        self.textStarts = textStarts
        self.labels = labels
        self.labelStarts = labelStarts
        self.fieldRanks = fieldRanks
        self.letters = letters
        self.letterStarts = letterStarts
        self.items = items
        self.itemStarts = itemStarts
        self.importance = importance
        self.byStart = byStart
        self.byFirst = byFirst
        self.byLaterLetter = byLaterLetter
        self.byLaterPair = byLaterPair
    }
}

extension MatchTable {
    /// Collects the texts of items, each distinct (field, text, label) once, and builds the table.
    struct Builder {
        private var fieldNames: [String]
        private var rankOfField: [String: Int]
        private var entryOfKey: [String: Int] = [:]
        private var texts: [(SearchableText, Int)] = []
        private var itemsOfEntry: [[Int32]] = []
        private var importance: [Int] = []

        init(fieldOrder: [String]) {
            fieldNames = fieldOrder
            rankOfField = Dictionary(fieldOrder.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        }

        mutating func add(_ searchable: [SearchableText], item: Int, importance value: Int) {
            importance.append(value)
            for text in searchable {
                let rank: Int
                if let known = rankOfField[text.field] { rank = known } else {
                    rank = fieldNames.count
                    fieldNames.append(text.field)
                    rankOfField[text.field] = rank
                }
                let key = text.field + "\u{1F}" + text.text + "\u{1F}" + (text.label ?? "")
                if let entry = entryOfKey[key] {
                    if itemsOfEntry[entry].last != Int32(item) { itemsOfEntry[entry].append(Int32(item)) }
                } else {
                    entryOfKey[key] = texts.count
                    texts.append((text, rank))
                    itemsOfEntry.append([Int32(item)])
                }
            }
        }

        func build() -> MatchTable {
            var others: [Character] = [], otherCodes: [Character: LetterCode] = [:]
            func code(_ letter: HangulLetter) -> LetterCode {
                if let code = LetterCode(hangul: letter) { return code }
                guard case .other(let character) = letter else { return .absent }
                if let known = otherCodes[character] { return known }
                let made = LetterCode.other(others.count)
                others.append(character)
                otherCodes[character] = made
                return made
            }
            var textPool = "", textStarts: [UInt32] = [0], labelPool = "", labelStarts: [UInt32] = [0]
            var fieldRanks: [UInt32] = [], letters: [UInt32] = [], letterStarts: [UInt32] = [0]
            var items: [UInt32] = [], itemStarts: [UInt32] = [0]
            var byStart: [UInt32: [UInt32]] = [:], byFirst: [UInt32: [UInt32]] = [:]
            var byLaterLetter: [UInt32: [UInt32]] = [:], byLaterPair: [UInt32: [UInt32]] = [:]
            var letterSeen: Set<UInt32> = [], pairSeen: Set<UInt32> = []
            for (index, (text, rank)) in texts.enumerated() {
                let entry = UInt32(index)
                textPool += text.text
                textStarts.append(UInt32(textPool.utf8.count))
                labelPool += text.label ?? ""
                labelStarts.append(UInt32(labelPool.utf8.count))
                fieldRanks.append(UInt32(rank))
                items += itemsOfEntry[index].sorted { (importance[Int($0)], $1) > (importance[Int($1)], $0) }.map { UInt32($0) }
                itemStarts.append(UInt32(items.count))
                let codes = SearchField(text.text).letters.map { code($0).value }
                letters += codes
                letterStarts.append(UInt32(letters.count))
                guard let first = codes.first else { continue }
                byStart[LetterCode(value: first).startKey, default: []].append(entry)
                byFirst[first, default: []].append(entry)
                letterSeen.removeAll(keepingCapacity: true)
                pairSeen.removeAll(keepingCapacity: true)
                for position in 1..<codes.count {
                    if letterSeen.insert(codes[position]).inserted { byLaterLetter[codes[position], default: []].append(entry) }
                    if position + 1 < codes.count, case let pair = MatchTable.pairKey(codes[position], codes[position + 1]),
                       pairSeen.insert(pair).inserted {
                        byLaterPair[pair, default: []].append(entry)
                    }
                }
            }
            var otherScalars: [UInt32] = [], otherStarts: [UInt32] = [0]
            for character in others {
                otherScalars += character.unicodeScalars.map(\.value)
                otherStarts.append(UInt32(otherScalars.count))
            }
            func postings(_ map: [UInt32: [UInt32]]) -> CompiledMatchTable.Postings {
                let keys = map.keys.sorted()
                var starts: [UInt32] = [0], entries: [UInt32] = []
                for key in keys {
                    entries += map[key]!
                    starts.append(UInt32(entries.count))
                }
                return .init(keys: HexColumn(keys), starts: HexColumn(starts), entries: HexColumn(entries))
            }
            return MatchTable(CompiledMatchTable(
                fieldNames: fieldNames.joined(separator: ","),
                otherScalars: HexColumn(otherScalars), otherStarts: HexColumn(otherStarts),
                texts: textPool, textStarts: HexColumn(textStarts), labels: labelPool, labelStarts: HexColumn(labelStarts),
                fieldRanks: HexColumn(fieldRanks), letters: HexColumn(letters), letterStarts: HexColumn(letterStarts),
                items: HexColumn(items), itemStarts: HexColumn(itemStarts),
                importance: HexColumn(importance.map { UInt32(clamping: $0) }),
                byStart: postings(byStart), byFirst: postings(byFirst),
                byLaterLetter: postings(byLaterLetter), byLaterPair: postings(byLaterPair)))
        }
    }
}
