public import HangulIndex
public import SearchEngine
public import TimeZoneRules

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// The search: the one every surface answers through (the CLI's `search`, `/v1/search`, the
/// places `add` and `--from` take, and the web module, which runs the same core). Search as a
/// person means it at one instant, under the tzdata in use: the catalogue's ranked search, then
/// what only the zones' rules can say (`PlaceSearchEngine` lists the rules).
///
/// A thin wrapper: the decisions are the search core's (`SearchEngine`, which builds for
/// Embedded Swift too); this gives it the catalogue and the tz facts read from TZif rules
/// (`TZifZoneFacts`). The tables and the compiled index stay as they are: the rules change with
/// each tzdata, the tables do not.
public struct PlaceSearch: Sendable {
    /// The catalogue searched.
    package let catalogue: Catalogue
    /// The rules the facts are read from.
    package let tzdata: TZDatabase
    /// The instant searched at: offsets and abbreviations in use are those of this instant.
    package let instant: Date
    /// The tz facts at `instant`.
    package let facts: TZifZoneFacts

    /// How far ahead of the instant an abbreviation still counts as in use (the feed's window).
    package static let window = TimeInterval(ZoneFacts.window)

    /// What a search found: the matches shown, the total, what was left out, the notes.
    public typealias Outcome = SearchOutcome<Place>

    /// The field name of a match found by offset.
    package static let offsetField = SearchRules.offsetField

    /// A search of `catalogue` at `instant`, with the zones' rules read from `tzdata`.
    public init(catalogue: Catalogue, tzdata: TZDatabase, at instant: Date) {
        self.init(catalogue: catalogue, facts: TZifZoneFacts(tzdata: tzdata, at: instant))
    }

    /// A search of `catalogue` at `instant` with clocks made already (a server's, one per zone).
    public init(catalogue: Catalogue, clocks: ZoneClocks, at instant: Date) {
        self.init(catalogue: catalogue, facts: TZifZoneFacts(clocks: clocks, at: instant))
    }

    private init(catalogue: Catalogue, facts: TZifZoneFacts) {
        self.catalogue = catalogue
        self.tzdata = facts.tzdata
        self.instant = facts.instant
        self.facts = facts
    }

    /// The search core over the catalogue: its index, its listed places, its country names.
    package var engine: PlaceSearchEngine<Place> {
        let catalogue = catalogue
        return PlaceSearchEngine(index: catalogue.nameIndex, places: catalogue.places) {
            catalogue.terms.filter { $0.kind == .country }.map { CountryName(name: $0.term, code: $0.target) }
        }
    }

    /// Searches for `query`.
    /// - Parameters:
    ///   - query: what the user typed.
    ///   - limit: at most this many matches in `result` (nil: all).
    /// - Throws: `SearchError` for an empty, over-long or mark-laden query.
    public func search(_ query: String, limit: Int? = nil) throws(SearchError) -> Outcome {
        try engine.search(query, limit: limit, facts: facts)
    }
}

extension Place: SearchablePlace {}
