import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import ServerConfiguration
import ServiceLifecycle
import TimeZoneRules
import WorldClockKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Builds the feed's application: the router with its controllers and middleware, listening where
/// `configuration` says. The catalogue's derived data and the clocks are built here, once, and the
/// tzdata in use is logged (with a warning when it is not what an operator would assume).
package func buildApplication(
    catalogue: Catalogue, tzdata: TZDataChoice = .automatic, configuration: FeedServerConfiguration
) -> some ApplicationProtocol {
    var logger = Logger(label: "worldclock.serve")
    logger.logLevel = .info
    return buildApplication(catalogue: catalogue, tzdata: tzdata, configuration: configuration, logger: logger).application
}

/// The same, logging to `logger` (tests read what an operator would see). With `reloadTZData`,
/// the server reloads its rules at SIGHUP and every `reloadInterval` (`RulesReloader`).
func buildApplication(
    catalogue: Catalogue, tzdata: TZDataChoice, configuration: FeedServerConfiguration, logger: Logger,
    reloadTZData: (@Sendable () throws -> TZDataChoice)? = nil, reloadInterval: Duration = .seconds(60)
) -> (application: some ApplicationProtocol, live: LiveFeed) {
    let database = tzdata.database
    switch tzdata.warning {
    case .noSystemTZData?:
        // No system copy at all (a FROM-scratch image): the bundled copy is the design, not a fault.
        logger.info("\(tzdata.warning!)")
    case let warning?: logger.warning("\(warning)")
    case nil: break
    }
    // One executor for costly work whatever the rules: a reload does not double the threads.
    let costly = CostlyWork()
    let metrics = configuration.metrics == .off ? nil : ServerMetrics()
    // The variants' cache within a sixteenth of the process's memory limit (a 64 MiB container).
    let memoryLimit = ResponseCache.memoryLimit()
    let cacheBudget = ResponseCache.byteBudget(memoryLimit: memoryLimit)
    if let memoryLimit {
        logger.info("memory limit \(memoryLimit >> 20) MiB: the response cache keeps at most \(cacheBudget >> 20) MiB of variants")
    }
    let makeService: @Sendable (TZDataChoice) -> FeedService = { choice in
        FeedService(
            catalogue: catalogue, clocks: ZoneClocks(zoneIDs: catalogue.zoneIDs, tzdata: choice.database), costly: costly,
            cacheBudget: cacheBudget, buildsAhead: true, logger: logger, metrics: metrics)
    }
    let live = LiveFeed(LiveFeed.Snapshot(service: makeService(tzdata), choice: tzdata), metrics: metrics)
    // Every zone's file has now been read: one that was there but unusable was answered by the
    // bundled copy, which an operator must hear about.
    for fallback in database.fallbacks { logger.warning("\(fallback)") }
    logger.info(
        """
        time-zone rules: tzdata \(database.version?.description ?? "of no stated version") (\(database.source)), rules digest \
        \(live.current.service.rulesDigest)
        """
    )
    var services: [any Service] = []
    if let reloadTZData {
        services.append(RulesReloader(live: live, choose: reloadTZData, interval: reloadInterval, logger: logger, makeService: makeService))
    }
    return (buildApplication(live: live, configuration: configuration, logger: logger, services: services), live)
}

/// The same with a given service (a fixed clock, shared zone clocks) and logger, for tests.
func buildApplication(service: FeedService, configuration: FeedServerConfiguration, logger: Logger) -> some ApplicationProtocol {
    buildApplication(live: LiveFeed(LiveFeed.Snapshot(service: service)), configuration: configuration, logger: logger)
}

/// The same with swappable rules (`LiveFeed`) and services run beside the server (the reloader).
func buildApplication(
    live: LiveFeed, configuration: FeedServerConfiguration, logger: Logger, services: [any Service] = []
) -> some ApplicationProtocol {
    let limits = ConnectionLimits(
        maxConnections: configuration.maxConnections, requestTimeout: configuration.requestTimeout, logger: logger, metrics: live.metrics)
    live.metrics?.track(limits)
    return Application(
        router: buildRouter(
            live: live, quiet: configuration.quiet, metricsHere: configuration.metrics == .feedListener, requestLog: RequestLog(logger),
            trustedProxies: configuration.trustedProxies),
        server: HTTPServerBuilder { responder in
            GuardedHTTP1Channel(responder: responder, configuration: configuration, limits: limits, readiness: live.readiness)
        },
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "worldclock"),
        services: services,
        logger: logger
    )
}

/// Serves the feed until SIGINT or SIGTERM, then drains (`DrainService`) and shuts down gracefully
/// (ServiceLifecycle): the requests in flight are answered, then it returns.
/// - Throws: `ListenError` when the server cannot start listening (the only failure that ends it:
///   once it listens, a failing connection or request is logged and answered, never thrown).
/// The rules are chosen again at SIGHUP and every minute (`TZDataChoice.chooseAgain`), and put
/// in force when they changed and their copy checks out (`RulesReloader`).
package func serve(catalogue: Catalogue, tzdata: TZDataChoice = .automatic, configuration: FeedServerConfiguration) async throws(ListenError) {
    let level = Logger.Level(rawValue: configuration.logLevel.rawValue) ?? .info
    // Lines are written in batches by the sink's thread; the last is written before this returns.
    let sink = LogSink(format: configuration.logFormat, priorityPrefix: configuration.logPriorityPrefix)
    defer { sink.flush() }
    let logger = Logger(label: "worldclock.serve") { _ in ServerLogHandler(format: configuration.logFormat, level: level, sink: sink) }
    // A SIGHUP while the rules are first read is not an exit either (the reloader traps it after).
    signal(SIGHUP, SIG_IGN)
    let (application, live) = buildApplication(
        catalogue: catalogue, tzdata: tzdata, configuration: configuration, logger: logger, reloadTZData: { try tzdata.chooseAgain() })
    live.metrics?.track(sink)
    // The drain hears of SIGTERM first (a group shuts its services down last to first) and holds
    // the server's own shutdown back for `configuration.drain`.
    var services: [ServiceGroupConfiguration.ServiceConfiguration] = [
        .init(service: application), .init(service: DrainService(readiness: live.readiness, duration: configuration.drain, logger: logger)),
    ]
    if case .address(let host, let port) = configuration.metrics, let metrics = live.metrics {
        // First in the list, so last to stop: the drain and the shutdown can be watched. A metrics
        // address that cannot be had (another server's exporter holds 9464) is an error line, not
        // the feed's end: the feed goes on without /metrics.
        let listener = MetricsListener(
            application: buildMetricsApplication(live: live, metrics: metrics, host: host, port: port, logger: logger), host: host, port: port,
            logger: logger)
        services.insert(.init(service: listener, successTerminationBehavior: .ignore, failureTerminationBehavior: .ignore), at: 0)
    }
    let group = ServiceGroup(configuration: .init(services: services, gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
    do {
        try await group.run()
    } catch {
        throw ListenError(host: configuration.host, port: configuration.port, error: error)
    }
    logger.notice(
        "stopped: every request in flight was answered (tzdata \(live.current.service.clocks.tzdata.version?.description ?? "of no stated version"))")
}

/// `/metrics` on its own address, whose failure to listen is logged as an error (the service group
/// then goes on without it).
struct MetricsListener<App: ApplicationProtocol>: Service {
    let application: App
    let host: String
    let port: Int
    let logger: Logger

    func run() async throws {
        do {
            try await application.run()
        } catch {
            logger.error("cannot serve /metrics on \(host):\(port): \(error); the feed goes on without /metrics (--metrics-address)")
            throw error
        }
    }
}

/// The server could not listen where it was told: the port is taken, the host does not resolve
/// to an address of this machine, the port needs privileges.
package struct ListenError: Error, CustomStringConvertible {
    package let host: String
    package let port: Int
    /// Another socket holds the address (EADDRINUSE).
    package let addressInUse: Bool
    /// The system's or NIO's words for it.
    package let reason: String

    init(host: String, port: Int, error: any Error) {
        self.host = host
        self.port = port
        self.addressInUse = (error as? IOError)?.errnoCode == EADDRINUSE
        self.reason = String(describing: error)
    }

    package var description: String { "cannot listen on \(host):\(port): \(reason)" }
}

/// The router: the controllers' routes, each under the feed's rules (CORS, JSON errors, canonical
/// paths) and observed (a request line unless quiet, metrics unless off) from inside its own
/// handler (`FeedRouter.feedRoute`), then `FeedMiddleware` for what no route takes (the JSON 404,
/// and 405 for a method no standard names), observed there. Hummingbird applies a middleware to
/// the routes added after it, and to the router's 404 when it builds the responder: the one
/// middleware is added last, so that it is the 404's alone.
func buildRouter(
    live: LiveFeed, quiet: Bool, metricsHere: Bool = true, requestLog: RequestLog? = nil, trustedProxies: [TrustedProxy] = []
) -> Router<FeedRequestContext> {
    let observer = RequestObserver(logs: !quiet, requestLog: requestLog, metrics: live.metrics, trustedProxies: trustedProxies)
    let router = FeedRouter(Router(context: FeedRequestContext.self), observer: observer)
    addRoutes(to: router, live: live)
    if metricsHere, let metrics = live.metrics { addMetricsRoute(to: router, live: live, metrics: metrics) }
    let unknownMethods = UnknownMethodProbe(paths: router.addMethodNotAllowedRoutes())
    router.router.add(middleware: FeedMiddleware(unknownMethods: unknownMethods, observer: observer))
    return router.router
}

/// `GET /metrics`: Prometheus's text format (`ServerMetrics`), never cached.
func addMetricsRoute(to router: FeedRouter, live: LiveFeed, metrics: ServerMetrics) {
    router.getAndHead("/metrics", cors: false) { request, _ in
        _ = try QueryString(request.uri.query, allowed: [], endpoint: "/metrics")
        let body = metrics.render(live: live)
        var response = Response(
            status: .ok, headers: [.contentType: ServerMetrics.contentType, .cacheControl: "no-store", .contentLength: String(body.readableBytes)],
            body: .init(byteBuffer: body))
        if request.method == .head { response.body = .init() }
        return response
    }
}

/// `/metrics` alone on an address of its own (`--metrics-address`, 127.0.0.1:9464 by default), so that it need not face the internet.
func buildMetricsApplication(live: LiveFeed, metrics: ServerMetrics, host: String, port: Int, logger: Logger) -> some ApplicationProtocol {
    let router = FeedRouter(Router(context: FeedRequestContext.self))
    addMetricsRoute(to: router, live: live, metrics: metrics)
    return Application(
        router: router.router, configuration: .init(address: .hostname(host, port: port), serverName: "worldclock-metrics"), logger: logger)
}

/// The router over one fixed service (tests).
func buildRouter(service: FeedService, quiet: Bool) -> Router<FeedRequestContext> {
    buildRouter(live: LiveFeed(LiveFeed.Snapshot(service: service)), quiet: quiet)
}

/// The controllers' routes over one fixed service, unobserved (tests).
func addRoutes(to router: Router<FeedRequestContext>, service: FeedService) {
    addRoutes(to: FeedRouter(router), live: LiveFeed(LiveFeed.Snapshot(service: service)))
}

/// The controllers' routes: what the OpenAPI document lists (the router also answers 405 on their
/// paths). Each request reads the snapshot in force once, at its start (`LiveFeed.current`).
func addRoutes(to router: FeedRouter, live: LiveFeed) {
    SectionsController.addRoutes(to: router) { live.current.sections }
    SearchController.addRoutes(to: router) { live.current.search }
    ZonesController.addRoutes(to: router) { live.current.zones }
    MetaController.addRoutes(to: router) { live.current.meta }
    ChangesController.addRoutes(to: router) { ChangesController(service: live.current.service) }
    // Readiness, for a load balancer: 200 while serving, 503 from SIGTERM on (the drain).
    router.getAndHead("/readyz") { request, _ in
        _ = try QueryString(request.uri.query, allowed: [], endpoint: "/readyz")
        if live.readiness.isDraining { throw APIError.shuttingDown }
        return live.current.service.health.response(to: request)
    }
    let web = WebController()
    for name in web.site.undecodableFiles {
        live.current.service.logger.error("the web file \(name) is not base64: not served (run Scripts/dev/draw-web-icons)")
    }
    web.addRoutes(to: router)
}

extension TZDataChoice {
    /// The choice made again the way this one was made, for a reload: the same `--tzdata`
    /// directory, the bundled copy when that was named, else `TZDIR` and the system's directories
    /// as they are now (a system copy may have been updated, or become older than the bundled one).
    func chooseAgain() throws(TZDataError) -> TZDataChoice {
        if case .option(let directory) = database.source { return try TZDataChoice.choose(option: directory) }
        if candidates.map(\.source) == [.bundled] { return self }
        return try TZDataChoice.choose(option: nil)
    }
}
