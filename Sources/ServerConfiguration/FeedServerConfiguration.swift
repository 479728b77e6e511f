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
    /// Where `/metrics` is served: on a listener of its own (127.0.0.1:9464 by default), on the
    /// feed's own listener, or not at all.
    package var metrics: MetricsEndpoint
    /// The peers whose `X-Forwarded-For` and `Forwarded` headers name the client (`--trusted-proxy`):
    /// IP addresses, or networks as `address/bits`. Any other peer is the client itself.
    package var trustedProxies: [TrustedProxy]
    /// Each log line begins with sd-daemon's priority prefix (`<3>` for an error, `<6>` for info), so
    /// that the journal files it at its level (`--log-priority-prefix`; on when stderr is the journal).
    package var logPriorityPrefix: Bool

    /// A configuration with the defaults `worldclock serve` uses for what is not given.
    package init(
        host: String = "127.0.0.1", port: Int = 8080, quiet: Bool = false,
        idleTimeout: Duration = .seconds(30), requestTimeout: Duration = .seconds(10),
        maxConnections: Int = FeedServerConfiguration.defaultMaxConnections, drain: Duration = .seconds(5), logFormat: LogFormat = .text,
        logLevel: LogLevel = .info, metrics: MetricsEndpoint = .defaultAddress, trustedProxies: [TrustedProxy] = [],
        logPriorityPrefix: Bool = false
    ) {
        self.metrics = metrics
        self.trustedProxies = trustedProxies
        self.logPriorityPrefix = logPriorityPrefix
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
        guard let files = openFileLimit else { return 1024 }  // RLIM_INFINITY is the largest value
        return Int(max(1, min(4096, files > 64 ? files - 64 : 1)))
    }

    /// The process's soft `RLIMIT_NOFILE`: the files it may have open at once (nil when unknown).
    package static var openFileLimit: UInt64? {
        var limit = rlimit()
        #if canImport(Glibc)
        let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        #else
        let resource = RLIMIT_NOFILE
        #endif
        guard getrlimit(resource, &limit) == 0 else { return nil }
        return UInt64(limit.rlim_cur)
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

/// `--metrics-address`: where `/metrics` (Prometheus's text format) is served.
package enum MetricsEndpoint: Sendable, Equatable {
    /// On the feed's own host and port, only when asked (`--metrics-address main`).
    case feedListener
    /// On this host and port, alone: it need not face the internet (the default, 127.0.0.1:9464,
    /// OpenTelemetry's port for a Prometheus exporter).
    case address(host: String, port: Int)
    /// Not served, not recorded.
    case off

    /// 127.0.0.1:9464.
    package static let defaultAddress = MetricsEndpoint.address(host: "127.0.0.1", port: 9464)

    /// `main`, `off`, `HOST:PORT` (`[::1]:9464` for an IPv6 address) or a bare port (on 127.0.0.1);
    /// nil for anything else.
    package init?(option text: String) {
        switch text {
        case "main": self = .feedListener
        case "off": self = .off
        default:
            var host = "127.0.0.1", portText = Substring(text)
            if let colon = text.lastIndex(of: ":") {
                host = String(text[..<colon])
                portText = text[text.index(after: colon)...]
                if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
            }
            guard !host.isEmpty, !host.contains(where: { $0 == " " || $0 == "/" }), portText.allSatisfy(\.isASCII),
                let port = Int(portText), (1...65535).contains(port)
            else { return nil }
            self = .address(host: host, port: port)
        }
    }
}

/// Whether standard error is the systemd journal: `JOURNAL_STREAM` ("device:inode", set by systemd
/// for a service whose output goes to the journal) names the file standard error is, as
/// sd_journal_stream_fd(3) and systemd.exec(5) tell a program to check. Then each log line may carry
/// its priority (`<3>`), which journald reads and strips.
package enum JournalStream {
    /// Whether `value` (JOURNAL_STREAM) names standard error's device and inode.
    package static func isStandardError(_ value: String?, descriptor: Int32 = 2) -> Bool {
        guard let value else { return false }
        let parts = value.split(separator: ":")
        guard parts.count == 2, let device = UInt64(parts[0]), let inode = UInt64(parts[1]) else { return false }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return false }
        return UInt64(info.st_dev) == device && UInt64(info.st_ino) == inode
    }

    /// `JOURNAL_STREAM` of this process names standard error.
    package static var standardErrorIsJournal: Bool {
        isStandardError(getenv("JOURNAL_STREAM").map { String(cString: $0) })
    }

    /// sd-daemon's prefix for swift-log's level: `<7>` debug and trace, `<6>` info, `<5>` notice,
    /// `<4>` warning, `<3>` error, `<2>` critical.
    package static func prefix(forLevel level: String) -> String {
        switch level {
        case "trace", "debug": "<7>"
        case "info": "<6>"
        case "notice": "<5>"
        case "warning": "<4>"
        case "error": "<3>"
        default: "<2>"
        }
    }
}
