/// Where and how `worldclock serve` listens.
public struct ServerConfiguration: Sendable, Equatable {
    /// The address to bind; loopback unless the user asks for more.
    public var host: String
    public var port: Int
    /// No request log lines (errors are still logged).
    public var quiet: Bool

    public init(host: String = "127.0.0.1", port: Int = 8080, quiet: Bool = false) {
        self.host = host
        self.port = port
        self.quiet = quiet
    }
}
