import Hummingbird
import Logging
import WorldClockKit

/// One log line per request: method, path and query as received, status, duration.
struct RequestLogMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        do {
            let response = try await next(request, context)
            log(request, status: response.status.code, since: start, logger: context.logger)
            return response
        } catch {
            log(request, status: (error as? any HTTPResponseError)?.status.code ?? 500, since: start, logger: context.logger)
            throw error
        }
    }

    private func log(_ request: Request, status: Int, since start: ContinuousClock.Instant, logger: Logger) {
        let duration = ContinuousClock.now - start
        let micros = duration.components.seconds * 1_000_000 + duration.components.attoseconds / 1_000_000_000_000
        let millis = "\(micros / 1000).\(zeroPadded(Int(micros % 1000), width: 3))"
        logger.info("\(request.method.rawValue) \(request.uri.string) \(status) \(millis) ms")
    }
}

/// The feed's one middleware, one layer per request rather than three (CORS, errors, canonical
/// paths each cost an async frame and a closure on every request):
///
/// - CORS, Hummingbird's `CORSMiddleware` rules for any origin: a request with `Origin` and
///   OPTIONS is a preflight, answered 204 here whatever its path; any other request with `Origin`
///   gets `Access-Control-Allow-Origin: *` and `Access-Control-Expose-Headers`, errors included,
///   so that a page can read ETag (a preflight's expose list does not reach a simple GET).
/// - Every failure becomes the feed's JSON error: an `APIError` as it is (405s come from the
///   router, see `addMethodNotAllowedRoutes`), the router's 404 the JSON 404; anything else a
///   logged 500.
/// - A path with an empty segment or a trailing slash (`/v1/zones//Asia/Seoul`,
///   `/v1/zones/Asia/Seoul/`) is a 404 naming the canonical path: the router would quietly answer
///   for it, and a cache would keep two copies of one resource under names that do not say which
///   zone they mean.
struct FeedMiddleware: RouterMiddleware {
    typealias Context = FeedRequestContext

    static var allowMethods: String { "GET, HEAD, OPTIONS" }
    static var allowHeaders: String { "Accept, If-None-Match, If-Modified-Since, Cache-Control" }
    static var exposedHeaders: String { "ETag, Content-Location" }
    static var preflightMaxAge: String { "86400" }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let crossOrigin = request.headers.contains(.origin)
        if crossOrigin, request.method == .options {
            return Response(
                status: .noContent,
                headers: [
                    .accessControlAllowHeaders: Self.allowHeaders, .accessControlAllowMethods: Self.allowMethods,
                    .accessControlAllowOrigin: "*", .accessControlMaxAge: Self.preflightMaxAge,
                    .accessControlExposeHeaders: Self.exposedHeaders,
                ])
        }
        var response: Response
        do {
            try Self.requireCanonical(request.uri.path)
            response = try await next(request, context)
        } catch let error as APIError {
            response = error.response(isHead: request.method == .head)
        } catch let error as HTTPError where error.status == .notFound {
            response = APIError.notFound(path: request.uri.path).response(isHead: request.method == .head)
        } catch let error as any HTTPResponseError where error.status.code < 500 {
            response = APIError.http(error.status).response(isHead: request.method == .head)
        } catch {
            context.logger.error("\(request.method.rawValue) \(request.uri.string) failed: \(String(reflecting: error))")
            response = APIError.internalError.response(isHead: request.method == .head)
        }
        if crossOrigin {
            response.headers[.accessControlExposeHeaders] = Self.exposedHeaders
            response.headers[.accessControlAllowOrigin] = "*"
        }
        return response
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
            status: .notFound, code: .notFound,
            message:
                "no route \(QueryString.printable(path)): paths have no empty segment or trailing slash; did you mean \(QueryString.printable(canonical))?"
        )
    }
}

/// The router, with a request whose method it does not know (QUERY, FOO) routed as TRACE, which
/// no route serves: on a known path it gets the 405 with `Allow` (naming its own method), on an
/// unknown one the 404, as a standard method the path lacks does. Hummingbird's router finds the
/// route before any middleware runs, so this wraps the router rather than being one.
struct UnknownMethodRouting<Builder: HTTPResponderBuilder>: HTTPResponderBuilder where Builder.Responder.Context: RequestContext {
    let router: Builder

    func buildResponder() -> Responder { Responder(router: router.buildResponder()) }

    struct Responder: HTTPResponder {
        let router: Builder.Responder

        func respond(to request: Request, context: Builder.Responder.Context) async throws -> Response {
            guard !Router<Builder.Responder.Context>.standardMethods.contains(request.method) else {
                return try await router.respond(to: request, context: context)
            }
            var head = request.head
            head.method = .trace
            let response = try await router.respond(to: Request(head: head, body: request.body), context: context)
            guard response.status == .methodNotAllowed else { return response }
            let allowed = (response.headers[.allow] ?? "").split(separator: ", ").compactMap { HTTPRequest.Method(String($0)) }
            return APIError.methodNotAllowed(request.method, path: request.uri.path, allowed: allowed).response(isHead: false)
        }
    }
}
