/// One section of an index: its title and its rows in collation order.
package struct IndexSection<Row> {
    /// The section's title (ㄱ, A, #).
    public let title: SectionTitle
    /// The rows, ordered by ICU's Korean collator.
    public let rows: [Row]

    /// A section titled `title` with `rows`, already in collation order.
    public init(title: SectionTitle, rows: [Row]) {
        self.title = title
        self.rows = rows
    }
}

extension IndexSection: Sendable where Row: Sendable {}
extension IndexSection: Equatable where Row: Equatable {}

/// A list grouped into sections ㄱ … ㅎ, A … Z, # and sorted inside each: the shape a table view's
/// data source needs (section titles for the right edge, rows per section), for any row type.
package struct SectionIndex<Row> {
    /// Whether sections without rows stay in the index.
    public enum EmptySections: Sendable {
        /// Every title appears, with an empty section where no row falls (an index bar that never moves).
        case keep
        /// Only sections with rows appear.
        case drop
    }

    /// The sections in index order.
    public let sections: [IndexSection<Row>]

    /// The titles of `sections`, in order: what the index bar shows.
    public var titles: [SectionTitle] { sections.map { $0.title } }

    /// The section titled `title`, if the index has it: a scan of at most 41 titles, cheaper than
    /// hashing them into a table a CLI run would build for one lookup.
    public subscript(title: SectionTitle) -> IndexSection<Row>? {
        sections.first { $0.title == title }
    }

    /// The section whose title text is `text` ("ㄱ", "A", "#"), if the index has it.
    public func section(titled text: String) -> IndexSection<Row>? {
        sections.first { $0.title.text == text }
    }

    /// All rows, section after section.
    public var rows: [Row] {
        // A loop, not `flatMap(\.rows)`: the key path is applied through the generic runtime.
        var rows: [Row] = []
        rows.reserveCapacity(sections.reduce(0) { $0 + $1.rows.count })
        for section in sections { rows += section.rows }
        return rows
    }

    /// An index of sections already grouped and sorted (a compiled catalogue): nothing is collated.
    public init(orderedSections sections: [IndexSection<Row>]) { self.init(sections: sections) }

    private init(sections: [IndexSection<Row>]) {
        self.sections = sections
    }

    /// The index with only the rows for which `isIncluded` is true, in the same order; sections
    /// left empty are kept or dropped as `emptySections` says.
    /// Typed throws rather than `rethrows` (which Embedded Swift refuses); loops, because the
    /// standard library's `filter` only rethrows.
    public func filter<Failure: Error>(
        emptySections: EmptySections = .drop, _ isIncluded: (Row) throws(Failure) -> Bool
    ) throws(Failure) -> SectionIndex<Row> {
        var kept: [IndexSection<Row>] = []
        for section in sections {
            var rows: [Row] = []
            for row in section.rows where try isIncluded(row) { rows.append(row) }
            if emptySections == .keep || !rows.isEmpty { kept.append(IndexSection(title: section.title, rows: rows)) }
        }
        return SectionIndex(sections: kept)
    }

    /// The same sections with each row transformed (typed throws, as `filter`).
    public func map<Other, Failure: Error>(_ transform: (Row) throws(Failure) -> Other) throws(Failure) -> SectionIndex<Other> {
        var mapped: [IndexSection<Other>] = []
        mapped.reserveCapacity(sections.count)
        for section in sections {
            var rows: [Other] = []
            rows.reserveCapacity(section.rows.count)
            for row in section.rows { rows.append(try transform(row)) }
            mapped.append(IndexSection(title: section.title, rows: rows))
        }
        return SectionIndex<Other>(sections: mapped)
    }
}

extension SectionIndex: Sendable where Row: Sendable {}
