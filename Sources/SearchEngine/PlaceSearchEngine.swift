import HangulIndex

/// Search as a person means it at one instant: the catalogue's ranked search, then what only the
/// zones' rules can say. Everything search decides is here, with no Foundation and no tz reader,
/// so that the CLI, the server, the kit and the web module (Embedded Swift, wasm32) answer alike;
/// the rules come in as `ZoneFacts`.
///
/// - An offset (`UTC+9`, `+09:00`, `GMT-5`, `+5:30`) finds the places on that offset at the
///   instant, the most populous first.
/// - An abbreviation (PST, CST) leads to the places whose zone uses it at the instant or within
///   the year after it; places that used it only before (밴쿠버 on MST since 2026, 아바나 on CDT)
///   are left out and reported as `former`, unless nothing else matches, when they are kept and
///   labelled as a former abbreviation.
/// - A query spelled as an abbreviation that is one (KST, pst) matches only whole words: not
///   Kstovo, Frankston, AKST or Hemel Hempstead.
/// - A match inside a word of a zone name (평양 in 태평양) counts only when nothing better matched.
/// - A zone id matches only from the start of one of its segments (`ICN` never matches
///   "Pacific/Noumea" across "Pacifi|c/N").
/// - An abbreviation's label that names another country (평양's KST as "대한민국 표준시") is
///   replaced by a neutral one.
package struct PlaceSearchEngine<Place: SearchablePlace & Sendable>: Sendable {
    /// The catalogue's ranked Korean-aware search over every place's texts.
    public let index: SearchIndex<Place>
    /// The places an offset query lists (the catalogue's listed places), in index order.
    public let places: [Place]
    /// Country names and short forms with their codes, read only when a label needs judging.
    private let countryNames: @Sendable () -> [CountryName]

    /// - Parameters:
    ///   - index: the catalogue's search index.
    ///   - places: the places an offset query looks at, in index order (ties rank in this order).
    ///   - countryNames: the catalogue's country names and short forms; called only when an
    ///     abbreviation's label must be judged.
    public init(index: SearchIndex<Place>, places: [Place], countryNames: @escaping @Sendable () -> [CountryName]) {
        self.index = index
        self.places = places
        self.countryNames = countryNames
    }

    /// Searches for `query` at the instant `facts` describe.
    /// - Parameters:
    ///   - query: what the user typed.
    ///   - limit: at most this many matches in `result` (nil: all).
    ///   - facts: the tz facts of the zones at the instant.
    /// - Throws: `SearchError` for an empty, over-long or mark-laden query.
    public func search<Facts: ZoneFactsSource>(_ query: String, limit: Int? = nil, facts: Facts) throws(SearchError) -> SearchOutcome<Place> {
        let trimmed = try SearchIndex<Place>.validatedQuery(query)
        if let offset = OffsetQuery(trimmed) { return offsetMatches(offset, limit: limit, facts: facts) }
        let found = try index.hits(trimmed)
        var factsByZone: [String: ZoneFacts?] = [:]
        func zoneFacts(_ zone: String) -> ZoneFacts? {
            if let known = factsByZone[zone] { return known }
            let made = facts.facts(of: zone)
            factsByZone[zone] = made
            return made
        }
        // Only zone ids and zone names need their match made to be judged; the rest are made
        // when shown (`made` holds those made already, with a label changed where it was).
        var kept: [(hit: SearchHit, made: SearchMatch<Place>?)] = [], former: [SearchMatch<Place>] = []
        var countries: [String: String]?
        for hit in wordMatches(found.hits, query: trimmed) {
            guard hit.field == SearchRules.zoneField || hit.field == SearchRules.zoneNameField else {
                kept.append((hit, nil))
                continue
            }
            let match = index.match(hit)
            if match.field == SearchRules.zoneField, !SearchRules.startsSegment(match.text, at: match.utf16Range.lowerBound) { continue }
            guard match.field == SearchRules.zoneNameField, SearchRules.isAbbreviation(match.text) else {
                kept.append((hit, match))
                continue
            }
            guard let known = zoneFacts(match.item.zoneID), known.mayBeCalled(match.text) else {
                former.append(match)
                continue
            }
            if countries == nil { countries = countryCodesByName() }
            kept.append((hit, neutrallyLabelled(match, facts: known, countries: countries ?? [:])))
        }
        if kept.isEmpty, let first = former.first {
            let relabelled = former.map { $0.relabelled(SearchRules.formerLabel($0.label)) }
            return SearchOutcome(
                result: SearchResult(limit.map { Array(relabelled.prefix($0)) } ?? relabelled, keyboardConversion: found.keyboardConversion),
                total: relabelled.count, onlyFormerAbbreviation: first.text)
        }
        let shown = (limit.map { Array(kept.prefix($0)) } ?? kept).map { $0.made ?? index.match($0.hit) }
        return SearchOutcome(result: SearchResult(shown, keyboardConversion: found.keyboardConversion), total: kept.count, former: former)
    }

    /// The hits that match where a person means them. A query spelled as an abbreviation that
    /// is one (an exact zone-name match such as KST) keeps only whole words; a match inside a
    /// word of a zone name (평양 in 태평양 표준시) is kept only when nothing else matched.
    func wordMatches(_ hits: [SearchHit], query: String) -> [SearchHit] {
        let abbreviation =
            SearchRules.isAbbreviationQuery(query)
            && hits.contains { hit in
                hit.kind == .exact && hit.field == SearchRules.zoneNameField && SearchRules.isAbbreviation(index.text(of: hit).text)
            }
        // Most queries have neither: their hits as they are, not copied.
        guard abbreviation || hits.contains(where: { $0.kind == .substring && $0.field == SearchRules.zoneNameField }) else { return hits }
        var words: [SearchHit] = [], insideWords: [SearchHit] = []
        for hit in hits {
            let zoneName = hit.field == SearchRules.zoneNameField && hit.kind == .substring
            guard abbreviation || zoneName else {
                words.append(hit)
                continue
            }
            let (text, range) = index.text(of: hit)
            if abbreviation, !SearchRules.isWholeWord(range, in: text) { continue }
            if zoneName, !SearchRules.startsWord(text, at: range.lowerBound) {
                insideWords.append(hit)
            } else {
                words.append(hit)
            }
        }
        return words.isEmpty ? insideWords : words
    }

    /// The places on `offset` at the instant, the most populous first.
    private func offsetMatches<Facts: ZoneFactsSource>(_ offset: OffsetQuery, limit: Int?, facts: Facts) -> SearchOutcome<Place> {
        var offsets: [String: Int] = [:]
        var found: [(position: Int, place: Place)] = []
        for (position, place) in places.enumerated() {
            let seconds: Int
            if let known = offsets[place.zoneID] {
                seconds = known
            } else {
                seconds = facts.utcOffset(of: place.zoneID) ?? Int.min
                offsets[place.zoneID] = seconds
            }
            if seconds == offset.seconds { found.append((position, place)) }
        }
        found.sort { ($0.place.population, $1.position) > ($1.place.population, $0.position) }
        let text = offset.text
        let range = 0..<text.utf16.count
        let shown = (limit.map { Array(found.prefix($0)) } ?? found).map { found in
            SearchMatch(found.place, kind: .exact, field: SearchRules.offsetField, text: text, label: nil, range: range)
        }
        return SearchOutcome(result: SearchResult(shown, keyboardConversion: nil), total: found.count, offset: offset)
    }

    /// An abbreviation's label that starts with another country's name as a word (평양's KST
    /// labelled "대한민국 표준시"; not 인도차이나 시간, which only starts with 인도) becomes a
    /// neutral one: the abbreviation as tz has it, with its offset.
    private func neutrallyLabelled(_ match: SearchMatch<Place>, facts: ZoneFacts, countries: [String: String]) -> SearchMatch<Place> {
        guard let label = match.label, let code = Self.country(startingLabel: label, in: countries), code != match.item.countryCode else {
            return match
        }
        return match.relabelled(SearchRules.neutralLabel(utcOffset: facts.utcOffset))
    }

    /// The code of the longest country name `label` starts with as a word (the whole label, or
    /// its part before a space: 콩고 민주 공화국 before 콩고): a lookup per word, not a scan of
    /// every country name.
    static func country(startingLabel label: String, in codes: [String: String]) -> String? {
        if let code = codes[label] { return code }
        let scalars = label.unicodeScalars
        var end = scalars.endIndex
        while let space = scalars[..<end].lastIndex(of: " ") {
            if let code = codes[String(scalars[..<space])] { return code }
            end = space
        }
        return nil
    }

    /// Country codes by name and short form; the first of a name wins.
    private func countryCodesByName() -> [String: String] {
        var codes: [String: String] = [:]
        for country in countryNames() where codes[country.name] == nil { codes[country.name] = country.code }
        return codes
    }
}
