/// The JSON error object every `--json` failure and every HTTP error carries:
/// `{"error": {"code": "unknown_zone", "message": "…"}}`.
public struct FeedError: Codable, Equatable, Sendable, Error {
    public struct Body: Codable, Equatable, Sendable {
        public let code: String
        public let message: String
    }
    public let error: Body

    public init(code: String, message: String) { error = Body(code: code, message: message) }
}
