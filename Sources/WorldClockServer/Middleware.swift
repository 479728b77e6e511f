import Hummingbird
import Logging
import MeetingPlanning
import NIOCore
import ServerConfiguration
internal import WireCore
import WorldClockKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// What each request leaves behind: one log line (method, path and query as received, status,
/// duration; with the request id, the body's bytes and the client's address as fields, which
/// `ServerLogHandler` writes as `key=value` or JSON keys) and its count, bytes and duration by
/// route and status (`/metrics`). Every response is observed: each route's from inside its handler
/// (`FeedRouter.feedRoute`, the route's metrics found when it is added), what no route takes from
/// `FeedMiddleware` (the 404s, and 405s for a method no standard names). With the server's own log
/// (`requestLog`) the line is laid out from the fields as bytes, without a metadata dictionary;
/// with any other logger (tests) it goes through the request's `Logger`.
///
/// Why not Hummingbird's `LogRequestsMiddleware` and `MetricsMiddleware` (issue 53, measured side by
/// side: docs/server.md, "Why our own"): each is an async layer around every route, and costs as
/// much or more (`/healthz` under callgrind: the log 185k instructions a request against our 184k,
/// for a line that says less; metrics 196k against 177k). The log middleware writes `Request` with
/// the method and path when a request arrives: no status, duration, bytes, client or user agent.
/// The metrics middleware records through the process's one `MetricsSystem` (no registry per
/// server), under `hb_requests` and `http_server_request_duration`: no bytes, no `unmatched`, not
/// the documented names.
struct RequestObserver: Sendable {
    /// Whether a line is logged per request (off with `--quiet`).
    let logs: Bool
    /// The server's log, written to directly; nil to log through the request's logger.
    let requestLog: RequestLog?
    /// Where requests are counted by route and status (`/metrics`); nil when off.
    let metrics: ServerMetrics?
    /// The proxies whose `Forwarded` and `X-Forwarded-For` name the client on the log line.
    let trustedProxies: [TrustedProxy]

    /// An observer that logs (unless `logs` is false) and counts (when `metrics` is given); nil
    /// when it would do neither.
    init?(logs: Bool, requestLog: RequestLog?, metrics: ServerMetrics?, trustedProxies: [TrustedProxy] = []) {
        guard logs || metrics != nil else { return nil }
        self.logs = logs
        self.trustedProxies = trustedProxies
        self.requestLog = logs ? requestLog : nil
        self.metrics = metrics
    }

    /// The observation of requests to `route` (a path pattern, as Hummingbird names it).
    func route(_ route: String) -> RouteObservation {
        RouteObservation(observer: self, route: route, metrics: metrics?.route(route))
    }

    /// Now, in nanoseconds of the monotonic clock: one `clock_gettime` (`ContinuousClock.now`
    /// went through two protocol witnesses and a `Duration`).
    @inline(__always)
    static func now() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    }

    /// `request`'s line and metrics: answered `status` with `bytes` in its body, `since` its
    /// start (`now()`), counted under `metrics` (its route's).
    fileprivate func observe(
        _ request: Request, status: Int, bytes: Int?, requestID: String?, since start: Int64, context: FeedRequestContext, route: String,
        metrics: RouteMetrics?
    ) {
        let nanoseconds = Self.now() - start
        if let metrics {
            metrics.request(status: status, bytes: bytes, nanoseconds: nanoseconds)
            // The router's one 503 besides the drain's is CostlyWork's `busy`.
            if status == 503 {
                self.metrics?.refusal(route == "/readyz" ? Refusal.shuttingDown.code : Refusal.busy.code)
            }
        }
        guard logs else { return }
        let micros = nanoseconds / 1000
        let peer = context.channel.remoteAddress
        let forwarded = RequestIdentity.forwardedClient(request, peer: peer, trusted: trustedProxies)
        let requestID = requestID ?? RequestIdentity.id(for: request, logger: context.logger)
        let userAgent = request.headers[.userAgent]
        if let requestLog {
            requestLog.write(
                method: request.method.rawValue, target: request.uri.string, status: status, micros: micros, bytes: bytes, client: peer,
                forwardedFor: forwarded, requestID: requestID, userAgent: userAgent)
            return
        }
        let millis = "\(micros / 1000).\(zeroPadded(Int(micros % 1000), width: 3))"
        var metadata: Logger.Metadata = [
            "method": .string(request.method.rawValue), "path": .string(request.uri.string), "status": .stringConvertible(status),
            "duration_ms": .stringConvertible(Double(micros) / 1000),
            "client": .string(forwarded ?? peer.map(Self.address) ?? "-"),
            "request_id": .string(requestID),
            "user_agent": .string(userAgent.map { String($0.utf8.prefix(RequestLog.userAgentLimit)) ?? "" } ?? "-"),
        ]
        if forwarded != nil { metadata["peer"] = .string(peer.map(Self.address) ?? "-") }
        if let bytes { metadata["bytes"] = .stringConvertible(bytes) }
        context.logger.info("\(request.method.rawValue) \(request.uri.string) \(status) \(millis) ms", metadata: metadata)
    }

    /// "127.0.0.1:52344", "[::1]:52344".
    static func address(_ address: SocketAddress) -> String {
        guard let ip = address.ipAddress else { return address.description }
        let port = address.port.map { ":\($0)" } ?? ""
        return (address.protocol == .inet6 ? "[\(ip)]" : ip) + port
    }
}

/// The observation of one route's requests (`RequestObserver.route(_:)`): the observer, and the
/// route's metrics found once.
struct RouteObservation: Sendable {
    let observer: RequestObserver
    /// The route's label (`unmatched` for what no route takes).
    let route: String
    /// The route's metrics; nil when metrics are off.
    let metrics: RouteMetrics?

    /// `request`'s line and metrics, answered with `response`, `since` its start (`RequestObserver.now()`).
    @inline(__always)
    func observe(_ request: Request, response: Response, since start: Int64, context: FeedRequestContext) {
        observer.observe(
            request, status: response.status.code, bytes: response.body.contentLength, requestID: response.headers[RequestIdentity.header],
            since: start, context: context, route: route, metrics: metrics)
    }
}

/// The feed's rules around every response, one layer per request:
///
/// - CORS, Hummingbird's `CORSMiddleware` rules for any origin: a request with `Origin` and
///   OPTIONS is a preflight, answered 204 here whatever its path; every other response, with
///   `Origin` or not, errors included, gets `Access-Control-Allow-Origin: *` and
///   `Access-Control-Expose-Headers`, so that a page can read ETag (a preflight's expose list does
///   not reach a simple GET) and a cache keeps one response good for browsers and the rest alike.
///   Not `CORSMiddleware` itself (issue 53, docs/server.md "Why our own"): it adds nothing without
///   `Origin`, exposes headers on preflights only, answers preflights without a request id, a log
///   line or a count, and wraps `/metrics` too (it is about 3 % cheaper on a request without
///   `Origin` only because it adds nothing to it).
/// - Every failure becomes the feed's JSON error: an `APIError` as it is (405s come from the
///   router, see `addMethodNotAllowedRoutes`), the router's 404 the JSON 404; anything else a
///   logged 500.
/// - A path with an empty segment or a trailing slash (`/v1/zones//Asia/Seoul`,
///   `/v1/zones/Asia/Seoul/`) is a 404 naming the canonical path: the router would quietly answer
///   for it, and a cache would keep two copies of one resource under names that do not say which
///   zone they mean.
/// - A method no standard names (QUERY, FOO) finds no route, so it reaches here as the router's
///   404: on a path the router has it becomes the 405 naming the path's methods
///   (`UnknownMethodProbe`), and only then pays for the look-up.
///
/// The rules run inside each route's own handler (`FeedRouter.feedRoute`), and as a middleware only
/// for the requests no route takes (the router's 404): a middleware around every route is an
/// async layer and two existential calls on every request, about 1.5k instructions.
struct FeedMiddleware: RouterMiddleware {
    typealias Context = FeedRequestContext

    /// The paths' allowed methods, for a request whose method no standard names.
    let unknownMethods: UnknownMethodProbe
    /// What observes the requests no route takes; nil when nothing does.
    let observer: RequestObserver?

    static var allowMethods: String { "GET, HEAD, OPTIONS" }
    static var allowHeaders: String { "Accept, If-None-Match, If-Modified-Since, Cache-Control" }
    static var exposedHeaders: String { "ETag, Content-Location, X-Request-Id" }
    static var preflightMaxAge: String { "86400" }

    /// The router's 404 (no route for the path, or none for the method) as the feed's JSON 404 or 405.
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = observer == nil ? 0 : RequestObserver.now()
        let response = await Self.respond(to: request, context: context) { request, context in
            do {
                return try await next(request, context)
            } catch let error as HTTPError where error.status == .notFound {
                if let allowed = await unknownMethods.allowed(on: request, context: context) {
                    throw APIError.methodNotAllowed(request.method, path: request.uri.path, allowed: allowed)
                }
                throw APIError.notFound(path: request.uri.path)
            }
        }
        if let observer {
            // Hummingbird names the router's 404 responder's path "NotFound"; a method no standard
            // names on a known path has the path's name from `UnknownMethodProbe`'s router.
            let route = context.endpointPath.flatMap { $0 == "NotFound" ? nil : $0 } ?? "unmatched"
            observer.route(route).observe(request, response: response, since: start, context: context)
        }
        return response
    }

    /// `handler`'s response to `request` under the feed's rules (see the type's description).
    @inline(__always)
    static func respond<RouteContext: RequestContext>(
        to request: Request, context: RouteContext, cors: Bool = true, _ handler: (Request, RouteContext) async throws -> Response
    ) async -> Response {
        let requestID = RequestIdentity.id(for: request, logger: context.logger)
        let crossOrigin = request.headers.contains(.origin)
        if cors, crossOrigin, request.method == .options {
            return Response(
                status: .noContent,
                headers: [
                    .accessControlAllowHeaders: allowHeaders, .accessControlAllowMethods: allowMethods,
                    .accessControlAllowOrigin: "*", .accessControlMaxAge: preflightMaxAge,
                    .accessControlExposeHeaders: exposedHeaders, RequestIdentity.header: requestID,
                ])
        }
        var response: Response
        do {
            try requireCanonical(request)
            response = try await handler(request, context)
        } catch {
            response = errorResponse(error, to: request, logger: context.logger)
        }
        response.headers[RequestIdentity.header] = requestID
        // `/metrics` is for the operator's scraper, not for any page's script: no CORS at all.
        guard cors else { return response }
        // On every response, with `Origin` or not: the same bytes for every client, so a cache
        // that kept a response to a request without `Origin` does not serve browsers one they block.
        response.headers[.accessControlExposeHeaders] = exposedHeaders
        response.headers[.accessControlAllowOrigin] = "*"
        return response
    }

    /// The JSON error for `error`: an `APIError` as it is, Hummingbird's errors under 500 with
    /// their status, anything else a logged 500.
    static func errorResponse(_ error: any Error, to request: Request, logger: Logger) -> Response {
        let isHead = request.method == .head
        switch error {
        case let error as APIError:
            return error.response(isHead: isHead)
        case let error as HTTPError where error.status == .notFound:
            return APIError.notFound(path: request.uri.path).response(isHead: isHead)
        case let error as any HTTPResponseError where error.status.code < 500:
            return APIError.http(error.status).response(isHead: isHead)
        default:
            logger.error("\(request.method.rawValue) \(request.uri.string) failed: \(String(reflecting: error))")
            return APIError.internalError.response(isHead: isHead)
        }
    }

    /// `requireCanonical(_:)` of the request's path, read from the request's head as it came when
    /// it is a path (what `URI` does: the bytes up to "?"), without building the path's string:
    /// over the bytes' storage, where a loop over `String.UTF8View` cost about 40 instructions a
    /// byte. Anything it does not pass goes to the full check.
    static func requireCanonical(_ request: Request) throws(APIError) {
        guard let target = request.head.path, target.utf8.withContiguousStorageIfAvailable(isCanonicalPath) == true else {
            return try requireCanonical(request.uri.path)
        }
    }

    /// Whether `target` is a path ("/" first) whose part before "?" has no empty segment and no
    /// trailing slash.
    static func isCanonicalPath(_ target: UnsafeBufferPointer<UInt8>) -> Bool {
        let slash = UInt8(ascii: "/")
        guard target.first == slash else { return false }
        var previous: UInt8 = 0
        var count = 0
        for byte in target {
            if byte == UInt8(ascii: "?") { break }
            if byte == slash, previous == slash { return false }
            previous = byte
            count += 1
        }
        return count == 1 || previous != slash
    }

    /// Throws the 404 naming the canonical path for a path with an empty segment or a trailing
    /// slash. Looks at bytes in one pass: `String.contains("//")` went through Foundation, and a
    /// zip of the bytes with themselves cost as much again.
    static func requireCanonical(_ path: String) throws(APIError) {
        let slash = UInt8(ascii: "/")
        var previous: UInt8 = 0
        var emptySegment = false
        for byte in path.utf8 {
            if byte == slash, previous == slash { emptySegment = true }
            previous = byte
        }
        guard emptySegment || (path.utf8.count > 1 && previous == slash) else { return }
        let canonical = "/" + path.split(separator: "/").joined(separator: "/")
        throw APIError(
            .notFound,
            message:
                """
                no route \(QueryString.printable(path)): paths have no empty segment or trailing slash; did you mean \
                \(QueryString.printable(canonical))?
                """
        )
    }
}

/// A request whose method the router does not know (QUERY, FOO) finds no route: the router
/// answers it as a path it does not have, and `FeedMiddleware` asks this probe whether the path
/// is one the router has. On a known path it gets the 405 with `Allow` (naming its own method), on
/// an unknown one the 404, as a standard method the path lacks does. A router of its own (TRACE,
/// which no route serves, on every path, answering with the path's `Allow`), so that the common
/// request pays nothing for it.
struct UnknownMethodProbe: Sendable {
    private let router: RouterResponder<FeedRequestContext>

    /// Takes the paths and their allowed methods (`FeedRouter.addMethodNotAllowedRoutes`).
    init(paths: [(path: RouterPath, allowed: [HTTPRequest.Method])]) {
        let probe = Router(context: FeedRequestContext.self)
        for (path, allowed) in paths {
            probe.on(path, method: .trace) { _, _ in
                Response(status: .methodNotAllowed, headers: [.allow: allowed.map(\.rawValue).joined(separator: ", ")])
            }
        }
        router = probe.buildResponder()
    }

    /// The methods `request`'s path allows when its method is not standard and the path is known;
    /// nil otherwise.
    func allowed(on request: Request, context: FeedRequestContext) async -> [HTTPRequest.Method]? {
        guard !FeedRouter.standardMethods.contains(request.method) else { return nil }
        var head = request.head
        head.method = .trace
        guard let response = try? await router.respond(to: Request(head: head, body: request.body), context: context),
            response.status == .methodNotAllowed
        else { return nil }
        return (response.headers[.allow] ?? "").split(separator: ", ").compactMap { HTTPRequest.Method(String($0)) }
    }
}
