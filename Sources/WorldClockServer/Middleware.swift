import Hummingbird
import Logging

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
        let millis = "\(micros / 1000).\(String(repeating: "0", count: 3 - String(micros % 1000).count))\(micros % 1000)"
        logger.info("\(request.method.rawValue) \(request.uri.string) \(status) \(millis) ms")
    }
}

/// Turns every failure into the feed's JSON error: an `APIError` as it is, the router's 404 into
/// 404 or, when the path exists for other methods, 405 with `Allow` (and OPTIONS without CORS into
/// 204 with `Allow`); anything else into a logged 500. Also exposes the validators to CORS readers.
struct FeedErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    let routes: RouteTable

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as APIError {
            response = error.response(isHead: request.method == .head)
        } catch let error as HTTPError where error.status == .notFound {
            response = notFound(request)
        } catch let error as any HTTPResponseError where error.status.code < 500 {
            let status = error.status
            response = APIError(status: status, code: "http_\(status.code)", message: "\(status.code) \(status.reasonPhrase)")
                .response(isHead: request.method == .head)
        } catch {
            context.logger.error("\(request.method.rawValue) \(request.uri.string) failed: \(String(reflecting: error))")
            response = APIError.internalError.response(isHead: request.method == .head)
        }
        if request.headers.contains(.origin) {
            // CORSMiddleware sends Access-Control-Expose-Headers on preflights only; a simple GET
            // needs it on the response itself for a page to read ETag.
            response.headers[.accessControlExposeHeaders] = Self.exposedHeaders
        }
        return response
    }

    static var exposedHeaders: String { "ETag, Content-Location" }

    private func notFound(_ request: Request) -> Response {
        let path = request.uri.path
        guard let methods = routes.methods(forPath: path) else {
            return APIError.notFound(path: path).response(isHead: request.method == .head)
        }
        let allowed = methods + [.options]
        if request.method == .options {
            return Response(status: .noContent, headers: [.allow: allowed.map(\.rawValue).joined(separator: ", ")])
        }
        return APIError.methodNotAllowed(request.method, path: path, allowed: allowed).response(isHead: request.method == .head)
    }
}

/// A path with an empty segment or a trailing slash (`/v1/zones//Asia/Seoul`, `/v1/zones/Asia/Seoul/`)
/// is a 404 naming the canonical path: the router would quietly answer for it, and a cache would
/// keep two copies of one resource under names that do not say which zone they mean.
struct CanonicalPathMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let path = request.uri.path
        guard path.contains("//") || (path.count > 1 && path.hasSuffix("/")) else { return try await next(request, context) }
        let canonical = "/" + path.split(separator: "/").joined(separator: "/")
        throw APIError(status: .notFound, code: "not_found",
                       message: "no route \(QueryString.printable(path)): paths have no empty segment or trailing slash; did you mean \(QueryString.printable(canonical))?")
    }
}

/// The router's paths and methods, for telling 405 from 404.
struct RouteTable: Sendable {
    struct Route: Sendable {
        let components: [String]
        let methods: [HTTPRequest.Method]
    }
    let routes: [Route]

    init(_ descriptions: [(path: String, method: HTTPRequest.Method)]) {
        var order: [String] = []
        var methods: [String: [HTTPRequest.Method]] = [:]
        for (path, method) in descriptions {
            if methods[path] == nil { order.append(path) }
            methods[path, default: []].append(method)
        }
        let rank: [HTTPRequest.Method: Int] = [.get: 0, .head: 1, .post: 2, .put: 3, .patch: 4, .delete: 5]
        routes = order.map { path in
            Route(components: path.split(separator: "/").map(String.init),
                  methods: methods[path]!.sorted { rank[$0, default: 9] < rank[$1, default: 9] })
        }
    }

    /// The methods of the route matching `path`, or nil when no route does.
    func methods(forPath path: String) -> [HTTPRequest.Method]? {
        let given = path.split(separator: "/")
        return routes.first { Self.matches($0.components, given[...]) }?.methods
    }

    private static func matches(_ pattern: [String], _ path: ArraySlice<Substring>) -> Bool {
        guard let head = pattern.first else { return path.isEmpty }
        if head == "**" { return !path.isEmpty }
        guard let first = path.first else { return false }
        guard head == "*" || head.hasPrefix(":") || head == first else { return false }
        return matches(Array(pattern.dropFirst()), path.dropFirst())
    }
}
