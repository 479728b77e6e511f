import Hummingbird

extension Router {
    /// Adds `handler` for GET and HEAD on `path` (a `Representation` leaves out the body for HEAD).
    @discardableResult
    func getAndHead(_ path: RouterPath, use handler: @escaping @Sendable (Request, Context) async throws -> Response) -> Self {
        feedRoute(path, method: .get, use: handler)
        feedRoute(path, method: .head, use: handler)
        return self
    }

    /// Adds `handler` for `method` on `path`, under the feed's rules (CORS, JSON errors,
    /// canonical paths: `FeedMiddleware.respond`). Every route of the feed is added this way.
    @discardableResult
    func feedRoute(
        _ path: RouterPath, method: HTTPRequest.Method, use handler: @escaping @Sendable (Request, Context) async throws -> Response
    ) -> Self {
        on(path, method: method) { request, context in await FeedMiddleware.respond(to: request, context: context, handler) }
    }
}

extension Router {
    /// The methods a 405 can name: RFC 9110's, and PATCH. Read for each request the router does
    /// not find (`UnknownMethodProbe`): one array made once, not one per request (a generic type
    /// cannot store it, so it lives at file scope).
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
        for route in routes {
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
                feedRoute(path, method: method) { request, _ in
                    if request.method == .options { return Response(status: .noContent, headers: [.allow: allow]) }
                    throw APIError.methodNotAllowed(request.method, path: request.uri.path, allowed: allowed)
                }
            }
        }
        return allowedByPath
    }
}

/// `Router.standardMethods`.
private let standardHTTPMethods: [HTTPRequest.Method] = [.get, .head, .post, .put, .delete, .connect, .options, .trace, .patch]
