import Hummingbird

extension Router {
    /// Adds `handler` for GET and HEAD on `path` (a `Representation` leaves out the body for HEAD).
    @discardableResult
    func getAndHead(_ path: RouterPath, use handler: @escaping @Sendable (Request, Context) async throws -> Response) -> Self {
        get(path, use: handler)
        head(path, use: handler)
        return self
    }
}
