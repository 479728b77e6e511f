import HangulIndex

extension SectionIndex {
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
    package init(
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
                    let order = compareKeys(
                        UnsafeBufferPointer(rebasing: arena[sortKeyRanges[a]]),
                        UnsafeBufferPointer(rebasing: arena[sortKeyRanges[b]]))
                    if order != 0 { return order < 0 }
                    // Not `!=`: String equality is canonical, and NFD and NFC names must still differ here.
                    if !keys[a].utf8.elementsEqual(keys[b].utf8) { return keys[a].utf8.lexicographicallyPrecedes(keys[b].utf8) }
                    return a < b
                }
            }
        }
        var sections: [IndexSection<Row>] = []
        for (title, positions) in zip(indexer.titles, ordered) where emptySections == .keep || !positions.isEmpty {
            sections.append(IndexSection(title: title, rows: positions.map { rows[$0] }))
        }
        self.init(orderedSections: sections)
    }
}
