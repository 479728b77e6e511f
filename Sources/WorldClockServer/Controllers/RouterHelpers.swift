import Hummingbird

/// The feed's router as its controllers add routes to it: every route under the feed's rules
/// (`FeedMiddleware.respond`) and, when the server logs or counts requests, observed from inside
/// its own handler (`RequestObserver`), with the route's metrics found once, here, when the route
/// is added. No middleware wraps the routes: a middleware around every route is an async layer and
/// two existential calls on every request.
struct FeedRouter {
    /// The router the routes go to.
    let router: Router<FeedRequestContext>
    /// What observes each request; nil when nothing does (`--quiet` with metrics off).
    let observer: RequestObserver?

    /// Routes added to `router`, each observed by `observer`.
    init(_ router: Router<FeedRequestContext>, observer: RequestObserver? = nil) {
        self.router = router
        self.observer = observer
    }

    /// Adds `handler` for GET and HEAD on `path` (a `Representation` leaves out the body for HEAD).
    func getAndHead(
        _ path: RouterPath, cors: Bool = true, use handler: @escaping @Sendable (Request, FeedRequestContext) async throws -> Response
    ) {
        feedRoute(path, method: .get, cors: cors, use: handler)
        feedRoute(path, method: .head, cors: cors, use: handler)
    }

    /// The paths answered without CORS (`/metrics`): their other methods and preflights too.
    static let withoutCORS: Set<String> = ["/metrics"]

    /// Adds `handler` for `method` on `path`, under the feed's rules (CORS, JSON errors,
    /// canonical paths: `FeedMiddleware.respond`). Every route of the feed is added this way.
    func feedRoute(
        _ path: RouterPath, method: HTTPRequest.Method, cors: Bool = true,
        use handler: @escaping @Sendable (Request, FeedRequestContext) async throws -> Response
    ) {
        // Hummingbird names a route by its path pattern (`endpointPath`): so do the metrics.
        guard let observation = observer?.route(path.description) else {
            router.on(path, method: method) { request, context in await FeedMiddleware.respond(to: request, context: context, cors: cors, handler) }
            return
        }
        router.on(path, method: method) { request, context in
            let start = RequestObserver.now()
            let response = await FeedMiddleware.respond(to: request, context: context, cors: cors, handler)
            observation.observe(request, response: response, since: start, context: context)
            return response
        }
    }
}

extension FeedRouter {
    /// The methods a 405 can name: RFC 9110's, and PATCH. Read for each request the router does
    /// not find (`UnknownMethodProbe`): one array made once, not one per request.
    static var standardMethods: [HTTPRequest.Method] { standardHTTPMethods }

    /// Answers, on every path the router has, each standard method the path lacks: OPTIONS with
    /// 204 and `Allow`, the others with the JSON 405 and `Allow`. Call it after every route is
    /// added; Hummingbird's own matching then tells a known path with a wrong method (405) from an
    /// unknown path (404), and CORS preflights still meet the feed's rules first.
    ///
    /// Returns each path with the methods it allows (for `UnknownMethodProbe`).
    @discardableResult
    func addMethodNotAllowedRoutes() -> [(path: RouterPath, allowed: [HTTPRequest.Method])] {
        var paths: [(path: RouterPath, methods: [HTTPRequest.Method])] = []
        for route in router.routes {
            if let index = paths.firstIndex(where: { $0.path.description == route.path.description }) {
                paths[index].methods.append(route.method)
            } else {
                paths.append((route.path, [route.method]))
            }
        }
        let standard = Self.standardMethods
        var allowedByPath: [(path: RouterPath, allowed: [HTTPRequest.Method])] = []
        for (path, methods) in paths {
            let allowed = standard.filter { methods.contains($0) } + (methods.contains(.options) ? [] : [.options])
            let allow = allowed.map(\.rawValue).joined(separator: ", ")
            allowedByPath.append((path, allowed))
            for method in standard where !methods.contains(method) {
                feedRoute(path, method: method, cors: !Self.withoutCORS.contains(path.description)) { request, _ in
                    if request.method == .options { return Response(status: .noContent, headers: [.allow: allow]) }
                    throw APIError.methodNotAllowed(request.method, path: request.uri.path, allowed: allowed)
                }
            }
        }
        return allowedByPath
    }
}

/// `FeedRouter.standardMethods`.
private let standardHTTPMethods: [HTTPRequest.Method] = [.get, .head, .post, .put, .delete, .connect, .options, .trace, .patch]
