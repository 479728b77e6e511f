import Hummingbird
import NIOCore
import NIOPosix
import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// Runs the work that costs more than an answer from the cache (building a variant's body,
/// compressing it) at most `concurrency` at a time, so that the other cores stay free for cached
/// and cheap requests whatever a client floods. Work beyond that waits its turn in a FIFO queue
/// of `queueLimit`; past that the request gets a JSON 503 with `Retry-After` at once, rather than
/// a wait no client would sit through.
///
/// The work runs on threads of its own (`BackgroundThreads`) at the lowest CPU priority (nice 19),
/// not on Swift's cooperative pool, whose threads (one per core) answer every other request:
/// with `concurrency` = cores − 1, one core is always left, and the kernel gives the cores to
/// an ordinary request's threads first whenever one is ready to run. On the cooperative pool, a
/// costly build took one of two pool threads for its whole run, and an ordinary request waited
/// behind it for a time slice (flood: p99 8.9× idle on a quiet 2-core machine).
final class CostlyWork: Sendable {
    let concurrency: Int
    let queueLimit: Int

    /// A request waiting for a permit: `release` hands it over, `abandon` takes it out of the
    /// queue when its client has gone.
    private struct Waiter {
        let id: UInt64
        let continuation: CheckedContinuation<Grant, Never>
    }

    private struct State {
        var running = 0
        var waiting: [Waiter] = []
        var nextID: UInt64 = 0
        /// Requests refused since the start (for tests and the log).
        var refused = 0
        /// Queued requests dropped because their client closed the connection or their task was
        /// cancelled before a permit was free (their work never ran).
        var abandoned = 0
        /// Works that ran under a permit, counted when they start on their thread (for tests: a
        /// skipped build is not counted).
        var ran = 0
        /// Callers of `wait(until:)` (`idle()` among them), each with the load it waits for.
        var loadWaiters: [(until: @Sendable (Load) -> Bool, continuation: CheckedContinuation<Void, Never>)] = []

        var load: Load { Load(running: running, waiting: waiting.count, refused: refused, abandoned: abandoned, ran: ran) }
    }
    private let state = Mutex(State())

    /// Changes `state` under the lock, then wakes the callers of `wait(until:)` whose load has come
    /// (outside the lock, so a woken task never runs with it held).
    private func change<Result>(_ body: (inout State) -> Result) -> Result {
        let (result, woken): (Result, [CheckedContinuation<Void, Never>]) = state.withLock { state in
            let result = body(&state)
            guard !state.loadWaiters.isEmpty else { return (result, []) }
            let load = state.load
            var woken: [CheckedContinuation<Void, Never>] = []
            state.loadWaiters.removeAll { waiter in
                guard waiter.until(load) else { return false }
                woken.append(waiter.continuation)
                return true
            }
            return (result, woken)
        }
        for continuation in woken { continuation.resume() }
        return result
    }

    /// Costly bodies built at once on a machine with `cores` cores: all but one, and at least one.
    static func defaultConcurrency(cores: Int) -> Int { max(1, cores - 1) }

    /// One fewer than the active cores (at least one), and a queue of eight per permit.
    init(concurrency: Int = defaultConcurrency(cores: ProcessInfo.processInfo.activeProcessorCount), queueLimit: Int? = nil) {
        self.concurrency = max(1, concurrency)
        self.queueLimit = max(0, queueLimit ?? 8 * self.concurrency)
    }

    /// The work running now, the work waiting, the requests refused and abandoned so far, and the
    /// works run so far.
    struct Load: Sendable, Equatable {
        let running: Int
        let waiting: Int
        let refused: Int
        let abandoned: Int
        let ran: Int
    }

    /// The load now.
    var load: Load { state.withLock { $0.load } }

    /// Returns once the load satisfies `until`: at once if it does now, else at the change that
    /// makes it so. What tests and `idle()` wait on, instead of asking again and again.
    func wait(until: @escaping @Sendable (Load) -> Bool) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now: Bool = state.withLock { state in
                if until(state.load) { return true }
                state.loadWaiters.append((until, continuation))
                return false
            }
            if now { continuation.resume() }
        }
    }

    /// Runs `work` when a permit is free, after the work queued before it; not at all when
    /// `client` closes or the task is cancelled before then (nobody would read the answer, and a
    /// client that queues costly requests and hangs up must not keep the cores busy).
    /// - Parameter client: whether the client the answer goes to is still there; nil when none is
    ///   watched (in-memory tests).
    /// - Throws: `APIError.busy` when the queue is full; `APIError.clientGone` when the client
    ///   went away while queued; whatever `work` throws.
    func run<Value: Sendable>(
        for client: ClientPresence? = nil, _ work: @escaping @Sendable () throws(APIError) -> Value
    ) async throws(APIError) -> Value {
        try await acquire(for: client)
        defer { release() }
        return try await BackgroundThreads.run { [self] () throws(APIError) in
            change { $0.ran += 1 }
            return try work()
        }
    }

    /// Starts `work` in the background if a permit is free and nothing waits, else not at all:
    /// for work that only improves later answers (compressing a popular variant harder), which
    /// the request that starts it does not wait for. The permit is held until `work` is done.
    /// - Returns: whether `work` was started.
    @discardableResult
    func runIfIdle(_ work: @escaping @Sendable () -> Void) -> Bool {
        let admitted = change { state in
            guard state.running < concurrency, state.waiting.isEmpty else { return false }
            state.running += 1
            return true
        }
        guard admitted else { return false }
        Task { [self] in
            defer { release() }
            try? await BackgroundThreads.run { [self] () throws(APIError) in
                change { $0.ran += 1 }
                work()
            }
        }
        return true
    }

    private enum Grant { case run, refuse, gone, wait }

    /// Takes a permit, after the work queued before (`run` pairs it with `release`).
    /// - Parameter client: when it leaves while this waits, the wait ends without a permit.
    func acquire(for client: ClientPresence? = nil) async throws(APIError) {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        // Watched before queueing, so that a client leaving at any moment after is heard; one
        // that left before is refused here.
        if let client, !client.watch(id, onGone: { [self] in abandon(id) }) {
            change { $0.abandoned += 1 }
            throw APIError.clientGone
        }
        defer { client?.unwatch(id) }
        let grant = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Grant, Never>) in
                // A waiter's permit is handed over by `release` (`running` stays counted).
                let grant: Grant = change { state in
                    // A client that left, or a cancellation, before the waiter was queued (the
                    // watcher and the handler found nothing to take out).
                    if Task.isCancelled || client?.isGone == true {
                        state.abandoned += 1
                        return .gone
                    }
                    if state.running < concurrency && state.waiting.isEmpty {
                        state.running += 1
                        return .run
                    }
                    if state.waiting.count < queueLimit {
                        state.waiting.append(Waiter(id: id, continuation: continuation))
                        return .wait
                    }
                    state.refused += 1
                    return .refuse
                }
                if grant != .wait { continuation.resume(returning: grant) }
            }
        } onCancel: {
            abandon(id)
        }
        switch grant {
        case .run: return
        case .refuse: throw APIError.busy(retryAfter: 1)
        case .gone, .wait: throw APIError.clientGone
        }
    }

    /// Takes request `id` out of the queue, if it still waits there: its client has gone.
    private func abandon(_ id: UInt64) {
        let waiter: Waiter? = change { state in
            guard let index = state.waiting.firstIndex(where: { $0.id == id }) else { return nil }
            state.abandoned += 1
            return state.waiting.remove(at: index)
        }
        waiter?.continuation.resume(returning: .gone)
    }

    /// Gives the permit to the longest waiter, or back.
    func release() {
        let next: Waiter? = change { state in
            guard state.waiting.isEmpty else { return state.waiting.removeFirst() }
            state.running -= 1
            return nil
        }
        next?.continuation.resume(returning: .run)
    }

    /// Returns when no work runs or waits: at once if none does, else when the last permit is
    /// given back (work started in the background by `runIfIdle` included).
    func idle() async {
        await wait { $0.running == 0 && $0.waiting == 0 }
    }
}

/// The threads costly work runs on: cores − 1 of them (at least one), the permits of a server's
/// `CostlyWork` by default, started on first use and kept for the life of the process. On Linux
/// each sets its own nice value to 19 (a thread's nice value is its own there: the rest of the
/// process keeps its priority); elsewhere they run at normal priority.
///
/// The result comes back through an event loop, not from the pool thread: a task resumed there
/// may make the cooperative pool start a thread, and a thread inherits the nice value of the
/// thread that starts it, so an ordinary request could otherwise be answered at nice 19.
enum BackgroundThreads {
    private static let pool: NIOThreadPool = {
        let pool = NIOThreadPool(numberOfThreads: max(1, ProcessInfo.processInfo.activeProcessorCount - 1))
        pool.start()
        return pool
    }()

    /// `work`'s result, computed on one of the threads.
    /// - Throws: what `work` throws; `APIError.internalError` if the pool refuses the work (it is
    ///   never stopped, so this does not happen).
    static func run<Value: Sendable>(_ work: @escaping @Sendable () throws(APIError) -> Value) async throws(APIError) -> Value {
        let done = pool.runIfActive(eventLoop: MultiThreadedEventLoopGroup.singleton.any()) { () -> Result<Value, APIError> in
            lowerPriority()
            return Result { () throws(APIError) in try work() }
        }
        let result: Result<Value, APIError>
        do { result = try await done.get() } catch { throw APIError.internalError }
        return try result.get()
    }

    /// Sets the calling thread's nice value to 19 (on Linux, who 0 is the calling thread). A
    /// failure leaves the thread at normal priority, as it was.
    private static func lowerPriority() {
        #if canImport(Glibc)
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)
        #endif
    }
}
