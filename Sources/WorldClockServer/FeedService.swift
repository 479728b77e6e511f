import Foundation
import HangulIndex
import Hummingbird
import Synchronization
import WorldClockKit

/// What every request reads: the catalogue (sections, sort order and search keys built once by
/// `Catalogue`), one clock per zone, the immutable bodies (meta, OpenAPI) with their ETags, and a
/// small cache of time-dependent bodies keyed by request and second.
final class FeedService: Sendable {
    let catalogue: Catalogue
    let clocks: ZoneClocks
    /// The current instant; tests fix it.
    let now: @Sendable () -> Date

    let meta: Representation
    let openAPI: Representation
    let health: Representation

    /// Everything a body depends on besides the request: the table, tzdata, ICU, the schema.
    private let validatorBase: String
    /// Places by canonical zone id.
    private let placesByZone: [String: [Place]]
    private let cache = Mutex(ResponseCache())
    /// Bumped when the server's JSON changes shape, so ETags change with it.
    static let representationVersion = "2"

    init(catalogue: Catalogue, clocks: ZoneClocks? = nil, now: @escaping @Sendable () -> Date = { Date() }) {
        self.catalogue = catalogue
        self.clocks = clocks ?? ZoneClocks(zoneIDs: catalogue.zoneIDs)
        self.now = now
        let metaValue = FeedMeta(catalogue: catalogue, tzdata: self.clocks.tzdata)
        validatorBase = [catalogue.digest, metaValue.tzdataVersion, metaValue.tzdataSource, metaValue.icuVersion, "feed1", Self.representationVersion]
            .joined(separator: "|")
        placesByZone = Dictionary(grouping: catalogue.places, by: \.zoneID)
        // Made now, not on the first request: the search index, the search-only places (read once
        // here, so a result needs no parsing) and tzdata's alias links.
        _ = catalogue.search
        _ = catalogue.searchOnlyPlaces
        catalogue.prepareZoneAliases()

        let digest = catalogue.digest
        let base = validatorBase
        func strongTag(_ key: String) -> String { "\"\(digest)-\(Catalogue.fnv1a((base + "\n" + key).utf8))\"" }
        meta = Representation(body: FeedJSON.encode(metaValue), etag: strongTag("/v1/meta"),
                              cacheControl: "public, max-age=\(HTTPCaching.catalogueMaxAge)")
        openAPI = Representation(body: Data(OpenAPIDocument.yaml.utf8), contentType: "application/yaml",
                                 etag: "\"\(Catalogue.fnv1a(OpenAPIDocument.yaml.utf8))\"",
                                 cacheControl: "public, max-age=\(HTTPCaching.catalogueMaxAge)")
        health = Representation(body: Data(#"{"status":"ok"}"#.utf8), etag: nil, cacheControl: "no-store")
    }

    // MARK: Instants

    /// The instant a request asks about: `?at=` (fixed) or now, to the whole second.
    struct Instant: Sendable {
        let date: Date
        let fixed: Bool
    }

    func instant(_ query: QueryString) throws(APIError) -> Instant {
        guard let text = query["at"] else {
            return Instant(date: Self.wholeSecond(now()), fixed: false)
        }
        do {
            return Instant(date: Self.wholeSecond(try ISO8601.parseInstant(text)), fixed: true)
        } catch {
            throw .badRequest(.invalidAt, "the parameter 'at': \(QueryString.printable(error.description, limit: nil))")
        }
    }

    /// The days of transitions a feed carries: `?transitions=` (0…730), else a year.
    func transitionDays(_ query: QueryString) throws(APIError) -> Int {
        try query.wholeNumber("transitions", in: 0...730, default: Feed.defaultTransitionDays, code: .invalidTransitions)
    }

    static func wholeSecond(_ date: Date) -> Date {
        Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
    }

    // MARK: Time-dependent representations

    /// What a time-dependent endpoint computes on a cache miss.
    struct Computed {
        let body: Data
        /// The earliest next transition of the zones in the body (bounds freshness).
        let nextTransition: Date?
        let contentLocation: String?
    }

    /// The representation of `endpoint` with `key` (its parameters except `at`, canonical) at
    /// `instant`, from the cache or computed. Fixed instants get a strong ETag and a long
    /// max-age; live ones a weak ETag for the minute (the body's seconds differ, its offsets,
    /// abbreviations and wall-clock minutes do not) and a max-age up to the next minute boundary
    /// or transition.
    func timed(endpoint: String, key: String, instant: Instant, compute: () throws(APIError) -> Computed) throws(APIError) -> Representation {
        let seconds = Int64(instant.date.timeIntervalSince1970)
        let cacheKey = endpoint + "?" + key + (instant.fixed ? "@at=" : "@now=") + String(seconds)
        if let hit = cache.withLock({ $0.lookup(cacheKey, second: instant.fixed ? nil : seconds) }) { return hit }
        let computed = try compute()
        let representation: Representation
        if instant.fixed {
            representation = Representation(
                body: computed.body,
                etag: "\"\(catalogue.digest)-\(Catalogue.fnv1a((validatorBase + "\n" + cacheKey).utf8))\"",
                cacheControl: "public, max-age=\(HTTPCaching.fixedInstantMaxAge)",
                contentLocation: computed.contentLocation)
        } else {
            let minute = seconds - ((seconds % 60) + 60) % 60
            let transition = computed.nextTransition.map { String(Int64($0.timeIntervalSince1970)) } ?? "-"
            let validatorKey = endpoint + "?" + key + "@minute=" + String(minute) + "/" + transition
            representation = Representation(
                body: computed.body,
                etag: "W/\"\(catalogue.digest)-\(Catalogue.fnv1a((validatorBase + "\n" + validatorKey).utf8))\"",
                cacheControl: "public, max-age=\(HTTPCaching.secondsFresh(at: instant.date, nextTransition: computed.nextTransition))",
                contentLocation: computed.contentLocation)
        }
        cache.withLock { $0.store(representation, for: cacheKey, second: instant.fixed ? nil : seconds) }
        return representation
    }

    /// The earliest next transition among `zoneIDs` after `instant`.
    func earliestTransition(zoneIDs: some Sequence<String>, after instant: Date) -> Date? {
        var earliest: Date?
        for id in Set(zoneIDs) {
            if let next = clocks[id]?.nextTransition(after: instant)?.instant, earliest.map({ next < $0 }) ?? true {
                earliest = next
            }
        }
        return earliest
    }

    // MARK: Zones

    /// The canonical zone id for a requested id (canonical or alias) and its places, or nil.
    func zone(_ requested: String) -> (id: String, places: [Place])? {
        guard let id = catalogue.zoneID(for: requested), let places = placesByZone[id] else { return nil }
        return (id, places)
    }


    var zoneCount: Int { placesByZone.count }
}

/// Bodies already computed: those for now, for the current second only (dropped when the second
/// changes), and those for fixed instants, up to a byte budget (then it starts over).
struct ResponseCache {
    static let byteBudget = 8 << 20

    private var second: Int64 = .min
    private var live: [String: Representation] = [:]
    private var liveBytes = 0
    private var fixed: [String: Representation] = [:]
    private var fixedBytes = 0

    /// `second` is nil for a fixed instant.
    func lookup(_ key: String, second: Int64?) -> Representation? {
        guard let second else { return fixed[key] }
        return second == self.second ? live[key] : nil
    }

    mutating func store(_ representation: Representation, for key: String, second: Int64?) {
        let size = representation.body.readableBytes + key.utf8.count
        guard let second else {
            if fixed[key] != nil { return }
            if fixedBytes + size > Self.byteBudget { fixed.removeAll(); fixedBytes = 0 }
            fixed[key] = representation
            fixedBytes += size
            return
        }
        if second > self.second {
            self.second = second
            live.removeAll(keepingCapacity: true)
            liveBytes = 0
        }
        // A request still on the previous second, or a second already full, is not kept.
        guard second == self.second, live[key] == nil, liveBytes + size <= Self.byteBudget else { return }
        live[key] = representation
        liveBytes += size
    }
}
