package import HangulIndex
import SearchEngine

#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// One search result in the feed: the place and where the query matched, for highlighting.
public struct FeedSearchResult: Codable, Equatable, Sendable {
    /// The place found, with its time.
    public let place: FeedPlace
    /// How and where the query matched.
    public let match: FeedMatch

    /// The feed's form of `match`, with the place's `time` and its difference from `reference`.
    package init(_ match: SearchMatch<Place>, time: ZoneTime?, reference: ZoneTime? = nil) {
        place = FeedPlace(match.item, time: time, reference: reference)
        self.match = FeedMatch(
            kind: match.kind.name, kindName: FeedMatch.koreanKindName(match.kind), field: match.field,
            fieldName: FeedMatch.koreanFieldName(match.field),
            text: match.text, label: match.label,
            utf16Start: match.utf16Range.lowerBound, utf16End: match.utf16Range.upperBound)
    }
}

/// How a search result matched: the kind, the field (why the place matched: `name`, `alias`,
/// `english`, `region`, `zone_name`, `airport`, `country`, `zone`), its text, what the text means
/// for this place when it needs saying, and the matched UTF-16 range.
public struct FeedMatch: Codable, Equatable, Sendable {
    /// The `MatchKind` name: exact, prefix, choseong, mixed, incremental, substring or similar.
    public let kind: String
    /// The kind's Korean name ("초성" for `choseong`), as the web app shows it and the CLI's help
    /// ranks them.
    public let kindName: String
    /// The field the query matched: name, alias, english, region, zone_name, airport, country or zone.
    public let field: String
    /// The field's Korean name ("시간대 이름" for `zone_name`), as the CLI and the web app show it.
    public let fieldName: String
    /// The text that matched (a name, an alias, a term).
    public let text: String
    /// For a region, zone name, airport or country: what it means here ("미 중부 표준시" for CST at
    /// 시카고, "Incheon International Airport" for ICN). Absent for names, aliases and zone ids.
    public let label: String?
    /// Where the match starts in `text`, in UTF-16 code units (what JavaScript and `NSRange` count).
    public let utf16Start: Int
    /// Where the match ends in `text` (exclusive), in UTF-16 code units.
    public let utf16End: Int

    enum CodingKeys: String, CodingKey {
        case kind, kindName = "kind_name", field, fieldName = "field_name", text, label, utf16Start = "utf16_start", utf16End = "utf16_end"
    }

    /// The Korean name of every search field: the one table the CLI's `search` and the web app's
    /// results (through `field_name`) both use.
    package static let koreanFieldNames = [
        "name": "이름", "alias": "다른 이름", "country": "나라", "english": "영어", "region": "지역",
        "zone_name": "시간대 이름", "airport": "공항", "zone": "시간대",
        "offset": "UTC 오프셋",
    ]

    /// The Korean name of `kind`: the one table the CLI's `search` help and the web app's results
    /// (through `kind_name`) both use. A switch, not a dictionary: a `[MatchKind: String]` costs a
    /// run-time conformance lookup, a twentieth of a millisecond on every CLI start.
    package static func koreanKindName(_ kind: MatchKind) -> String {
        switch kind {
        case .exact: "완전 일치"
        case .prefix: "앞부분 일치"
        case .choseong: "초성"
        case .mixed: "초성 섞어 쓰기"
        case .incremental: "치는 중"
        case .substring: "중간 일치"
        case .similar: "비슷한 철자"
        }
    }

    /// The Korean name of `field`, or `field` itself for one this build does not know.
    package static func koreanFieldName(_ field: String) -> String { koreanFieldNames[field] ?? field }
}

/// The search results for a query, with what the CLI prints beside them as notes: how many
/// matched in all, the places left out for an abbreviation they no longer use, and the keyboard
/// reading.
public struct FeedSearch: Codable, Equatable, Sendable {
    /// The query as the user typed it.
    public let query: String
    /// Set when the query was read as Hangul typed in Latin mode (sbdyr → 뉴욕).
    public let keyboardConversion: String?
    /// How many places matched in all: more than `results` holds when the limit cut the list.
    public let total: Int
    /// The places left out because their zone no longer uses the abbreviation searched for
    /// (PST: 밴쿠버, on MST since 2026); absent when none was.
    public let former: FeedFormerAbbreviation?
    /// Set when no zone uses the abbreviation searched for any more: the results are the places
    /// that used it, each labelled "예전 약어".
    public let onlyFormer: String?
    /// The places found, best first.
    public let results: [FeedSearchResult]

    enum CodingKeys: String, CodingKey {
        case query, keyboardConversion = "keyboard_conversion", total, former, onlyFormer = "only_former", results
    }

    /// The feed's form of a search's `outcome` for `query`, with each place's time at `instant`
    /// and its difference from `reference`.
    package init(query: String, outcome: PlaceSearch.Outcome, at instant: Date, clocks: ZoneClocks, reference: ZoneTime? = nil) {
        self.query = query
        let result = outcome.result
        keyboardConversion = result.keyboardConversion?.converted
        total = outcome.total
        former = outcome.former.first.map { FeedFormerAbbreviation(abbreviation: $0.text, places: outcome.former.map(\.item.name)) }
        onlyFormer = outcome.onlyFormerAbbreviation
        results = result.matches.map { FeedSearchResult($0, time: clocks.time(of: $0.item, at: instant), reference: reference) }
    }

    /// The feed's form of the catalogue index's `result` for `query` (nothing left out, the
    /// matches shown the total), with each place's time at `instant`.
    package init(query: String, result: SearchResult<Place>, at instant: Date, clocks: ZoneClocks, reference: ZoneTime? = nil) {
        self.init(
            query: query, outcome: PlaceSearch.Outcome(result: result, total: result.matches.count), at: instant, clocks: clocks,
            reference: reference)
    }
}
