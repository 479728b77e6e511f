import Logging
import ServiceLifecycle
import Synchronization

/// Whether the server is leaving: from SIGTERM (or SIGINT) on, `/readyz` answers 503 so that a
/// load balancer stops sending new clients, and every answer closes its connection (`HTTP1Codec`),
/// so that no keep-alive connection is left idle to be closed under a client's next request.
final class Readiness: Sendable {
    private let draining = Atomic<Bool>(false)

    /// Whether the drain has begun.
    var isDraining: Bool { draining.load(ordering: .acquiring) }

    /// Begins the drain; for good.
    func startDraining() { draining.store(true, ordering: .releasing) }
}

/// The first service to hear of the shutdown (the last in the group's list): it starts the drain,
/// keeps the server answering for `duration` (`--drain`), then returns, and only then does the
/// service group shut the server down: it stops accepting, finishes the requests in flight, and
/// the process exits 0.
struct DrainService: Service {
    let readiness: Readiness
    let duration: Duration
    let logger: Logger

    func run() async throws {
        // Returns when the group begins its graceful shutdown (or throws when cancelled: no drain then).
        do { try await gracefulShutdown() } catch { return }
        readiness.startDraining()
        logger.notice("shutting down: /readyz now answers 503 and every answer closes its connection; draining for \(duration)")
        if duration > .zero { try? await Task.sleep(for: duration) }
    }
}
