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
package struct FeedServerConfiguration: Sendable, Equatable {
    /// The address to bind; loopback unless the user asks for more.
    package var host: String
    /// The TCP port to listen on.
    package var port: Int
    /// No request log lines (errors and limits hit are still logged).
    package var quiet: Bool
    /// A connection with no request in progress (keep-alive, or opened and left silent) is closed
    /// after this long.
    package var idleTimeout: Duration
    /// A request must arrive whole within this long of its first byte (slowloris: a header byte
    /// every few seconds), or the connection is closed.
    package var requestTimeout: Duration
    /// Connections served at once; one more gets a JSON 503 and is closed at once.
    package var maxConnections: Int
    /// After SIGTERM, how long the server keeps answering (`/readyz` 503, every answer with
    /// `Connection: close`) before it stops accepting and finishes the requests in flight.
    package var drain: Duration
    /// How log lines are written: text, or one JSON object per line.
    package var logFormat: LogFormat
    /// The least severe level logged (`info`: a line per request, startup, reload, shutdown).
    package var logLevel: LogLevel
    /// Where `/metrics` is served: on the feed's own listener, on a port of its own, or not at all.
    package var metrics: MetricsEndpoint

    /// A configuration with the defaults `worldclock serve` uses for what is not given.
    package init(
        host: String = "127.0.0.1", port: Int = 8080, quiet: Bool = false,
        idleTimeout: Duration = .seconds(30), requestTimeout: Duration = .seconds(10),
        maxConnections: Int = FeedServerConfiguration.defaultMaxConnections, drain: Duration = .seconds(5), logFormat: LogFormat = .text,
        logLevel: LogLevel = .info, metrics: MetricsEndpoint = .feedListener
    ) {
        self.metrics = metrics
        self.logFormat = logFormat
        self.logLevel = logLevel
        self.drain = drain
        self.host = host
        self.port = port
        self.quiet = quiet
        self.idleTimeout = idleTimeout
        self.requestTimeout = requestTimeout
        self.maxConnections = maxConnections
    }

    /// 4,096, or fewer when the process may open fewer files: its soft `RLIMIT_NOFILE` less 64
    /// descriptors kept for the listener, logs and tzdata, so connections never exhaust them.
    package static var defaultMaxConnections: Int {
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

/// `--log-format`: how the server writes its log lines.
package enum LogFormat: String, Sendable, CaseIterable {
    /// `time level message key=value…`.
    case text
    /// One JSON object per line: `time`, `level`, `message` and the event's fields.
    case json
}

/// `--log-level`: swift-log's levels, by the same names.
package enum LogLevel: String, Sendable, CaseIterable {
    case trace, debug, info, notice, warning, error, critical
}

/// `--metrics-port`: where `/metrics` (Prometheus's text format) is served.
package enum MetricsEndpoint: Sendable, Equatable {
    /// On the feed's own host and port (the default).
    case feedListener
    /// On this port of the feed's host, alone: it need not face the internet.
    case port(Int)
    /// Not served, not recorded.
    case off
}
