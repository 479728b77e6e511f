import HangulIndex

/// The tables only search needs, as text with the paths errors name.
package struct SearchTables: Sendable {
    let searchOnly: (text: String, path: String)
    let terms: (text: String, path: String)

    package init(searchOnly: (text: String, path: String), terms: (text: String, path: String)) {
        self.searchOnly = searchOnly
        self.terms = terms
    }

    package static let bundled = SearchTables(
        searchOnly: (EmbeddedTable.searchOnly, EmbeddedTable.searchOnlyPath),
        terms: (EmbeddedTable.terms, EmbeddedTable.termsPath))
}

/// The search-only places and the terms, parsed and checked against the listed places.
struct SearchData: Sendable {
    let places: [Place]
    let placeByName: [String: Place]
    let terms: [Term]
    /// Regions, zone names and airport codes, by the name of the place they lead to.
    let termsByPlace: [String: [SearchableText]]
    /// Country names and short forms, by country code.
    let termsByCountry: [String: [SearchableText]]

    /// No search-only places and no terms (a `--data` table).
    init(listed: [Place]) {
        (places, placeByName, terms, termsByPlace, termsByCountry) = ([], [:], [], [:], [:])
    }

    init(_ tables: SearchTables, listed: [String: Place], zoneIDs: Set<String>) throws(TableError) {
        let table = try ZoneTable(bytes: Array(tables.searchOnly.text.utf8), path: tables.searchOnly.path)
        var places: [Place] = []
        places.reserveCapacity(table.rows.count)
        for row in table.rows {
            // Search-only places share the listed places' zones, which were checked against Foundation.
            guard zoneIDs.contains(row.place.zoneID) else {
                throw TableError(path: table.path, line: row.line, problem: .unknownZone(row.place.zoneID))
            }
            if listed[row.place.name] != nil { throw TableError(path: table.path, line: row.line, problem: .placeListedTwice(row.place.name)) }
            places.append(row.place.searchOnly)
        }
        let placeByName = Dictionary(uniqueKeysWithValues: places.map { ($0.name, $0) })
        let terms = try TermTable(bytes: Array(tables.terms.text.utf8), path: tables.terms.path).terms
        let codes = Set(listed.values.map(\.countryCode))
        var byPlace: [String: [SearchableText]] = [:], byCountry: [String: [SearchableText]] = [:]
        for term in terms {
            let text = SearchableText(field: term.kind.rawValue, text: term.term, label: term.label, isPreferred: term.isUsual)
            if term.kind == .country {
                guard codes.contains(term.target) else {
                    throw TableError(path: tables.terms.path, line: term.line, problem: .unknownTarget(term.target))
                }
                byCountry[term.target, default: []].append(text)
            } else {
                guard listed[term.target] != nil || placeByName[term.target] != nil else {
                    throw TableError(path: tables.terms.path, line: term.line, problem: .unknownTarget(term.target))
                }
                byPlace[term.target, default: []].append(text)
            }
        }
        self.places = places
        self.placeByName = placeByName
        self.terms = terms
        self.termsByPlace = byPlace
        self.termsByCountry = byCountry
    }
}
