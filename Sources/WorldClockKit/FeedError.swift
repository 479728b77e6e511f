/// The JSON error object every `--json` failure and every HTTP error carries:
/// `{"error": {"code": "unknown_zone", "message": "…"}}`.
public struct FeedError: Codable, Equatable, Sendable, Error {
    /// The error's code and message.
    public struct Body: Codable, Equatable, Sendable {
        /// A stable machine-readable code: `unknown_zone`, `invalid_at`, ….
        public let code: String
        /// What went wrong, in words a user can act on.
        public let message: String
    }
    /// The code and message, under the JSON key `error`.
    public let error: Body

    /// An error with `code` and `message`.
    package init(code: String, message: String) { error = Body(code: code, message: message) }
}
