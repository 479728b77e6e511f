import CoreMetrics
import Hummingbird
import HummingbirdCore
import NIOCore
import Prometheus
import ServerConfiguration
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// TEMPORARY, for measuring only (issue 53): which of Hummingbird's stock pieces stand in for the
/// server's own, named in `WORLDCLOCK_STOCK`, a comma-separated list of `http1`, `cors`, `log`,
/// `loghandler` (swift-log's `StreamLogHandler` for ours) and `metrics`, so that one binary runs
/// both ways side by side (`Scripts/bench-ops` with `ON_ENV=WORLDCLOCK_STOCK=…`). Removed once measured.
enum StockPieces {
    static let names: Set<String> = {
        guard let value = getenv("WORLDCLOCK_STOCK") else { return [] }
        return Set(String(cString: value).split(separator: ",").map(String.init))
    }()
    static var http1: Bool { names.contains("http1") }
    static var cors: Bool { names.contains("cors") }
    static var log: Bool { names.contains("log") }
    static var metrics: Bool { names.contains("metrics") }

    /// Hummingbird's `.http1()` with the same idle timeout and decoder limits as ours.
    static func server(_ configuration: FeedServerConfiguration) -> HTTPServerBuilder {
        .http1(
            configuration: .init(
                idleTimeout: TimeAmount(configuration.idleTimeout),
                httpDecoderConfiguration: .init(
                    maxHeaderFieldSize: ServerLimits.maximumHeaderBytes, maxHeaderListSize: ServerLimits.maximumHeaderBytes,
                    maxHeaderFieldCount: ServerLimits.maximumHeaderFields)))
    }

    private static let bootstrapped = Mutex(false)

    /// Hummingbird's middleware for the pieces named, added before the routes (so around them).
    static func addMiddleware(to router: Router<FeedRequestContext>, quiet: Bool, metrics: ServerMetrics?) {
        if cors {
            router.add(
                middleware: CORSMiddleware(
                    allowOrigin: .all, allowHeaders: [.accept, .ifNoneMatch, .ifModifiedSince, .cacheControl], allowMethods: [.get, .head, .options],
                    exposedHeaders: ["ETag", "Content-Location", "X-Request-Id"], maxAge: .seconds(86400)))
        }
        if log, !quiet { router.add(middleware: LogRequestsMiddleware(.info)) }
        if self.metrics, let metrics {
            // MetricsMiddleware records through the process's one MetricsSystem.
            bootstrapped.withLock { done in
                if !done { MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: metrics.registry)) }
                done = true
            }
            router.add(middleware: MetricsMiddleware())
        }
    }
}
