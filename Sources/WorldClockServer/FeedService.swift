import BuildStamp
import HangulIndex
import Hummingbird
import Logging
import NIOCore
import Synchronization
import TimeZoneRules
import WorldClockKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What every request reads: the catalogue (sections, sort order and search keys built once by
/// `Catalogue`), one clock per zone, each zone's transitions written once (`SectionsBody`), the
/// immutable bodies (meta, OpenAPI) with their ETags, the cache of time-dependent bodies, and the
/// bounded executor for what is costly to build (`CostlyWork`).
final class FeedService: Sendable {
    let catalogue: Catalogue
    let clocks: ZoneClocks
    /// The current instant; tests fix it.
    let now: @Sendable () -> Date

    let meta: Representation
    /// The digest of everything that decides a time here: the catalogue and its zones' rules
    /// (`FeedMeta.rulesDigest`). It begins every ETag, so a body whose times new rules changed
    /// gets another one.
    let rulesDigest: String
    let openAPI: Representation
    let health: Representation
    /// `/v1/posix.json` and `/v1/posix.h` (`POSIXTZBodies`), made on first request: fixed for the rules in force.
    private let posixBodies: Lazy<(json: Representation, header: Representation)>
    var posixJSON: Representation { posixBodies.value.json }
    var posixHeader: Representation { posixBodies.value.header }

    /// Everything a body depends on besides the request: the table, tzdata, ICU, the schema.
    private let validatorBase: String
    /// Places by canonical zone id.
    private let placesByZone: [String: [Place]]
    private let cache: Mutex<ResponseCache>
    /// The canonical bodies being built, so that the clients asking at the same second wait for
    /// one build rather than each making their own.
    private let canonicalBuilds = Mutex<[String: (second: Int64, build: Task<Representation, any Error>)]>([:])
    /// The costly variants being built, by cache key: clients asking for the same variant at once
    /// (the first requests for a new `at`) wait for one build rather than each queueing its own,
    /// which filled the bounded queue and answered the rest with 503s.
    private let costlyBuilds = Mutex<[String: Task<Representation, any Error>]>([:])
    /// How many requests have waited for a costly build another request started (the log of load, and tests).
    private let joinedCostlyBuilds = WatchedCount()
    /// Whether canonical bodies are built ahead of their second (with a real clock); the latest
    /// second claimed per key is kept with the bodies (`ResponseCache`).
    private let buildsAhead: Bool
    /// Where a failure no request sees is said: a body built ahead of its second, a web file
    /// that does not decode.
    let logger: Logger
    /// Where costly bodies are built and compressed.
    let costly: CostlyWork
    /// `/v1/sections` bodies from pieces made once.
    let sectionsBody: SectionsBody
    /// Where cache look-ups are counted (`/metrics`); nil in tests and the export.
    let metrics: ServerMetrics?
    /// Bumped when the server's JSON changes shape, so ETags change with it.
    static let representationVersion = "5"
    /// The build that answers, as `/v1/meta` and an export's meta say it (`--version`'s words).
    static var server: FeedMeta.Server { FeedMeta.Server(version: WorldClockBuild.version, commit: WorldClockBuild.commit) }

    /// - Parameters:
    ///   - costly: the executor for costly bodies (cores − 1 at once by default).
    ///   - cacheBudget: the bytes the cache keeps for bodies other than the canonical ones.
    ///   - sectionsBody: the written pieces, when another service with the same catalogue and
    ///     clocks made them already (tests).
    ///   - buildsAhead: build the current feed's next second before it begins (`buildAhead`);
    ///     for a server on the real clock.
    ///   - logger: where a build ahead that fails is said (no request waits for it).
    init(
        catalogue: Catalogue, clocks: ZoneClocks? = nil, now: @escaping @Sendable () -> Date = { Date() },
        costly: CostlyWork = CostlyWork(), cacheBudget: Int = ResponseCache.defaultByteBudget, sectionsBody: SectionsBody? = nil,
        buildsAhead: Bool = false, logger: Logger = Logger(label: "worldclock.serve"), metrics: ServerMetrics? = nil
    ) {
        self.metrics = metrics
        self.catalogue = catalogue
        self.buildsAhead = buildsAhead
        self.logger = logger
        self.clocks = clocks ?? ZoneClocks(zoneIDs: catalogue.zoneIDs)
        self.now = now
        self.costly = costly
        cache = Mutex(ResponseCache(byteBudget: cacheBudget))
        self.sectionsBody = sectionsBody ?? SectionsBody(catalogue: catalogue, clocks: self.clocks)
        let metaValue = FeedMeta(catalogue: catalogue, tzdata: self.clocks.tzdata)
        let digest = metaValue.rulesDigest ?? catalogue.digest
        rulesDigest = digest
        // Not the tzdata's source: the same rules give the same ETags from Debian's copy and the
        // bundled one, so replicas behind one load balancer keep each other's 304s.
        validatorBase = [
            digest, catalogue.digest, metaValue.tzdataVersion, metaValue.icuVersion, "feed1", Self.representationVersion,
        ]
        .joined(separator: "|")
        placesByZone = Dictionary(grouping: catalogue.places, by: \.zoneID)
        // Made now, not on the first request: the search index, the search-only places (read once
        // here, so a result needs no parsing) and tzdata's alias links.
        _ = catalogue.nameIndex
        _ = catalogue.searchOnlyPlaces
        catalogue.prepareZoneAliases()

        let base = validatorBase
        func strongTag(_ key: String) -> String { "\"\(digest)-\(Catalogue.fnv1a((base + "\n" + key).utf8))\"" }
        // Only `/v1/meta` says which build answers (the feed's bodies stay the same bytes from
        // build to build), and its ETag changes with the build.
        let server = Self.server
        meta = Representation(
            body: FeedJSON.encode(FeedMeta(catalogue: catalogue, tzdata: self.clocks.tzdata, server: server)),
            etag: strongTag("/v1/meta|server \(server.version) \(server.commit ?? "development")"),
            cacheControl: "public, max-age=\(HTTPCaching.catalogueMaxAge)")
        openAPI = Representation(
            body: Data(OpenAPIDocument.yaml.utf8), contentType: "application/yaml; charset=utf-8",
            etag: "\"\(Catalogue.fnv1a(OpenAPIDocument.yaml.utf8))\"",
            cacheControl: "public, max-age=\(HTTPCaching.catalogueMaxAge)")
        health = Representation(body: FeedJSON.encode(["status": "ok"]), etag: nil, cacheControl: "no-store")
        let clocks = self.clocks
        let posixJSONTag = strongTag("/v1/posix.json"), posixHeaderTag = strongTag("/v1/posix.h")
        posixBodies = Lazy {
            (
                json: Representation(
                    body: POSIXTZBodies.json(catalogue: catalogue, clocks: clocks), etag: posixJSONTag,
                    cacheControl: "public, max-age=\(HTTPCaching.catalogueMaxAge)"),
                header: Representation(
                    body: POSIXTZBodies.header(catalogue: catalogue, clocks: clocks, rulesDigest: digest), contentType: "text/x-c; charset=utf-8",
                    etag: posixHeaderTag, cacheControl: "public, max-age=\(HTTPCaching.catalogueMaxAge)")
            )
        }
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
            throw .refused(.invalidAt, "the parameter 'at': \(QueryString.printable(error.description, limit: nil))")
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
        let body: ByteBuffer
        /// The earliest next transition of the zones in the body (bounds freshness).
        let nextTransition: Date?
        let contentLocation: String?
        /// JSON but for the calendars (`text/calendar`).
        let contentType: String

        init(body: ByteBuffer, nextTransition: Date?, contentLocation: String?, contentType: String = "application/json; charset=utf-8") {
            self.body = body
            self.nextTransition = nextTransition
            self.contentLocation = contentLocation
            self.contentType = contentType
        }

        init(body: Data, nextTransition: Date?, contentLocation: String?, contentType: String = "application/json; charset=utf-8") {
            self.init(body: ByteBuffer(bytes: body), nextTransition: nextTransition, contentLocation: contentLocation, contentType: contentType)
        }
    }

    /// How a time-dependent body is cached and where it is built.
    enum Role: Sendable {
        /// What every client reads (the current feed, whole or by section, default window): kept
        /// apart from the LRU, never evicted, built once per second (concurrent askers wait for
        /// that one build), compressed at once at the best level.
        case canonical
        /// A variant a client chose (another `at` or `transitions`): built and compressed under
        /// `CostlyWork`, at zlib's fastest level (again at the best level when asked for again).
        case costly
        /// Small and quick to build (searches, zones): built where asked, compressed at the best level.
        case cheap
    }

    /// One time-dependent request: what identifies its body and how to compute it.
    struct Timed: Sendable {
        /// The endpoint and the request's parameters except `at`, canonical
        /// (`/v1/sections?transitions=365`): what names its body, at any instant.
        let resource: String
        let instant: Instant
        let role: Role
        /// Computes the body at an instant (the request's, or the next second's for a canonical
        /// body built ahead).
        let compute: @Sendable (Instant) throws(APIError) -> Computed

        /// The same request at another instant.
        func at(_ other: Instant) -> Timed { Timed(resource: resource, instant: other, role: role, compute: compute) }

        var seconds: Int64 { Int64(instant.date.timeIntervalSince1970) }
        var cacheKey: String { resource + (instant.fixed ? "@at=" : "@now=") + String(seconds) }
    }

    /// The response to `request` for `timed`: from the cache, or computed (under `costly` when
    /// costly), in the coding the request prefers, compressed under `costly` when costly.
    /// - Parameter client: the connection the answer goes to: costly work queued for it is
    ///   skipped if its client leaves first (looked up on the costly path only).
    func respond(to request: Request, _ timed: Timed, client: (any Channel)? = nil) async throws(APIError) -> Response {
        let (representation, hit) = try await self.representation(timed, client: client)
        metrics?.cacheLookup(hit: hit)
        var coding = ContentCoding.preferred(in: request.headers)
        let compressing = representation.encoded.needsCompression(for: coding)
        if compressing {
            let encoded = representation.encoded
            if timed.role != .costly {
                encoded.compress()
            } else if encoded.claimCompression() {
                do {
                    try await costly.run(for: client.flatMap(ClientPresence.of)) { () throws(APIError) in encoded.compress() }
                } catch {
                    encoded.releaseCompressionClaim()
                    throw error
                }
            } else {
                // Another request is making the gzip encoding: this one gets the identity body.
                coding = .identity
            }
        }
        let response = representation.response(to: request, preferring: coding)
        // Made before the better compression may start, so that this answer is the encoding it found.
        if !compressing, hit, coding == .gzip, representation.encoded.canImproveCompression {
            costly.runIfIdle { representation.encoded.improveCompression() }
        }
        return response
    }

    /// The representation for `timed`, and whether it came from the cache.
    func representation(_ timed: Timed, client: (any Channel)? = nil) async throws(APIError) -> (Representation, hit: Bool) {
        switch timed.role {
        case .canonical:
            let key = timed.resource, second = timed.seconds
            let buildsAhead = self.buildsAhead && !timed.instant.fixed
            let (hit, claimed) = cache.withLock { $0.canonical(key, second: second, claimingAhead: buildsAhead) }
            if let hit {
                if claimed { buildAhead(timed, second: second + 1) }
                return (hit, true)
            }
            let made = try await buildCanonical(timed)
            if buildsAhead, cache.withLock({ $0.claimAhead(key, second: second + 1) }) { buildAhead(timed, second: second + 1) }
            return (made, false)
        case .costly:
            if let hit = cache.withLock({ $0.lookup(timed.cacheKey) }) { return (hit, true) }
            return (try await buildCostly(timed, client: client.flatMap(ClientPresence.of)), false)
        case .cheap:
            if let hit = cache.withLock({ $0.lookup(timed.cacheKey) }) { return (hit, true) }
            let made = try make(timed, effort: .best)
            cache.withLock { $0.store(made, for: timed.cacheKey) }
            return (made, false)
        }
    }

    /// The representation for `timed`, computed here whatever its role, compressed at the best
    /// level when asked for: for `worldclock export`, which writes every body once.
    func representationNow(_ timed: Timed) throws(APIError) -> Representation {
        if let hit = cache.withLock({ $0.lookup(timed.cacheKey) }) { return hit }
        let made = try make(timed, effort: .best)
        cache.withLock { $0.store(made, for: timed.cacheKey) }
        return made
    }

    /// Builds the canonical body of the second after `timed`'s, shortly before that second
    /// begins, once per key and second, and only while clients ask for it: the clients asking
    /// at the turn of a second then find it ready rather than waiting for its build and best
    /// compression (the tail of the current feed's latency otherwise, every second). The caller
    /// has claimed `next` in the cache (`ResponseCache.canonical(_:second:claimingAhead:)`, under
    /// the same lock and look-up as the current second's body).
    private func buildAhead(_ timed: Timed, second next: Int64) {
        let upcoming = timed.at(Instant(date: Date(timeIntervalSince1970: Double(next)), fixed: false))
        Task { [self] in
            let wait = Double(next) - 0.25 - now().timeIntervalSince1970
            if wait > 0 { try? await Task.sleep(for: .milliseconds(Int(wait * 1000))) }
            do {
                _ = try await buildCanonical(upcoming)
            } catch {
                // The clients of that second build it themselves and get this error, if it recurs.
                logger.error("building \(upcoming.resource) ahead for second \(next) failed: \(error)")
            }
        }
    }

    /// One build of a canonical body per second, however many ask during it.
    private func buildCanonical(_ timed: Timed) async throws(APIError) -> Representation {
        let key = timed.resource, second = timed.seconds
        let build: Task<Representation, any Error> = canonicalBuilds.withLock { builds in
            if let running = builds[key + "@" + String(second)] { return running.build }
            let build = Task { [self] () throws -> Representation in
                let made = try make(timed, effort: .best)
                made.encoded.compress()
                cache.withLock { $0.storeCanonical(made, for: key, second: second) }
                return made
            }
            builds[key + "@" + String(second)] = (second, build)
            return build
        }
        let result = await build.result
        canonicalBuilds.withLock { $0[key + "@" + String(second)] = nil }
        switch result {
        case .success(let made): return made
        case .failure(let error as APIError): throw error
        case .failure: throw APIError.internalError
        }
    }

    /// Builds the costly variant `timed` once for all the clients asking for it at the same time,
    /// under the bounded executor, and caches it. The build goes ahead for the first client's
    /// presence; if that client leaves while it waits for a permit, a client still waiting starts
    /// the build again for itself.
    private func buildCostly(_ timed: Timed, client: ClientPresence?) async throws(APIError) -> Representation {
        let key = timed.cacheKey
        while true {
            let (build, isOwn) = costlyBuilds.withLock { builds -> (Task<Representation, any Error>, Bool) in
                if let running = builds[key] {
                    joinedCostlyBuilds.add(1)
                    return (running, false)
                }
                let build = Task { [self] () throws -> Representation in
                    // Gone from the map when done, so that a failed build is not joined again.
                    defer { costlyBuilds.withLock { $0[key] = nil } }
                    let made = try await costly.run(for: client) { () throws(APIError) in try self.make(timed, effort: .fast) }
                    cache.withLock { $0.store(made, for: key) }
                    return made
                }
                builds[key] = build
                return (build, true)
            }
            switch await build.result {
            case .success(let made): return made
            case .failure(let error as APIError):
                // The first client left before the build had a permit: build it for this one.
                if error == .clientGone, !isOwn { continue }
                throw error
            case .failure: throw APIError.internalError
            }
        }
    }

    /// Computes `timed`'s body and wraps it with its validator and freshness. Fixed instants get
    /// a strong ETag and a long max-age; live ones a weak ETag for the minute (the body's seconds
    /// differ, its offsets, abbreviations and wall-clock minutes do not) and a max-age up to the
    /// next minute boundary or transition.
    private func make(_ timed: Timed, effort: EncodedBody.Effort) throws(APIError) -> Representation {
        let computed = try timed.compute(timed.instant)
        let instant = timed.instant
        if instant.fixed {
            return Representation(
                buffer: computed.body, contentType: computed.contentType,
                etag: "\"\(rulesDigest)-\(Catalogue.fnv1a((validatorBase + "\n" + timed.cacheKey).utf8))\"",
                cacheControl: "public, max-age=\(HTTPCaching.fixedInstantMaxAge)",
                contentLocation: computed.contentLocation, effort: effort)
        }
        let seconds = timed.seconds
        let minute = seconds - ((seconds % 60) + 60) % 60
        let transition = computed.nextTransition.map { String(Int64($0.timeIntervalSince1970)) } ?? "-"
        let validatorKey = timed.resource + "@minute=" + String(minute) + "/" + transition
        return Representation(
            buffer: computed.body, contentType: computed.contentType,
            etag: "W/\"\(rulesDigest)-\(Catalogue.fnv1a((validatorBase + "\n" + validatorKey).utf8))\"",
            cacheControl: "public, max-age=\(HTTPCaching.secondsFresh(at: instant.date, nextTransition: computed.nextTransition))",
            contentLocation: computed.contentLocation, effort: effort)
    }

    /// Returns once `count` requests in all have joined a costly build another started (for tests).
    func waitForCostlyBuildsJoined(_ count: Int) async { await joinedCostlyBuilds.wait(until: count) }

    /// The cache's state, for tests: the LRU part's entries and bytes.
    var cacheUsage: (variants: Int, bytes: Int, budget: Int) {
        cache.withLock { ($0.variantCount, $0.bytes, $0.byteBudget) }
    }

    /// The earliest next transition among `zoneIDs` after `instant`.
    func earliestTransition(zoneIDs: some Sequence<String>, after instant: Date) -> Date? {
        var earliest: Date?
        for id in Set(zoneIDs) {
            if let next = clocks[id]?.nextTransition(after: instant)?.startDate, earliest.map({ next < $0 }) ?? true {
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
