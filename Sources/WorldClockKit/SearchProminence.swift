/// Which places search ranks first between matches alike (the same kind, in the same field): the
/// places Korean users look up most (`Data/prominence.tsv`, with its sources), in that file's
/// order; then the list's places before the search-only ones; then the more populous. What `ㅅ`
/// shows first is 서울, not 상하이; what `다` shows first is 다낭, not 다카르.
///
/// Kept as the search index's importance, a 32-bit number that the wasm module reads as an `Int`
/// (32 bits there): every value stays below `Int32.max`.
package enum SearchProminence {
    /// The rank (1 first) of each place of `Data/prominence.tsv`, by its name and zone.
    package static let ranks: [String: Int] = ranks(in: EmbeddedTable.prominence)

    /// The ranks of a prominence table's rows (`rank TAB name TAB zone TAB reason`), keyed by
    /// `name TAB zone`; comment lines (`#`), the header and blank lines are skipped. A malformed row
    /// is left out here and named by the tests, which check every row of the bundled table.
    package static func ranks(in text: String) -> [String: Int] {
        var ranks: [String: Int] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let cells = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard cells.count >= 3, let rank = Int(cells[0]), rank > 0, rank < maximumRank else { continue }
            ranks[cells[1] + "\t" + cells[2]] = ranks[cells[1] + "\t" + cells[2]] ?? rank
        }
        return ranks
    }

    /// The most rows the table may rank.
    package static let maximumRank = 1_000

    /// The least importance of a place of the table: the index's `prominentImportance`. Another
    /// place named as typed (호, a town in Ghana) ranks after the prominent places the text starts,
    /// so that 홍콩 stays first while it is typed.
    package static let prominentImportance = 2_000_000_000 - maximumRank

    /// The search importance of `place` (higher first).
    package static func importance(of place: Place) -> Int {
        if let rank = ranks[place.name + "\t" + place.zoneID] { return 2_000_000_000 - rank }
        let population = min(max(place.population, 0), 998_999_999)
        return place.isListed ? 1_000_000_000 + population : population
    }
}
