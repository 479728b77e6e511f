import Hummingbird

/// `GET /v1/meta`, `GET /healthz`, `GET /openapi.yaml`: bodies built once at start.
struct MetaController: Sendable {
    let service: FeedService

    func addRoutes(to router: Router<some RequestContext>) {
        router.getAndHead("/v1/meta") { request, _ in
            _ = try QueryString(request.uri.query, allowed: [], endpoint: "/v1/meta")
            return service.meta.response(to: request)
        }
        router.getAndHead("/healthz") { request, _ in
            _ = try QueryString(request.uri.query, allowed: [], endpoint: "/healthz")
            return service.health.response(to: request)
        }
        router.getAndHead("/openapi.yaml") { request, _ in
            _ = try QueryString(request.uri.query, allowed: [], endpoint: "/openapi.yaml")
            return service.openAPI.response(to: request)
        }
    }
}
