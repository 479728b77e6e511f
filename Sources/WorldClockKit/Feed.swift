package import HangulIndex
import SearchEngine
package import TimeZoneRules
import WireCore

#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// The JSON data feed, shared by `worldclock feed`, `--json` and the HTTP API. Field names are
/// snake_case; times are ISO 8601; offsets are both "+09:00" and seconds. Version 1.
public struct Feed: Codable, Equatable, Sendable {
    /// The schema version; a change that breaks readers increments it.
    public var version = 1
    /// The instant the times are for (UTC).
    public let at: String
    /// The versions and counts behind the times: a client's cache key.
    public let meta: FeedMeta
    /// The titles of the sections that have places, in order.
    public let titles: [String]
    /// Every title of the index, in order, places or not (ㄱ…ㅎ, A–Z, #): what a list's right edge
    /// shows, as ICU's Korean index makes it, so that a client draws it without a copy of its own.
    /// Optional only for decoding feeds written before it existed.
    public let indexTitles: [String]?
    /// The sections the feed lists, in index order, each with its places and their times at `at`.
    public let sections: [FeedSection]
    /// For every zone of `sections` that has rules, its transitions after `at` through
    /// `transitionsUntil`, in order (empty when none): with them a clock app computes local times
    /// offline, across a change. A zone without rules has no entry (and its places no `time`):
    /// an empty list would read as "never changes".
    public let transitions: [String: [FeedTransition]]
    /// The end of the transitions' window (UTC): a client refetches before then.
    public let transitionsUntil: String
    /// For every zone of `transitions`, its POSIX TZ string and the instant from which the string
    /// alone is exact, for devices that keep time with `TZ`. Nil only in feeds written before it
    /// existed.
    public let zones: [String: FeedZone]?
    /// Each zone's timeline over the window: the time of its places at `at`, then its
    /// transitions. Made once, when the feed is decoded or built, for the client's questions
    /// (`offset(ofZone:at:)`, `nextChange(after:)`); not part of the JSON.
    let timelines: [String: ZoneTimeline]

    /// The transitions' window when a caller names none: a year, so a daily sync never misses one.
    package static let defaultTransitionDays = 365

    enum CodingKeys: String, CodingKey {
        case version, at, meta, titles, indexTitles = "index_titles", sections, transitions, transitionsUntil = "transitions_until", zones
    }

    /// Reads a feed and checks what the types alone cannot: the schema version, and that `at`,
    /// `transitions_until` and every transition's `at` are ISO 8601 instants. Every way to decode a
    /// `Feed` passes here (`Feed.decode`, a `JSONDecoder`, a feed inside another type), so an app
    /// never holds a feed whose walk of transitions would stop early without a word.
    /// - Throws: `DecodingError.dataCorrupted` saying what is wrong and where.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.decode(Int.self, forKey: .version)
        guard version == 1 else {
            throw DecodingError.dataCorruptedError(
                forKey: .version, in: container, debugDescription: "schema version \(version); this library reads version 1")
        }
        at = try container.decode(String.self, forKey: .at)
        meta = try container.decode(FeedMeta.self, forKey: .meta)
        titles = try container.decode([String].self, forKey: .titles)
        indexTitles = try container.decodeIfPresent([String].self, forKey: .indexTitles)
        sections = try container.decode([FeedSection].self, forKey: .sections)
        transitions = try container.decode([String: [FeedTransition]].self, forKey: .transitions)
        transitionsUntil = try container.decode(String.self, forKey: .transitionsUntil)
        zones = try container.decodeIfPresent([String: FeedZone].self, forKey: .zones)
        guard let start = try? ISO8601.parseSeconds(at), (try? ISO8601.parseSeconds(transitionsUntil)) != nil else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: container.codingPath, debugDescription: "\"at\" or \"transitions_until\" is not an ISO 8601 instant"))
        }
        // Said here, once: a transition without an instant, or out of order, would otherwise give
        // `offset(ofZone:at:)` a wrong timeline, and an app would show an old offset without a word.
        var changes: [String: [ZoneTimeline.Period]] = [:]
        for (zoneID, list) in transitions {
            var periods: [ZoneTimeline.Period] = []
            for (index, transition) in list.enumerated() {
                func refuse(_ what: String) -> DecodingError {
                    .dataCorrupted(.init(codingPath: container.codingPath, debugDescription: "\"at\" of .transitions.\(zoneID)[\(index)] \(what)"))
                }
                guard let instant = try? ISO8601.parseSeconds(transition.at) else {
                    throw refuse("is not an ISO 8601 instant: \"\(transition.at)\"")
                }
                guard instant > (periods.last?.start ?? start) else {
                    throw refuse("is not after \(periods.isEmpty ? "the feed's \"at\"" : "the transition before it"): \"\(transition.at)\"")
                }
                periods.append(
                    ZoneTimeline.Period(
                        start: instant, utcOffset: transition.utcOffsetSeconds, abbreviation: transition.abbreviation,
                        isDaylightSavingTime: transition.dst))
            }
            changes[zoneID] = periods
        }
        var timelines: [String: ZoneTimeline] = [:]
        for place in sections.lazy.flatMap(\.places) where timelines[place.place.zoneID] == nil {
            guard let time = place.time else { continue }
            let first = ZoneTimeline.Period(
                start: start, utcOffset: time.utcOffsetSeconds, abbreviation: time.abbreviation, isDaylightSavingTime: time.dst)
            timelines[place.place.zoneID] = ZoneTimeline(periods: [first] + (changes[place.place.zoneID] ?? []))
        }
        self.timelines = timelines
    }

    /// The whole catalogue, or the sections `sections` says, with times at `instant`, each zone's
    /// transitions for `transitionDays` days, and each place's day and hours relative to
    /// `reference` when given (the CLI's `--from`).
    package init(
        catalogue: Catalogue, sections: [IndexSection<Place>]? = nil, at instant: Date, clocks: ZoneClocks,
        reference: ZoneTime? = nil, transitionDays: Int = Feed.defaultTransitionDays
    ) {
        let shown = sections ?? catalogue.sections.sections
        let until = instant.addingTimeInterval(Double(transitionDays) * 86_400)
        self.at = ISO8601.utc(instant)
        self.meta = FeedMeta(catalogue: catalogue, tzdata: clocks.tzdata)
        self.titles = catalogue.sections.titles.map(\.text)
        self.indexTitles = catalogue.indexer.titles.map(\.text)
        self.sections = shown.map { section in
            FeedSection(
                title: section.title.text, places: section.rows.map { FeedPlace($0, time: clocks.time(of: $0, at: instant), reference: reference) })
        }
        var timelines: [String: ZoneTimeline] = [:]
        var zones: [String: FeedZone] = [:]
        for zone in shown.lazy.flatMap(\.rows).map(\.zoneID) where timelines[zone] == nil {
            guard let clock = clocks[zone] else { continue }
            timelines[zone] = ZoneTimeline(clock, from: instant, through: until)
            zones[zone] = FeedZone(clock)
        }
        self.timelines = timelines
        self.zones = zones
        self.transitions = timelines.mapValues { $0.periods.dropFirst().map(FeedTransition.init) }
        self.transitionsUntil = ISO8601.utc(until)
    }
}

/// Versions and counts, for caching and for telling what data a client has.
public struct FeedMeta: Codable, Equatable, Sendable {
    /// The tz release whose rules gave the times ("2026f").
    public let tzdataVersion: String
    /// Where those rules came from: "bundled", "system /usr/share/zoneinfo", "TZDIR …".
    public let tzdataSource: String
    /// The ICU version that collated the sections ("72.1").
    public let icuVersion: String
    /// A digest of the catalogue's table alone. It does not change with new tzdata: a client
    /// watches `rulesDigest`.
    public let catalogueDigest: String
    /// A digest of everything that decides a time: the catalogue's table and the tz rules of
    /// every one of its zones. It changes when new tzdata changes any zone's clocks (a country
    /// moving its DST at a few weeks' notice), and when the catalogue changes: a client that holds
    /// a feed with another digest refetches at once, whatever `transitions_until` says. Nil only
    /// in feeds written before it existed.
    public let rulesDigest: String?
    /// The number of distinct zones of the catalogue.
    public let zoneCount: Int
    /// The number of places the catalogue lists.
    public let placeCount: Int
    /// The build of the server that answered (`/v1/meta` and an export's `v1/meta.json`; nil in
    /// the feed's own bodies, whose bytes do not change with the build, and in feeds written
    /// before it existed).
    public let server: Server?
    /// The SPDX licence of worldclock's own code ("Apache-2.0"); nil in feeds written before it was stated.
    public let license: String?
    /// The sources of the catalogue's data, each with its licence, to be credited where the data is
    /// shown (GeoNames' CC BY 4.0 asks for it); nil in feeds written before they were named.
    public let sources: [DataSource]?

    /// One source of the catalogue's data and the licence it comes under.
    public struct DataSource: Codable, Equatable, Sendable {
        /// Its name as a credit gives it ("GeoNames").
        public let name: String
        /// Its SPDX licence expression ("CC-BY-4.0"; tz's public domain is `LicenseRef-tz-public-domain`).
        public let license: String
        /// Where it is published.
        public let url: String
        /// What the catalogue takes from it, in Korean ("도시 이름, 인구, 시간대").
        public let provides: String

        package init(name: String, license: String, url: String, provides: String) {
            self.name = name
            self.license = license
            self.url = url
            self.provides = provides
        }
    }

    /// Which build of worldclock wrote the meta, as `worldclock --version` says it.
    public struct Server: Codable, Equatable, Sendable {
        /// The release ("2.0.0").
        public let version: String
        /// The commit the binary was built from ("4f20dfe"), set by `Scripts/release/package`; nil for a
        /// development build.
        public let commit: String?

        /// A build of release `version` from `commit` (nil: a development build).
        public init(version: String, commit: String?) {
            self.version = version
            self.commit = commit
        }
    }

    enum CodingKeys: String, CodingKey {
        case tzdataVersion = "tzdata_version", tzdataSource = "tzdata_source", icuVersion = "icu_version"
        case catalogueDigest = "catalogue_digest", rulesDigest = "rules_digest", zoneCount = "zone_count", placeCount = "place_count"
        case server, license, sources
    }

    /// The versions and counts of `catalogue` with times from `tzdata`, and the build of the
    /// server that says so when it is one.
    package init(catalogue: Catalogue, tzdata: TZDatabase, server: Server? = nil) {
        tzdataVersion = tzdata.version?.description ?? "unknown"
        tzdataSource = tzdata.source.description
        icuVersion = catalogue.icuVersion
        catalogueDigest = catalogue.digest
        rulesDigest = Self.rulesDigest(catalogue: catalogue, tzdata: tzdata)
        zoneCount = catalogue.zoneIDs.count
        placeCount = catalogue.places.count
        self.server = server
        license = Credits.license
        sources = Credits.sources
    }

    /// `rulesDigest` for `catalogue` with times from `tzdata`: FNV-1a of the catalogue's digest and
    /// the rules of its zones in id order (`TZDatabase.rulesDigest(of:)`, computed once per tzdata).
    package static func rulesDigest(catalogue: Catalogue, tzdata: TZDatabase) -> String {
        Catalogue.fnv1a((catalogue.digest + "|" + tzdata.rulesDigest(of: catalogue.zoneIDs)).utf8)
    }
}

/// One section: its title and its places in collation order.
public struct FeedSection: Codable, Equatable, Sendable {
    /// The title a section header shows (ㄱ, A, #).
    public let title: String
    /// The places, in collation order.
    public let places: [FeedPlace]
}
