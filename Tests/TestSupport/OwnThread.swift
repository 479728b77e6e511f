import Foundation

/// Runs `work` on a thread of its own and waits for it without holding a thread of the
/// concurrency pool.
///
/// The pool has one thread per core (two on CI). A test that blocks one of them for minutes — a
/// browser run, a child process, a semaphore — starves every other test of the run: on CI the
/// server tests with a time limit waited past it for a thread, while two such tests held both.
/// Long blocking work goes here; short child processes (a `worldclock` run) need not.
public func onOwnThread<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try work() }) }.start()
    }
}
