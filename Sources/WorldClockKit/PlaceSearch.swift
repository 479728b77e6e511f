import HangulIndex
import TimeZoneRules

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Search as a person means it at one instant, under the tzdata in use: the catalogue's ranked
/// search, then what only the zones' rules can say.
///
/// - An offset (`UTC+9`, `+09:00`, `GMT-5`, `+5:30`) finds the places on that offset at the instant.
/// - An abbreviation (PST, CST) leads to the places whose zone uses it at the instant or within
///   the year after it; places that used it only before (밴쿠버 on MST since 2026, 아바나 on CDT)
///   are left out and reported as `former`, unless nothing else matches, when they are kept and
///   labelled as a former abbreviation.
/// - A zone id matches only from the start of one of its segments (`ICN` never matches
///   "Pacific/Noumea" across "Pacifi|c/N").
/// - An abbreviation's label that names another country (평양's KST as "대한민국 표준시") is
///   replaced by a neutral one.
///
/// The tables and the compiled index stay as they are: the rules change with each tzdata, the
/// tables do not.
public struct PlaceSearch {
    /// The catalogue searched.
    public let catalogue: Catalogue
    /// The tz rules that say which abbreviations are in use at `instant`.
    public let tzdata: TZDatabase
    /// The instant the abbreviations are judged at (now, or `--at`).
    public let instant: Date

    /// How far ahead of the instant an abbreviation still counts as in use (the feed's window).
    public static let window: TimeInterval = 366 * 86_400

    /// A search of `catalogue` as `tzdata`'s rules stand at `instant`.
    public init(catalogue: Catalogue, tzdata: TZDatabase, at instant: Date) {
        self.catalogue = catalogue
        self.tzdata = tzdata
        self.instant = instant
    }

    /// What a search found.
    public struct Outcome {
        /// The matches shown, best first, at most the limit.
        public let result: SearchResult<Place>
        /// How many matched in all (more than `result.matches.count` when the limit cut them).
        public let total: Int
        /// Places left out because their zone no longer uses the abbreviation searched for.
        public let former: [SearchMatch<Place>]
        /// The offset, when the query was one.
        public let offset: OffsetQuery?
    }

    /// The field name of a match found by offset.
    public static let offsetField = "offset"

    /// Searches for `query`.
    /// - Parameters:
    ///   - query: what the user typed.
    ///   - limit: at most this many matches in `result` (nil: all).
    /// - Throws: `SearchError` for an empty, over-long or mark-laden query.
    public func search(_ query: String, limit: Int? = nil) throws(SearchError) -> Outcome {
        let trimmed = try SearchIndex<Place>.validatedQuery(query)
        if let offset = OffsetQuery(trimmed) { return offsetMatches(offset, limit: limit) }
        let index = catalogue.search
        let found = try index.hits(trimmed)
        var clocks: [String: ZoneClock?] = [:]
        func clock(_ zone: String) -> ZoneClock? {
            if let known = clocks[zone] { return known }
            let made = ZoneClock(zoneID: zone, tzdata: tzdata)
            clocks[zone] = made
            return made
        }
        // Only zone ids and zone names need their match made to be judged; the rest are made
        // when shown (`made` holds those made already, with a label changed where it was).
        var kept: [(hit: SearchHit, made: SearchMatch<Place>?)] = [], former: [SearchMatch<Place>] = []
        var countries: [(name: String, code: String)]?
        for hit in found.hits {
            guard hit.field == "zone" || hit.field == "zone_name" else {
                kept.append((hit, nil))
                continue
            }
            let match = index.match(hit)
            if match.field == "zone", !Self.startsSegment(match) { continue }
            guard match.field == "zone_name", Self.isAbbreviation(match.text) else {
                kept.append((hit, match))
                continue
            }
            guard let clock = clock(match.item.zoneID), uses(clock, abbreviation: match.text) else {
                former.append(match)
                continue
            }
            if countries == nil { countries = countryCodes }
            kept.append((hit, neutralLabel(match, clock: clock, countries: countries ?? [])))
        }
        if kept.isEmpty && !former.isEmpty {
            let relabelled = former.map { $0.relabelled(($0.label.map { $0 + ", " } ?? "") + "예전 약어") }
            return Outcome(
                result: SearchResult(limit.map { Array(relabelled.prefix($0)) } ?? relabelled, keyboardConversion: found.keyboardConversion),
                total: relabelled.count, former: [], offset: nil)
        }
        let shown = (limit.map { Array(kept.prefix($0)) } ?? kept).map { $0.made ?? index.match($0.hit) }
        return Outcome(
            result: SearchResult(shown, keyboardConversion: found.keyboardConversion), total: kept.count,
            former: former, offset: nil)
    }

    /// The places on `offset` at the instant, the most populous first.
    private func offsetMatches(_ offset: OffsetQuery, limit: Int?) -> Outcome {
        var offsets: [String: Int] = [:]
        let text = offset.text
        let places = catalogue.places.enumerated().filter { _, place in
            if let known = offsets[place.zoneID] { return known == offset.seconds }
            let seconds = ZoneClock(zoneID: place.zoneID, tzdata: tzdata)?.time(at: instant).utcOffset
            offsets[place.zoneID] = seconds ?? Int.min
            return seconds == offset.seconds
        }
        .sorted { ($0.element.population, -$0.offset) > ($1.element.population, -$1.offset) }
        .map(\.element)
        let matches = places.map {
            SearchMatch($0, kind: .exact, field: Self.offsetField, text: text, label: nil, range: 0..<text.utf16.count)
        }
        let shown = limit.map { Array(matches.prefix($0)) } ?? matches
        return Outcome(result: SearchResult(shown, keyboardConversion: nil), total: matches.count, former: [], offset: offset)
    }

    /// Whether a zone-id match begins a segment: the id's start, or after `/`, `_` or `-`.
    static func startsSegment(_ match: SearchMatch<Place>) -> Bool {
        let start = match.utf16Range.lowerBound
        guard start > 0 else { return true }
        let units = Array(match.text.utf16)
        guard start <= units.count else { return true }
        let before: UInt16 = units[start - 1]
        return before == 0x2F || before == 0x5F || before == 0x2D  // / _ -
    }

    /// PST, CEST, AKST: two to six capitals (digits after the first allowed: ChST aside, tz's are so).
    static func isAbbreviation(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard (2...6).contains(bytes.count), let first = bytes.first, isCapital(first) else { return false }
        return bytes.allSatisfy { byte in isCapital(byte) || (0x30...0x39).contains(byte) }
    }

    private static func isCapital(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) }

    /// Whether `clock`'s zone may be called `abbreviation` at the instant or within `window`
    /// after it: tz uses it then, or tz has no letters for the zone then (Bangkok's "+07": ICT is
    /// the common name tz does not carry). Only a zone tz names with other letters (밴쿠버's MST
    /// where PST was) has stopped using it.
    func uses(_ clock: ZoneClock, abbreviation: String) -> Bool {
        let used =
            [clock.time(at: instant).abbreviation]
            + clock.transitions(after: instant, through: instant.addingTimeInterval(Self.window)).map(\.abbreviationAfter)
        return used.contains(abbreviation) || used.contains { !Self.isAbbreviation($0) }
    }

    /// An abbreviation's label that starts with another country's name as a word (평양's KST
    /// labelled "대한민국 표준시"; not 인도차이나 시간, which only starts with 인도) becomes a neutral one: the abbreviation as tz has it, with its offset.
    private func neutralLabel(_ match: SearchMatch<Place>, clock: ZoneClock, countries: [(name: String, code: String)]) -> SearchMatch<Place> {
        guard let label = match.label, let named = countries.first(where: { label == $0.name || label.hasPrefix($0.name + " ") }),
            named.code != match.item.countryCode
        else {
            return match
        }
        return match.relabelled("tz 약어, \(KoreanTimeFormat.utcOffset(clock.time(at: instant).utcOffset))")
    }

    /// Country names and short forms with their codes, longest first (대한민국 before 대한).
    private var countryCodes: [(name: String, code: String)] {
        catalogue.terms.filter { $0.kind == .country }.map { ($0.term, $0.target) }.sorted { $0.name.count > $1.name.count }
    }
}
