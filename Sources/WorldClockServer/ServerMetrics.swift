import BuildStamp
import CoreMetrics
import NIOCore
import Prometheus
import ServerConfiguration
import Synchronization
import TimeZoneRules
internal import WireCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
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
    /// The counters with one label (refusals by cause, reloads by outcome, parser rejections by
    /// reason), made once each, by family and value.
    private let labelled = Mutex<[String: CoreMetrics.Counter]>([:])
    private let cacheHits: CoreMetrics.Counter
    private let cacheMisses: CoreMetrics.Counter
    private let openConnections: CoreMetrics.Meter
    private let costlyRunning: CoreMetrics.Meter
    private let costlyWaiting: CoreMetrics.Meter
    private let cacheBytes: CoreMetrics.Meter
    private let cacheVariants: CoreMetrics.Meter
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
        // Every counter whose labels are known is there at zero from the start, so that a rate
        // or an alert on it has a series before its first event.
        for cause in Self.refusalCauses { refusalCounter(cause) }
        for outcome in Self.reloadOutcomes { reloadCounter(outcome) }
        for reason in Self.rejectionReasons { rejectionCounter(reason) }
    }

    /// The causes of `worldclock_refusals_total`.
    static let refusalCauses = [Refusal.tooManyConnections, .busy, .shuttingDown].map(\.code)
    /// The outcomes of `worldclock_tzdata_reloads_total`.
    static let reloadOutcomes = ["switched", "unchanged", "refused"]
    /// The reasons of `worldclock_http_parser_rejections_total` made at start (others at their first).
    static let rejectionReasons = ["invalid_method", "invalid_url", "invalid_version", "invalid_header_token", "header_overflow", "other"]

    /// `# HELP` of each family, written before its `# TYPE`.
    static let help: [String: String] = [
        "worldclock_http_requests_total": "Requests answered, by route and status.",
        "worldclock_http_response_bytes_total": "Bytes of response bodies sent, by route and status.",
        "worldclock_http_request_duration_seconds": "Time from a request's head to its response, by route.",
        "worldclock_http_parser_rejections_total": "Requests the HTTP/1 parser refused before routing (answered 400 or 431), by reason.",
        "worldclock_refusals_total": "503 answers, by cause.",
        "worldclock_response_cache_lookups_total": "Look-ups of the response cache, by result.",
        "worldclock_response_cache_bytes": "Bytes the response cache holds.",
        "worldclock_response_cache_entries": "Variants the response cache holds.",
        "worldclock_open_connections": "Connections open on the feed's listener.",
        "worldclock_costly_work": "Costly builds running and waiting, by state.",
        "worldclock_log_lines_dropped_total": "Log lines dropped because standard error was not read fast enough.",
        "worldclock_tzdata_reloads_total": "Reloads of the tzdata (SIGHUP and the periodic check), by outcome.",
        "worldclock_tzdata_info": "The tzdata in force: its version, its source and the rules digest.",
    ]

    /// The counter of family `label` whose one dimension `dimension` is `value`, made on its first use.
    private func labelledCounter(_ label: String, _ dimension: String, _ value: String) -> CoreMetrics.Counter {
        labelled.withLock { known in
            let key = label + "\u{0}" + value
            if let counter = known[key] { return counter }
            let counter = CoreMetrics.Counter(label: label, dimensions: [(dimension, value)], factory: factory)
            known[key] = counter
            return counter
        }
    }

    @discardableResult
    private func refusalCounter(_ cause: String) -> CoreMetrics.Counter { labelledCounter("worldclock_refusals_total", "cause", cause) }

    @discardableResult
    private func reloadCounter(_ outcome: String) -> CoreMetrics.Counter { labelledCounter("worldclock_tzdata_reloads_total", "outcome", outcome) }

    @discardableResult
    private func rejectionCounter(_ reason: String) -> CoreMetrics.Counter {
        labelledCounter("worldclock_http_parser_rejections_total", "reason", reason)
    }

    /// A request the HTTP/1 parser refused, by `reason` (`HTTPParserError` in snake case).
    func rejection(_ reason: String) { rejectionCounter(reason).increment() }

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
    func refusal(_ cause: String) { refusalCounter(cause).increment() }

    /// A look-up of the response cache.
    func cacheLookup(hit: Bool) { (hit ? cacheHits : cacheMisses).increment() }

    /// A reload's outcome: `switched`, `unchanged` or `refused`.
    func reload(_ outcome: String) { reloadCounter(outcome).increment() }

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
        var text = Self.withHelp(registry.emitToBuffer())
        text += ProcessMetrics.read().exposition
        text += Self.buildInfo(tzdata: database.version?.description ?? "unknown")
        return ByteBuffer(bytes: text)
    }

    /// `worldclock_build_info{version,commit,tzdata} 1`: which build answers, for joins in queries.
    static func buildInfo(tzdata: String) -> [UInt8] {
        let commit = WorldClockBuild.commit ?? "development"
        return Array(
            ("# HELP worldclock_build_info The build of worldclock that answers, and the tzdata version in force.\n"
                + "# TYPE worldclock_build_info gauge\n"
                + "worldclock_build_info{version=\"\(label(WorldClockBuild.version))\",commit=\"\(label(commit))\",tzdata=\"\(label(tzdata))\"} 1\n")
                .utf8)
    }

    /// `value` escaped as a label value (backslash, quote, newline).
    static func label(_ value: String) -> String {
        var out = ""
        for character in value {
            switch character {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            default: out.append(character)
            }
        }
        return out
    }

    /// `exposition` with a `# HELP` line before each `# TYPE` line (swift-prometheus writes none):
    /// the family's help from `help`, else its name in words.
    static func withHelp(_ exposition: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(exposition.count + 2048)
        let typePrefix = Array("# TYPE ".utf8)
        var lineStart = 0
        while lineStart < exposition.count {
            let lineEnd = exposition[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? exposition.count
            if exposition[lineStart..<lineEnd].starts(with: typePrefix) {
                let rest = exposition[(lineStart + typePrefix.count)..<lineEnd]
                let name = String(decoding: rest.prefix { $0 != UInt8(ascii: " ") }, as: UTF8.self)
                let help = Self.help[name] ?? name.split(separator: "_").dropFirst().joined(separator: " ")
                out += Array("# HELP \(name) \(help)\n".utf8)
            }
            out += exposition[lineStart..<min(lineEnd + 1, exposition.count)]
            lineStart = lineEnd + 1
        }
        return out
    }
}

/// The process's own figures, read from `/proc/self` when scraped (Linux): Prometheus's standard
/// `process_*` families, as its client libraries name them.
struct ProcessMetrics {
    var cpuSeconds: Double?
    var residentBytes: Double?
    var openFileDescriptors: Double?
    var startTimeSeconds: Double?
    var maxFileDescriptors: Double?

    /// Read now; a figure the system does not give is left out.
    static func read() -> ProcessMetrics {
        var metrics = ProcessMetrics()
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        let pageSize = Double(sysconf(Int32(_SC_PAGESIZE)))
        if let stat = SystemText.read("/proc/self/stat"), let close = stat.lastIndex(of: ")") {
            // Fields after the command's closing parenthesis: state is field 3, utime 14, stime 15, starttime 22, rss 24.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            func field(_ number: Int) -> Double? { fields.count > number - 3 ? Double(fields[number - 3]) : nil }
            if let user = field(14), let system = field(15), ticks > 0 { metrics.cpuSeconds = (user + system) / ticks }
            if let rss = field(24), pageSize > 0 { metrics.residentBytes = rss * pageSize }
            if let start = field(22), ticks > 0, let boot = bootTime() { metrics.startTimeSeconds = boot + start / ticks }
        }
        if let directory = opendir("/proc/self/fd") {
            var count = 0
            while let entry = readdir(directory) {
                if UInt8(bitPattern: entry.pointee.d_name.0) != UInt8(ascii: ".") { count += 1 }
            }
            closedir(directory)
            // Less the descriptor of the directory being read.
            metrics.openFileDescriptors = Double(max(0, count - 1))
        }
        if let files = FeedServerConfiguration.openFileLimit { metrics.maxFileDescriptors = Double(files) }
        return metrics
    }

    /// The boot time, seconds since 1970 (`btime` of /proc/stat).
    static func bootTime() -> Double? {
        guard let stat = SystemText.read("/proc/stat") else { return nil }
        for line in stat.split(separator: "\n") where line.hasPrefix("btime ") { return Double(line.dropFirst(6)) }
        return nil
    }

    /// The families in Prometheus's text format, each with HELP and TYPE.
    var exposition: [UInt8] {
        var text = ""
        func family(_ name: String, _ type: String, _ help: String, _ value: Double?) {
            guard let value else { return }
            text +=
                """
                # HELP \(name) \(help)\n# TYPE \(name) \(type)\n\(name) \
                \(value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value))\n
                """
        }
        family("process_cpu_seconds_total", "counter", "Total user and system CPU time spent in seconds.", cpuSeconds)
        family("process_resident_memory_bytes", "gauge", "Resident memory size in bytes.", residentBytes)
        family("process_open_fds", "gauge", "Number of open file descriptors.", openFileDescriptors)
        family("process_max_fds", "gauge", "Maximum number of open file descriptors.", maxFileDescriptors)
        family("process_start_time_seconds", "gauge", "Start time of the process since unix epoch in seconds.", startTimeSeconds)
        return Array(text.utf8)
    }
}

/// A small file of the system (/proc) read whole as text, at most 1 MiB.
enum SystemText {
    static func read(_ path: String) -> String? { SystemFile.text(of: path, limit: 1 << 20) }
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
