import Hummingbird

/// `GET /v1/meta`, `GET /healthz`, `GET /openapi.yaml`, `GET /v1/posix.json`, `GET /v1/posix.h`:
/// bodies built once per set of rules.
struct MetaController: Sendable {
    let service: FeedService

    /// Adds the routes, answered by the controller `current` gives at each request's start.
    static func addRoutes(to router: FeedRouter, current: @escaping @Sendable () -> Self) {
        router.getAndHead("/v1/meta") { request, _ in
            _ = try QueryString(request.uri.query, allowed: [], endpoint: "/v1/meta")
            return current().service.meta.response(to: request)
        }
        router.getAndHead("/healthz") { request, _ in
            _ = try QueryString(request.uri.query, allowed: [], endpoint: "/healthz")
            return current().service.health.response(to: request)
        }
        router.getAndHead("/v1/posix.json") { request, _ in
            _ = try QueryString(request.uri.query, allowed: [], endpoint: "/v1/posix.json")
            return current().service.posixJSON.response(to: request)
        }
        router.getAndHead("/v1/posix.h") { request, _ in
            _ = try QueryString(request.uri.query, allowed: [], endpoint: "/v1/posix.h")
            return current().service.posixHeader.response(to: request)
        }
        router.getAndHead("/openapi.yaml") { request, _ in
            _ = try QueryString(request.uri.query, allowed: [], endpoint: "/openapi.yaml")
            return current().service.openAPI.response(to: request)
        }
    }
}
