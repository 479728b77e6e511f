/// One section of an index: its title and its rows in collation order.
public struct Section<Row> {
    /// The section's title (ㄱ, A, #).
    public let title: SectionTitle
    /// The rows, ordered by ICU's Korean collator.
    public let rows: [Row]

    public init(title: SectionTitle, rows: [Row]) {
        self.title = title
        self.rows = rows
    }
}

extension Section: Sendable where Row: Sendable {}
extension Section: Equatable where Row: Equatable {}

/// A list grouped into sections ㄱ … ㅎ, A … Z, # and sorted inside each: the shape a table view's
/// data source needs (section titles for the right edge, rows per section), for any row type.
public struct SectionIndex<Row> {
    /// Whether sections without rows stay in the index.
    public enum EmptySections: Sendable {
        /// Every title appears, with an empty section where no row falls (an index bar that never moves).
        case keep
        /// Only sections with rows appear.
        case drop
    }

    /// The sections in index order.
    public let sections: [Section<Row>]

    /// The titles of `sections`, in order: what the index bar shows.
    public var titles: [SectionTitle] { sections.map(\.title) }

    /// The section titled `title`, if the index has it: a scan of at most 41 titles, cheaper than
    /// hashing them into a table a CLI run would build for one lookup.
    public subscript(title: SectionTitle) -> Section<Row>? {
        sections.first { $0.title == title }
    }

    /// The section whose title text is `text` ("ㄱ", "A", "#"), if the index has it.
    public func section(titled text: String) -> Section<Row>? {
        sections.first { $0.title.text == text }
    }

    /// All rows, section after section.
    public var rows: [Row] { sections.flatMap(\.rows) }

    /// Groups `rows` into sections by `indexer` and sorts each section by `collator` on the same
    /// key; rows whose keys collate equal are ordered by the key's UTF-8 bytes, then by input order,
    /// so the result never depends on the sort algorithm.
    /// - Parameters:
    ///   - rows: the rows, in any order.
    ///   - indexer: decides each row's section.
    ///   - collator: orders rows inside a section (normally the tertiary-strength `ko` collator).
    ///   - emptySections: whether to keep sections without rows.
    ///   - key: the text a row is filed and sorted under, e.g. its Korean name.
    /// - Complexity: O(n log n) comparisons of sort keys.
    /// - Throws: `ICUError` when ICU cannot compute a sort key.
    public init(
        _ rows: some Sequence<Row>,
        indexer: SectionIndexer,
        collator: Collator,
        emptySections: EmptySections = .drop,
        key: (Row) -> String
    ) throws(ICUError) {
        let rows = Array(rows)
        var keys: [String] = []
        keys.reserveCapacity(rows.count)
        var members = [[Int]](repeating: [], count: indexer.titles.count)
        // All sort keys in one buffer; each row also keeps its key's first 8 bytes as an integer,
        // which settles most comparisons without touching the buffer.
        var sortKeys: [UInt8] = []
        var sortKeyRanges: [Range<Int>] = []
        var leadingBytes: [UInt64] = []
        sortKeyRanges.reserveCapacity(rows.count)
        leadingBytes.reserveCapacity(rows.count)
        var units: [UInt16] = []
        for (position, row) in rows.enumerated() {
            let text = key(row)
            keys.append(text)
            members[try indexer.checkedSection(for: text)].append(position)
            let start = sortKeys.count
            units.removeAll(keepingCapacity: true)
            units.append(contentsOf: KoreanText.withoutLeadingPunctuation(text).utf16)
            try units.withUnsafeBufferPointer { (units) throws(ICUError) in _ = try collator.sortKey(of: units, appendingTo: &sortKeys) }
            sortKeyRanges.append(start..<sortKeys.count)
            var leading: UInt64 = 0
            for offset in 0..<8 {
                leading = leading << 8 | UInt64(start + offset < sortKeys.count ? sortKeys[start + offset] : 0)
            }
            leadingBytes.append(leading)
        }
        let ordered: [[Int]] = sortKeys.withUnsafeBufferPointer { arena in
            members.map { positions in
                positions.sorted { a, b in
                    if leadingBytes[a] != leadingBytes[b] { return leadingBytes[a] < leadingBytes[b] }
                    let order = compareKeys(UnsafeBufferPointer(rebasing: arena[sortKeyRanges[a]]),
                                            UnsafeBufferPointer(rebasing: arena[sortKeyRanges[b]]))
                    if order != 0 { return order < 0 }
                    // Not `!=`: String equality is canonical, and NFD and NFC names must still differ here.
                    if !keys[a].utf8.elementsEqual(keys[b].utf8) { return keys[a].utf8.lexicographicallyPrecedes(keys[b].utf8) }
                    return a < b
                }
            }
        }
        var sections: [Section<Row>] = []
        for (title, positions) in zip(indexer.titles, ordered) where emptySections == .keep || !positions.isEmpty {
            sections.append(Section(title: title, rows: positions.map { rows[$0] }))
        }
        self.init(sections: sections)
    }

    /// An index of sections already grouped and sorted (a compiled catalogue): nothing is collated.
    public init(orderedSections sections: [Section<Row>]) { self.init(sections: sections) }

    private init(sections: [Section<Row>]) {
        self.sections = sections
    }

    /// The index with only the rows for which `isIncluded` is true, in the same order; sections
    /// left empty are kept or dropped as `emptySections` says.
    public func filter(emptySections: EmptySections = .drop, _ isIncluded: (Row) throws -> Bool) rethrows -> SectionIndex<Row> {
        var kept: [Section<Row>] = []
        for section in sections {
            let rows = try section.rows.filter(isIncluded)
            if emptySections == .keep || !rows.isEmpty { kept.append(Section(title: section.title, rows: rows)) }
        }
        return SectionIndex(sections: kept)
    }

    /// The same sections with each row transformed.
    public func map<Other>(_ transform: (Row) throws -> Other) rethrows -> SectionIndex<Other> {
        SectionIndex<Other>(sections: try sections.map { Section(title: $0.title, rows: try $0.rows.map(transform)) })
    }
}

extension SectionIndex: Sendable where Row: Sendable {}
