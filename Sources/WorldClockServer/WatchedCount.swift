import Synchronization

/// A count that only grows, which a task can wait on: `wait(until:)` returns at the `add` that
/// reaches the number, instead of a loop asking again and again (which burns a core of two).
final class WatchedCount: Sendable {
    private struct State {
        var value = 0
        var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }
    private let state = Mutex(State())

    /// Adds `amount` and wakes the waiters whose number it reaches.
    func add(_ amount: Int) {
        let woken: [CheckedContinuation<Void, Never>] = state.withLock { state in
            state.value += amount
            let value = state.value
            var woken: [CheckedContinuation<Void, Never>] = []
            state.waiters.removeAll { waiter in
                guard waiter.count <= value else { return false }
                woken.append(waiter.continuation)
                return true
            }
            return woken
        }
        for continuation in woken { continuation.resume() }
    }

    /// Returns once the count is at least `count`.
    func wait(until count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now: Bool = state.withLock { state in
                if state.value >= count { return true }
                state.waiters.append((count, continuation))
                return false
            }
            if now { continuation.resume() }
        }
    }
}
