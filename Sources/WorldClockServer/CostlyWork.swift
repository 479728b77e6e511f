import Foundation
import Hummingbird
import Synchronization

/// Runs the work that costs more than an answer from the cache (building a variant's body,
/// compressing it) at most `concurrency` at a time, so that the other cores stay free for cached
/// and cheap requests whatever a client floods. Work beyond that waits its turn in a FIFO queue
/// of `queueLimit`; past that the request gets a JSON 503 with `Retry-After` at once, rather than
/// a wait no client would sit through.
///
/// The work runs on the awaiting task's own thread (Swift's cooperative pool has one thread per
/// core), so a permit is a core: with `concurrency` = cores − 1, one core is always left.
final class CostlyWork: Sendable {
    let concurrency: Int
    let queueLimit: Int

    private struct State {
        var running = 0
        var waiting: [CheckedContinuation<Bool, Never>] = []
        /// Requests refused since the start (for tests and the log).
        var refused = 0
    }
    private let state = Mutex(State())

    /// One fewer than the active cores (at least one), and a queue of eight per permit.
    init(concurrency: Int = max(1, ProcessInfo.processInfo.activeProcessorCount - 1), queueLimit: Int? = nil) {
        self.concurrency = max(1, concurrency)
        self.queueLimit = max(0, queueLimit ?? 8 * self.concurrency)
    }

    /// The work running now, the work waiting, and the requests refused so far.
    var load: (running: Int, waiting: Int, refused: Int) {
        state.withLock { ($0.running, $0.waiting.count, $0.refused) }
    }

    /// Runs `work` when a permit is free, after the work queued before it.
    /// - Throws: `APIError.busy` when the queue is full; whatever `work` throws.
    func run<Value>(_ work: () throws(APIError) -> Value) async throws(APIError) -> Value {
        try await acquire()
        defer { release() }
        return try work()
    }

    /// Runs `work` now if a permit is free and nothing waits, else not at all: for work that
    /// only improves an answer (compressing a popular variant harder).
    /// - Returns: whether `work` ran.
    @discardableResult
    func runIfIdle(_ work: () -> Void) -> Bool {
        let admitted = state.withLock { state in
            guard state.running < concurrency, state.waiting.isEmpty else { return false }
            state.running += 1
            return true
        }
        guard admitted else { return false }
        defer { release() }
        work()
        return true
    }

    private enum Admission { case run, wait, refuse }

    /// Takes a permit, after the work queued before (`run` pairs it with `release`).
    func acquire() async throws(APIError) {
        // A waiter's permit is handed over by `release` (`running` stays counted).
        let admitted = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let admission: Admission = state.withLock { state in
                if state.running < concurrency && state.waiting.isEmpty {
                    state.running += 1
                    return .run
                }
                if state.waiting.count < queueLimit {
                    state.waiting.append(continuation)
                    return .wait
                }
                state.refused += 1
                return .refuse
            }
            switch admission {
            case .run: continuation.resume(returning: true)
            case .refuse: continuation.resume(returning: false)
            case .wait: break
            }
        }
        if !admitted { throw APIError.busy(retryAfter: 1) }
    }

    /// Gives the permit to the longest waiter, or back.
    func release() {
        let next: CheckedContinuation<Bool, Never>? = state.withLock { state in
            if state.waiting.isEmpty {
                state.running -= 1
                return nil
            }
            return state.waiting.removeFirst()
        }
        next?.resume(returning: true)
    }
}
