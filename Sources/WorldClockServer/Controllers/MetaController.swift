import Hummingbird

/// `GET /v1/meta`, `GET /healthz`, `GET /openapi.yaml`, `GET /v1/posix.json`, `GET /v1/posix.h`:
/// bodies built once per set of rules.
struct MetaController: Sendable {
    let service: FeedService

    /// Adds the routes, answered by the controller `current` gives at each request's start.
    static func addRoutes(to router: FeedRouter, current: @escaping @Sendable () -> Self) {
        let bodies: [(path: String, body: @Sendable (FeedService) -> Representation)] = [
            ("/v1/meta", \.meta), ("/healthz", \.health), ("/v1/posix.json", \.posixJSON), ("/v1/posix.h", \.posixHeader),
            ("/openapi.yaml", \.openAPI),
        ]
        for (path, body) in bodies {
            router.getAndHead(RouterPath(path)) { request, _ in
                _ = try QueryString(request.uri.query, allowed: [], endpoint: path)
                return body(current().service).response(to: request)
            }
        }
    }
}
