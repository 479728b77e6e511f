import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import ServerConfiguration
import TimeZoneRules
import WorldClockKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
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
public func buildApplication(
    catalogue: Catalogue, tzdata: TZDataChoice = .automatic, configuration: FeedServerConfiguration
) -> some ApplicationProtocol {
    var logger = Logger(label: "worldclock.serve")
    logger.logLevel = .info
    return buildApplication(catalogue: catalogue, tzdata: tzdata, configuration: configuration, logger: logger)
}

/// The same, logging to `logger` (tests read what an operator would see).
func buildApplication(catalogue: Catalogue, tzdata: TZDataChoice, configuration: FeedServerConfiguration, logger: Logger) -> some ApplicationProtocol
{
    let database = tzdata.database
    logger.info("time-zone rules: tzdata \(database.version?.description ?? "of no stated version") (\(database.source))")
    if let warning = tzdata.warning { logger.warning("\(warning)") }
    let clocks = ZoneClocks(zoneIDs: catalogue.zoneIDs, tzdata: database)
    // Every zone's file has now been read: one that was there but unusable was answered by the
    // bundled copy, which an operator must hear about.
    for fallback in database.fallbacks { logger.warning("\(fallback)") }
    return buildApplication(
        service: FeedService(catalogue: catalogue, clocks: clocks, buildsAhead: true, logger: logger), configuration: configuration,
        logger: logger)
}

/// The same with a given service (a fixed clock, shared zone clocks) and logger, for tests.
func buildApplication(service: FeedService, configuration: FeedServerConfiguration, logger: Logger) -> some ApplicationProtocol {
    let limits = ConnectionLimits(maxConnections: configuration.maxConnections, requestTimeout: configuration.requestTimeout, logger: logger)
    return Application(
        router: buildRouter(service: service, quiet: configuration.quiet),
        server: HTTPServerBuilder { responder in GuardedHTTP1Channel(responder: responder, configuration: configuration, limits: limits) },
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "worldclock"),
        logger: logger
    )
}

/// Serves the feed until SIGINT or SIGTERM, then shuts down gracefully (ServiceLifecycle).
/// - Throws: `ListenError` when the server cannot start listening (the only failure that ends it:
///   once it listens, a failing connection or request is logged and answered, never thrown).
public func serve(catalogue: Catalogue, tzdata: TZDataChoice = .automatic, configuration: FeedServerConfiguration) async throws(ListenError) {
    do {
        try await buildApplication(catalogue: catalogue, tzdata: tzdata, configuration: configuration).runService()
    } catch {
        throw ListenError(host: configuration.host, port: configuration.port, error: error)
    }
}

/// The server could not listen where it was told: the port is taken, the host does not resolve
/// to an address of this machine, the port needs privileges.
public struct ListenError: Error, CustomStringConvertible {
    public let host: String
    public let port: Int
    /// Another socket holds the address (EADDRINUSE).
    public let addressInUse: Bool
    /// The system's or NIO's words for it.
    public let reason: String

    init(host: String, port: Int, error: any Error) {
        self.host = host
        self.port = port
        self.addressInUse = (error as? IOError)?.errnoCode == EADDRINUSE
        self.reason = String(describing: error)
    }

    public var description: String { "cannot listen on \(host):\(port): \(reason)" }
}

/// The router: request log (unless quiet), then the controllers' routes, each under the feed's
/// rules (CORS, JSON errors, canonical paths: `Router.feedRoute`), then `FeedMiddleware` for what
/// no route takes (the JSON 404, and 405 for a method no standard names). Hummingbird applies a
/// middleware to the routes added after it, and to the router's 404 when it builds the responder.
func buildRouter(service: FeedService, quiet: Bool) -> Router<FeedRequestContext> {
    let router = Router(context: FeedRequestContext.self)
    if !quiet { router.add(middleware: RequestLogMiddleware()) }
    addRoutes(to: router, service: service)
    let unknownMethods = UnknownMethodProbe(paths: router.addMethodNotAllowedRoutes())
    router.add(middleware: FeedMiddleware(unknownMethods: unknownMethods))
    return router
}

/// The controllers' routes: what the OpenAPI document lists (the router also answers 405 on their paths).
func addRoutes(to router: Router<FeedRequestContext>, service: FeedService) {
    SectionsController(service: service).addRoutes(to: router)
    SearchController(service: service).addRoutes(to: router)
    ZonesController(service: service).addRoutes(to: router)
    MetaController(service: service).addRoutes(to: router)
    let web = WebController()
    for name in web.site.undecodableFiles { service.logger.error("the web file \(name) is not base64: not served (run Scripts/draw-web-icons)") }
    web.addRoutes(to: router)
}
