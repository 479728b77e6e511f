import Foundation
import HangulIndex
import TimeZoneRules

/// The JSON data feed, shared by `worldclock feed`, `--json` and the HTTP API. Field names are
/// snake_case; times are ISO 8601; offsets are both "+09:00" and seconds. Version 1.
public struct Feed: Codable, Equatable, Sendable {
    /// The schema version; a change that breaks readers increments it.
    public var version = 1
    /// The instant the times are for (UTC).
    public let at: String
    public let meta: FeedMeta
    /// The index titles, in order (what a list's right edge shows).
    public let titles: [String]
    public let sections: [FeedSection]
    /// For every zone of `sections`, its transitions after `at` through `transitionsUntil`, in
    /// order (empty when none): with them a clock app computes local times offline, across a change.
    public let transitions: [String: [FeedTransition]]
    /// The end of the transitions' window (UTC): a client refetches before then.
    public let transitionsUntil: String

    /// The transitions' window when a caller names none: a year, so a daily sync never misses one.
    public static let defaultTransitionDays = 365

    enum CodingKeys: String, CodingKey {
        case version, at, meta, titles, sections, transitions, transitionsUntil = "transitions_until"
    }

    /// The whole catalogue, or the sections `sections` says, with times at `instant`, each zone's
    /// transitions for `transitionDays` days, and each place's day and hours relative to
    /// `reference` when given (the CLI's `--from`).
    public init(catalogue: Catalogue, sections: [Section<Place>]? = nil, at instant: Date, clocks: ZoneClocks,
                reference: ZoneTime? = nil, transitionDays: Int = Feed.defaultTransitionDays) {
        let shown = sections ?? catalogue.sections.sections
        let until = instant.addingTimeInterval(Double(transitionDays) * 86_400)
        self.at = ISO8601.utc(instant)
        self.meta = FeedMeta(catalogue: catalogue, tzdata: clocks.tzdata)
        self.titles = catalogue.sections.titles.map(\.text)
        self.sections = shown.map { section in
            FeedSection(title: section.title.text, places: section.rows.map { FeedPlace($0, time: clocks.time(of: $0, at: instant), reference: reference) })
        }
        var transitions: [String: [FeedTransition]] = [:]
        for zone in shown.lazy.flatMap(\.rows).map(\.zoneID) where transitions[zone] == nil {
            transitions[zone] = (clocks[zone]?.transitions(after: instant, through: until) ?? []).map(FeedTransition.init)
        }
        self.transitions = transitions
        self.transitionsUntil = ISO8601.utc(until)
    }
}

/// Versions and counts, for caching and for telling what data a client has.
public struct FeedMeta: Codable, Equatable, Sendable {
    /// The tz release whose rules gave the times ("2026f").
    public let tzdataVersion: String
    /// Where those rules came from: "bundled", "system /usr/share/zoneinfo", "TZDIR …".
    public let tzdataSource: String
    public let icuVersion: String
    /// A digest of the catalogue's table: a client's cache key.
    public let catalogueDigest: String
    public let zoneCount: Int
    public let placeCount: Int

    enum CodingKeys: String, CodingKey {
        case tzdataVersion = "tzdata_version", tzdataSource = "tzdata_source", icuVersion = "icu_version"
        case catalogueDigest = "catalogue_digest", zoneCount = "zone_count", placeCount = "place_count"
    }

    public init(catalogue: Catalogue, tzdata: TZDatabase) {
        tzdataVersion = tzdata.version?.description ?? "unknown"
        tzdataSource = tzdata.source.description
        icuVersion = ICUInfo.version
        catalogueDigest = catalogue.digest
        zoneCount = catalogue.zoneIDs.count
        placeCount = catalogue.places.count
    }
}

/// One section: its title and its places in collation order.
public struct FeedSection: Codable, Equatable, Sendable {
    public let title: String
    public let places: [FeedPlace]
}

/// One place, with its time when the feed has an instant. On the wire the place's own fields
/// (`Place`'s JSON) and `time`, `relative` are one object.
public struct FeedPlace: Codable, Equatable, Sendable {
    public let place: Place
    public let time: FeedTime?
    /// Against the reference zone (CLI only; absent in the HTTP feed).
    public let relative: FeedRelative?

    enum CodingKeys: String, CodingKey { case time, relative }

    public init(_ place: Place, time: ZoneTime?, reference: ZoneTime? = nil) {
        self.place = place
        self.time = time.map(FeedTime.init)
        if let time, let reference { relative = FeedRelative(RelativeTime(time, from: reference)) } else { relative = nil }
    }

    public init(from decoder: any Decoder) throws {
        place = try Place(from: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        time = try container.decodeIfPresent(FeedTime.self, forKey: .time)
        relative = try container.decodeIfPresent(FeedRelative.self, forKey: .relative)
    }

    public func encode(to encoder: any Encoder) throws {
        try place.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(time, forKey: .time)
        try container.encodeIfPresent(relative, forKey: .relative)
    }
}

/// A place's day and hours against a reference zone, as iOS's world clock shows them.
public struct FeedRelative: Codable, Equatable, Sendable {
    /// 어제, 오늘, 내일 …
    public let day: String
    public let dayDifference: Int
    /// +13시간, −3시간 30분.
    public let hours: String
    public let offsetDifferenceSeconds: Int

    enum CodingKeys: String, CodingKey {
        case day, dayDifference = "day_difference", hours, offsetDifferenceSeconds = "offset_difference_seconds"
    }

    public init(_ relative: RelativeTime) {
        day = relative.koreanDay
        dayDifference = relative.dayDifference
        hours = relative.koreanHours
        offsetDifferenceSeconds = relative.offsetDifference
    }
}

/// A zone's time at the feed's instant.
public struct FeedTime: Codable, Equatable, Sendable {
    /// Local date and time with offset: "2026-11-23T19:00:00+09:00".
    public let local: String
    public let utcOffset: String
    public let utcOffsetSeconds: Int
    /// tz's abbreviation: KST, EDT, +05.
    public let abbreviation: String
    public let dst: Bool
    public let nextTransition: FeedTransition?

    enum CodingKeys: String, CodingKey {
        case local, utcOffset = "utc_offset", utcOffsetSeconds = "utc_offset_seconds", abbreviation, dst
        case nextTransition = "next_transition"
    }

    public init(_ time: ZoneTime) {
        local = ISO8601.local(time.local, offset: time.utcOffset)
        utcOffset = KoreanTimeFormat.isoOffset(time.utcOffset)
        utcOffsetSeconds = time.utcOffset
        abbreviation = time.abbreviation
        dst = time.isDaylightSavingTime
        nextTransition = time.nextTransition.map(FeedTransition.init)
    }
}

/// The next change of offset: when, and what the zone says after it.
public struct FeedTransition: Codable, Equatable, Sendable {
    public let at: String
    public let utcOffset: String
    public let utcOffsetSeconds: Int
    public let abbreviation: String
    public let dst: Bool

    enum CodingKeys: String, CodingKey {
        case at, utcOffset = "utc_offset", utcOffsetSeconds = "utc_offset_seconds", abbreviation, dst
    }

    public init(_ transition: ZoneTime.Transition) {
        at = ISO8601.utc(transition.instant)
        utcOffset = KoreanTimeFormat.isoOffset(transition.utcOffsetAfter)
        utcOffsetSeconds = transition.utcOffsetAfter
        abbreviation = transition.abbreviationAfter
        dst = transition.isDaylightSavingTimeAfter
    }
}

/// One search result in the feed: the place and where the query matched, for highlighting.
public struct FeedSearchResult: Codable, Equatable, Sendable {
    public let place: FeedPlace
    public let match: FeedMatch

    public init(_ match: SearchMatch<Place>, time: ZoneTime?, reference: ZoneTime? = nil) {
        place = FeedPlace(match.item, time: time, reference: reference)
        self.match = FeedMatch(kind: match.kind.name, field: match.field, text: match.text, label: match.label,
                               utf16Start: match.utf16Range.lowerBound, utf16End: match.utf16Range.upperBound)
    }
}

/// How a search result matched: the kind, the field (why the place matched: `name`, `alias`,
/// `english`, `region`, `zone_name`, `airport`, `country`, `zone`), its text, what the text means
/// for this place when it needs saying, and the matched UTF-16 range.
public struct FeedMatch: Codable, Equatable, Sendable {
    public let kind: String
    public let field: String
    public let text: String
    /// For a region, zone name, airport or country: what it means here ("미 중부 표준시" for CST at
    /// 시카고, "Incheon International Airport" for ICN). Absent for names, aliases and zone ids.
    public let label: String?
    public let utf16Start: Int
    public let utf16End: Int

    enum CodingKeys: String, CodingKey { case kind, field, text, label, utf16Start = "utf16_start", utf16End = "utf16_end" }
}

/// The search results for a query.
public struct FeedSearch: Codable, Equatable, Sendable {
    public let query: String
    /// Set when the query was read as Hangul typed in Latin mode (sbdyr → 뉴욕).
    public let keyboardConversion: String?
    public let results: [FeedSearchResult]

    enum CodingKeys: String, CodingKey { case query, keyboardConversion = "keyboard_conversion", results }

    public init(query: String, result: SearchResult<Place>, at instant: Date, clocks: ZoneClocks, reference: ZoneTime? = nil) {
        self.query = query
        keyboardConversion = result.keyboardConversion?.converted
        results = result.matches.map { FeedSearchResult($0, time: clocks.time(of: $0.item, at: instant), reference: reference) }
    }
}

/// The JSON error object every `--json` failure and every HTTP error carries:
/// `{"error": {"code": "unknown_zone", "message": "…"}}`.
public struct FeedError: Codable, Equatable, Sendable, Error {
    public struct Body: Codable, Equatable, Sendable {
        public let code: String
        public let message: String
    }
    public let error: Body

    public init(code: String, message: String) { error = Body(code: code, message: message) }
}

/// The feed's JSON encoding: stable key order, slashes unescaped.
public enum FeedJSON {
    public static func encode<Value: Encodable>(_ value: Value, pretty: Bool = false) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted] : [.sortedKeys, .withoutEscapingSlashes]
        // Encoding these plain value types cannot fail; an empty object keeps a caller's output valid.
        return (try? encoder.encode(value)) ?? Data("{}".utf8)
    }

    /// Pretty JSON followed by a newline, as the CLI prints it.
    public static func encodeLine<Value: Encodable>(_ value: Value) -> Data {
        encode(value, pretty: true) + Data("\n".utf8)
    }
}
