package import HangulIndex
import TimeZoneRules

/// The one reading of a place a person typed, for every command that takes one (`show`, `--from`,
/// `add`, `remove`, a server's `?from=`): what search finds, taken when it has one answer.
///
/// In order: the exact name; a zone id (any case, tz's old ids too), which stands for every place
/// in the zone; then `PlaceSearch` (aliases, misspellings, the keyboard-layout fix, airport codes,
/// countries, regions, abbreviations, offsets), whose best matches are one answer when they all
/// lie in one zone, or when they are an abbreviation whose usual meaning the tables name (KST →
/// 서울, CST → 시카고).
package struct PlaceResolver {
    /// The search whose matches are resolved: the catalogue, the tzdata and the instant.
    public let search: PlaceSearch

    /// A resolver over `search`.
    public init(search: PlaceSearch) { self.search = search }

    /// What `resolve` found.
    public enum Answer {
        /// One answer: the places (one, or every place of a zone typed as its id) and how the
        /// text was read.
        case found([Place], Reading)
        /// Several answers: the best match in each zone, best first, and how many zones matched.
        case ambiguous([SearchMatch<Place>], zones: Int)
        /// Nothing.
        case notFound
    }

    /// How the typed text was read.
    public enum Reading {
        /// The place's own name, exactly.
        case name
        /// A zone id, canonical or one of tz's links (Asia/Calcutta → Asia/Kolkata).
        case zoneID(String)
        /// Through search: the match taken, the keyboard reading used if any, and the other zones
        /// the same text names when it is an abbreviation read by its usual meaning.
        case search(SearchMatch<Place>, keyboard: (typed: String, converted: String)?, others: [Place])
    }

    /// Reads `text` as a place.
    /// - Throws: `SearchError` for an empty or over-long text.
    public func resolve(_ text: String) throws(SearchError) -> Answer {
        let wanted = try SearchIndex<Place>.validatedQuery(text)
        let catalogue = search.catalogue
        if let exact = catalogue.place(named: wanted) { return .found([exact], .name) }
        if wanted.contains("/") || wanted.lowercased() == "utc" {
            let zone = catalogue.zoneID(for: wanted) ?? catalogue.zoneID(ignoringCase: wanted)
            if let zone {
                let places = catalogue.places(inZone: zone)
                if !places.isEmpty { return .found(places, .zoneID(zone)) }
            }
        }
        let outcome = try search.search(wanted)
        let matches = outcome.result.matches
        guard let best = matches.first else { return .notFound }
        let keyboard = outcome.result.keyboardConversion
        let group = matches.filter { $0.kind == best.kind && $0.field == best.field }
        var zones: [String] = []
        var perZone: [SearchMatch<Place>] = []
        for match in group where !zones.contains(match.item.zoneID) {
            zones.append(match.item.zoneID)
            perZone.append(match)
        }
        if zones.count == 1 { return .found([best.item], .search(best, keyboard: keyboard, others: [])) }
        if best.field == "zone_name", best.kind == .exact, isUsual(best) {
            return .found([best.item], .search(best, keyboard: keyboard, others: perZone.dropFirst().map(\.item)))
        }
        return .ambiguous(perZone, zones: zones.count)
    }

    /// Whether the terms table names `match`'s place as the usual meaning of its text.
    private func isUsual(_ match: SearchMatch<Place>) -> Bool {
        search.catalogue.terms.contains { $0.isUsual && $0.term == match.text && $0.target == match.item.name }
    }
}
