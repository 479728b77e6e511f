import NIOCore
import Synchronization

/// Whether a connection's client is still there to read an answer: gone once it closed the
/// connection or shut down its sending side (the server allows half-closed connections, so a
/// client's `close()` reaches it as the end of its input, not as a close).
///
/// `ConnectionGate` makes one per connection and says when the client leaves; `CostlyWork`
/// watches it while a request waits for a permit, so that a body nobody will read is not built.
/// A client that half-closes and still waits for its answer is treated as gone too, as nginx
/// treats it (499), but only a costly request that is queued notices.
final class ClientPresence: Sendable {
    private struct State {
        var gone = false
        var watchers: [UInt64: @Sendable () -> Void] = [:]
    }
    private let state = Mutex(State())

    /// The presences of the open connections, by channel: a request finds its connection's
    /// through the channel Hummingbird gives its context. One entry per connection, added and
    /// removed by the connection's gate.
    private static let registry = Mutex<[ObjectIdentifier: ClientPresence]>([:])

    /// The presence of `channel`'s client, nil for a channel no gate watches (in-memory tests).
    static func of(_ channel: any Channel) -> ClientPresence? {
        registry.withLock { $0[ObjectIdentifier(channel)] }
    }

    static func register(_ presence: ClientPresence, for channel: any Channel) {
        registry.withLock { $0[ObjectIdentifier(channel)] = presence }
    }

    static func unregister(_ channel: any Channel) {
        _ = registry.withLock { $0.removeValue(forKey: ObjectIdentifier(channel)) }
    }

    var isGone: Bool { state.withLock { $0.gone } }

    /// Calls `onGone` once when the client leaves, unless `unwatch(id)` comes first.
    /// - Returns: false, without calling it, when the client has already gone.
    func watch(_ id: UInt64, onGone: @escaping @Sendable () -> Void) -> Bool {
        state.withLock { state in
            guard !state.gone else { return false }
            state.watchers[id] = onGone
            return true
        }
    }

    func unwatch(_ id: UInt64) {
        _ = state.withLock { $0.watchers.removeValue(forKey: id) }
    }

    /// The client has left: tells every watcher, once.
    func markGone() {
        let watchers: [@Sendable () -> Void] = state.withLock { state in
            guard !state.gone else { return [] }
            state.gone = true
            defer { state.watchers = [:] }
            return Array(state.watchers.values)
        }
        for watcher in watchers { watcher() }
    }
}
