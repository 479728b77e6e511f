#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where and how `worldclock serve` listens, and the limits that keep one client from starving
/// the others.
///
/// Read by the server (`WorldClockServer`) and by the CLI, whose `serve --help` prints the
/// defaults; in a target of its own, with no dependency, so that the CLI does not link the server.
public struct FeedServerConfiguration: Sendable, Equatable {
    /// The address to bind; loopback unless the user asks for more.
    public var host: String
    /// The TCP port to listen on.
    public var port: Int
    /// No request log lines (errors and limits hit are still logged).
    public var quiet: Bool
    /// A connection with no request in progress (keep-alive, or opened and left silent) is closed
    /// after this long.
    public var idleTimeout: Duration
    /// A request must arrive whole within this long of its first byte (slowloris: a header byte
    /// every few seconds), or the connection is closed.
    public var requestTimeout: Duration
    /// Connections served at once; one more gets a JSON 503 and is closed at once.
    public var maxConnections: Int

    /// A configuration with the defaults `worldclock serve` uses for what is not given.
    public init(
        host: String = "127.0.0.1", port: Int = 8080, quiet: Bool = false,
        idleTimeout: Duration = .seconds(30), requestTimeout: Duration = .seconds(10),
        maxConnections: Int = FeedServerConfiguration.defaultMaxConnections
    ) {
        self.host = host
        self.port = port
        self.quiet = quiet
        self.idleTimeout = idleTimeout
        self.requestTimeout = requestTimeout
        self.maxConnections = maxConnections
    }

    /// 4,096, or fewer when the process may open fewer files: its soft `RLIMIT_NOFILE` less 64
    /// descriptors kept for the listener, logs and tzdata, so connections never exhaust them.
    public static var defaultMaxConnections: Int {
        var limit = rlimit()
        #if canImport(Glibc)
        let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        #else
        let resource = RLIMIT_NOFILE
        #endif
        guard getrlimit(resource, &limit) == 0 else { return 1024 }
        let files = UInt64(limit.rlim_cur)  // RLIM_INFINITY is the largest value
        return Int(max(1, min(4096, files > 64 ? files - 64 : 1)))
    }
}
