import Foundation
import HummingbirdTesting
import Synchronization
import Testing
import WorldClockKit

@testable import WorldClockServer

/// The bounded executor for costly bodies, and what the server answers when it is full. Nothing
/// here waits on time: a test holds a permit itself and waits for the queue to show the request.
@Suite("Costly work: bounded, queued, refused past the queue")
struct CostlyWorkTests {
    /// Waits (without a deadline of its own: the test's) until `costly` shows `waiting` waiters.
    static func waitUntil(_ costly: CostlyWork, waiting: Int) async {
        while costly.load.waiting < waiting { await Task.yield() }
    }

    @Test("By default one core is left free, and the queue holds eight per permit")
    func defaults() {
        let costly = CostlyWork()
        #expect(costly.concurrency == max(1, ProcessInfo.processInfo.activeProcessorCount - 1))
        #expect(costly.queueLimit == 8 * costly.concurrency)
        #expect(CostlyWork(concurrency: 0).concurrency == 1)
    }

    @Test("Work beyond the permits waits in order; past the queue it is refused with busy")
    func queueing() async throws {
        let costly = CostlyWork(concurrency: 1, queueLimit: 2)
        try await costly.acquire()
        let order = Order()
        let first = Task { try await costly.run { () throws(APIError) in order.append(1) } }
        await Self.waitUntil(costly, waiting: 1)
        let second = Task { try await costly.run { () throws(APIError) in order.append(2) } }
        await Self.waitUntil(costly, waiting: 2)
        #expect(costly.load.running == 1)
        await #expect(throws: APIError.busy(retryAfter: 1)) { try await costly.run { () throws(APIError) in order.append(3) } }
        #expect(costly.load.refused == 1)
        #expect(!costly.runIfIdle { order.append(4) })
        costly.release()
        try await first.value
        try await second.value
        #expect(order.values == [1, 2])
        #expect(costly.load.running == 0 && costly.load.waiting == 0)
        #expect(costly.runIfIdle { order.append(5) })
        #expect(order.values == [1, 2, 5])
    }

    @Test("A full queue answers a costly variant with a JSON 503 and Retry-After; the current feed and search still answer")
    func busyOverHTTP() async throws {
        let costly = CostlyWork(concurrency: 1, queueLimit: 0)
        let service = service(now: instant("2026-11-23T12:00:00Z"), costly: costly)
        try await costly.acquire()
        defer { costly.release() }
        try await withApp(service) { client in
            try await client.execute(uri: "/v1/sections?at=2026-01-01T00:00:00Z", method: .get) { response in
                #expect(response.status == .serviceUnavailable)
                #expect(response.headers[.retryAfter] == "1")
                #expect(response.headers[.cacheControl] == "no-store")
                #expect(response.error?.error.code == "busy")
            }
            try await client.execute(uri: "/v1/sections?transitions=30", method: .get) { response in
                #expect(response.status == .serviceUnavailable)
            }
            try await client.execute(uri: "/v1/sections", method: .get, headers: [.acceptEncoding: "gzip"]) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentEncoding] == "gzip")
            }
            try await client.execute(uri: "/v1/sections?section=%E3%84%B1", method: .get) { response in
                #expect(response.status == .ok)
            }
            try await client.execute(uri: "/v1/search?q=%EB%89%B4", method: .get) { response in
                #expect(response.status == .ok)
            }
        }
    }

    final class Order: Sendable {
        private let list = Mutex<[Int]>([])
        func append(_ value: Int) { list.withLock { $0.append(value) } }
        var values: [Int] { list.withLock { $0 } }
    }
}
