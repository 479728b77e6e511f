/// One row of the terms table: a word that leads to places without being their name.
package struct Term: Equatable, Sendable {
    /// What the word is.
    public enum Kind: String, CaseIterable, Sendable {
        /// A country or territory name or short form (한국, 호주, UAE): leads to every place of the country.
        case country
        /// A state, province or island (캘리포니아, 퀸즐랜드, 발리): leads to the city whose clock it keeps.
        case region
        /// A zone name or abbreviation (KST, CST, 한국 표준시): leads to the zone's city.
        case zoneName = "zone_name"
        /// An IATA airport code (ICN, LAX) or the name Koreans call the airport by (하네다): leads to its city.
        case airport
    }

    /// The word: 한국, 캘리포니아, CST, ICN.
    public let term: String
    /// What the word is.
    public let kind: Kind
    /// A country code for `.country`, else a place name.
    public let target: String
    /// What the word means here (미 중부 표준시 for CST at 시카고; the airport's name).
    public let label: String
    /// The place an ambiguous zone name or abbreviation usually means (CST → 시카고, not 상하이):
    /// the golden zone of the meaning most zones share. Searches list it first.
    public let isUsual: Bool
    /// The 1-based line the row is on.
    public let line: Int
}

/// `Data/terms.tsv`: countries, regions, zone names and airport codes, each leading to places.
package struct TermTable: Sendable {
    /// `usual` ("yes" or empty) may be left out of a whole table, as in tables written before it existed.
    public static let columns = ["term", "kind", "target", "label", "usual"]

    /// The table's rows, in order.
    public let terms: [Term]

    /// Parses the table; a target must be checked against the places by the caller.
    /// - Throws: `TableError` for malformed bytes or lines (as `ZoneTable`), or an unknown kind.
    public init(bytes: [UInt8], path: String) throws(TableError) {
        var terms: [Term] = []
        try TabSeparated.parse(bytes, path: path, headers: [Self.columns, Array(Self.columns.dropLast())], optional: ["usual"]) {
            (number, fields) throws(TableError) in
            guard let kind = Term.Kind(rawValue: fields[1]) else {
                throw TableError(path: path, line: number, problem: .unknownTermKind(fields[1]))
            }
            let usual = fields.count > 4 ? fields[4] : ""
            guard usual.isEmpty || usual == "yes" else { throw TableError(path: path, line: number, problem: .badUsual(usual)) }
            terms.append(Term(term: fields[0], kind: kind, target: fields[2], label: fields[3], isUsual: usual == "yes", line: number))
        }
        self.terms = terms
    }
}
