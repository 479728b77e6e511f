import CoreMetrics
import NIOCore
import Prometheus
import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What `/metrics` shows, in Prometheus's text format: recorded through swift-metrics (`Counter`,
/// `Timer`, `Meter`) into swift-prometheus's registry, one per server (no global bootstrap, so
/// tests and the process's other code are not tied to it). The values that are states rather
/// than events (open connections, the costly-work queue, the cache's bytes) are read when scraped.
final class ServerMetrics: Sendable {
    let registry = PrometheusCollectorRegistry()
    private let factory: PrometheusMetricsFactory
    /// Each route's counters and timer, made once: making one takes the registry's lock.
    private let routes = Mutex<[String: RouteMetrics]>([:])
    private let refusals = Mutex<[String: CoreMetrics.Counter]>([:])
    private let cacheHits: CoreMetrics.Counter
    private let cacheMisses: CoreMetrics.Counter
    private let openConnections: CoreMetrics.Meter
    private let costlyRunning: CoreMetrics.Meter
    private let costlyWaiting: CoreMetrics.Meter
    private let cacheBytes: CoreMetrics.Meter
    private let cacheVariants: CoreMetrics.Meter
    private let reloads = Mutex<[String: CoreMetrics.Counter]>([:])
    /// `worldclock_tzdata_info`, replaced at each reload (its labels are the rules in force).
    private let tzdataInfo = Mutex<(key: String, meter: CoreMetrics.Meter)?>(nil)
    /// The main listener's connections, counted when scraped.
    private let limits = Mutex<ConnectionLimits?>(nil)

    /// Counts `limits`' open connections from now on.
    func track(_ limits: ConnectionLimits) { self.limits.withLock { $0 = limits } }

    /// The log whose dropped lines are counted, and how many were counted already.
    private let logSink = Mutex<(sink: LogSink, counted: Int)?>(nil)
    private let logLinesDropped: CoreMetrics.Counter

    /// Counts the lines `sink` drops (`worldclock_log_lines_dropped_total`) from now on.
    func track(_ sink: LogSink) { logSink.withLock { $0 = (sink, sink.droppedLines) } }

    /// The media type of `/metrics`: Prometheus's text format.
    static let contentType = "text/plain; version=0.0.4; charset=utf-8"

    init() {
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.defaultDurationHistogramBuckets = [
            .microseconds(100), .microseconds(250), .microseconds(500), .milliseconds(1), .milliseconds(2.5), .milliseconds(5),
            .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1),
            .seconds(2.5), .seconds(5), .seconds(10),
        ]
        self.factory = factory
        cacheHits = CoreMetrics.Counter(label: "worldclock_response_cache_lookups_total", dimensions: [("result", "hit")], factory: factory)
        cacheMisses = CoreMetrics.Counter(label: "worldclock_response_cache_lookups_total", dimensions: [("result", "miss")], factory: factory)
        openConnections = CoreMetrics.Meter(label: "worldclock_open_connections", factory: factory)
        costlyRunning = CoreMetrics.Meter(label: "worldclock_costly_work", dimensions: [("state", "running")], factory: factory)
        costlyWaiting = CoreMetrics.Meter(label: "worldclock_costly_work", dimensions: [("state", "waiting")], factory: factory)
        cacheBytes = CoreMetrics.Meter(label: "worldclock_response_cache_bytes", factory: factory)
        cacheVariants = CoreMetrics.Meter(label: "worldclock_response_cache_entries", factory: factory)
        logLinesDropped = CoreMetrics.Counter(label: "worldclock_log_lines_dropped_total", factory: factory)
    }

    /// The metrics of requests to `route` (the router's path pattern, `unmatched` for none): made
    /// at the first call, the same object after. A route's handler finds its own once, when the
    /// route is added (`FeedRouter`), so that a request pays for no look-up by route.
    func route(_ route: String) -> RouteMetrics {
        routes.withLock { known in
            if let metrics = known[route] { return metrics }
            let made = RouteMetrics(route: route, factory: factory)
            known[route] = made
            return made
        }
    }

    /// One answered request: by route and status, its body's bytes when known, its duration.
    func request(route: String, status: Int, bytes: Int?, nanoseconds: Int64) {
        self.route(route).request(status: status, bytes: bytes, nanoseconds: nanoseconds)
    }

    /// A 503 the server sent, by its code (`too_many_connections`, `busy`, `shutting_down`).
    func refusal(_ cause: String) {
        refusals.withLock { known in
            if let counter = known[cause] { return counter }
            let counter = CoreMetrics.Counter(label: "worldclock_refusals_total", dimensions: [("cause", cause)], factory: factory)
            known[cause] = counter
            return counter
        }.increment()
    }

    /// A look-up of the response cache.
    func cacheLookup(hit: Bool) { (hit ? cacheHits : cacheMisses).increment() }

    /// A reload's outcome: `switched`, `unchanged` or `refused`.
    func reload(_ outcome: String) {
        reloads.withLock { known in
            if let counter = known[outcome] { return counter }
            let counter = CoreMetrics.Counter(label: "worldclock_tzdata_reloads_total", dimensions: [("outcome", outcome)], factory: factory)
            known[outcome] = counter
            return counter
        }.increment()
    }

    /// The text `/metrics` answers with, the states read now.
    func render(live: LiveFeed) -> ByteBuffer {
        let service = live.current.service
        let database = service.clocks.tzdata
        let labels = [
            ("version", database.version?.description ?? "unknown"), ("source", database.source.description), ("rules_digest", service.rulesDigest),
        ]
        let key = labels.map(\.1).joined(separator: "|")
        tzdataInfo.withLock { info in
            guard info?.key != key else { return }
            info?.meter.destroy()
            let meter = CoreMetrics.Meter(label: "worldclock_tzdata_info", dimensions: labels, factory: factory)
            meter.set(1)
            info = (key, meter)
        }
        if let limits = limits.withLock({ $0 }) { openConnections.set(limits.openConnections) }
        let newlyDropped = logSink.withLock { tracked -> Int in
            guard let current = tracked else { return 0 }
            let dropped = current.sink.droppedLines
            tracked = (current.sink, dropped)
            return dropped - current.counted
        }
        if newlyDropped > 0 { logLinesDropped.increment(by: newlyDropped) }
        let load = service.costly.load
        costlyRunning.set(load.running)
        costlyWaiting.set(load.waiting)
        let usage = service.cacheUsage
        cacheBytes.set(usage.bytes)
        cacheVariants.set(usage.variants)
        return ByteBuffer(bytes: registry.emitToBuffer())
    }
}

/// The requests to one route: `worldclock_http_requests_total` and
/// `worldclock_http_response_bytes_total` by status, `worldclock_http_request_duration_seconds`.
/// The counters of a status are made at its first request; a request looks its status up among the
/// few its route has answered (no hash of the route per request).
final class RouteMetrics: Sendable {
    /// The route's label.
    let route: String
    private let factory: PrometheusMetricsFactory
    private let duration: CoreMetrics.Timer
    private let byStatus = Mutex<[(status: Int, count: CoreMetrics.Counter, bytes: CoreMetrics.Counter)]>([])

    fileprivate init(route: String, factory: PrometheusMetricsFactory) {
        self.route = route
        self.factory = factory
        duration = CoreMetrics.Timer(label: "worldclock_http_request_duration_seconds", dimensions: [("route", route)], factory: factory)
    }

    /// One answered request with `status`, `bytes` in its body when known, taking `nanoseconds`.
    func request(status: Int, bytes: Int?, nanoseconds: Int64) {
        let counters = byStatus.withLock { known in
            if let found = known.first(where: { $0.status == status }) { return (found.count, found.bytes) }
            let dimensions = [("route", route), ("status", String(status))]
            let made = (
                count: CoreMetrics.Counter(label: "worldclock_http_requests_total", dimensions: dimensions, factory: factory),
                bytes: CoreMetrics.Counter(label: "worldclock_http_response_bytes_total", dimensions: dimensions, factory: factory)
            )
            known.append((status, made.count, made.bytes))
            return made
        }
        counters.0.increment()
        if let bytes { counters.1.increment(by: bytes) }
        duration.recordNanoseconds(nanoseconds)
    }
}
