import Foundation
import ServerConfiguration
import Synchronization
import Testing
import WorldClockKit

@testable import WorldClockServer

/// The bounded executor for costly bodies, and what the server answers when it is full. Nothing
/// here waits on time: a test holds a permit itself and waits for the queue to show the request.
@Suite("Costly work: bounded, queued, refused past the queue")
struct CostlyWorkTests {
    /// Waits (without a deadline of its own: the test's) until `costly` shows `waiting` waiters:
    /// woken by the change that queues them, not by asking again and again.
    static func waitUntil(_ costly: CostlyWork, waiting: Int) async {
        await costly.wait { $0.waiting >= waiting }
    }

    @Test("By default one core is left free, and the queue holds eight per permit", arguments: [(1, 1), (2, 1), (3, 2), (8, 7), (64, 63)])
    func defaults(cores: Int, concurrency: Int) {
        #expect(CostlyWork.defaultConcurrency(cores: cores) == concurrency)
        let costly = CostlyWork(concurrency: concurrency)
        #expect(costly.queueLimit == 8 * concurrency)
        #expect(CostlyWork(concurrency: 0).concurrency == 1)
    }

    #if canImport(Glibc)
    @Test("Costly work runs on a thread of its own at nice 19; the caller's thread keeps its priority")
    func lowPriorityThread() async throws {
        let costly = CostlyWork(concurrency: 1, queueLimit: 1)
        let which = __priority_which_t(PRIO_PROCESS.rawValue)
        let niceHere = getpriority(which, 0)
        let niceThere = try await costly.run { () throws(APIError) in getpriority(which, 0) }
        #expect(niceThere == 19)
        #expect(getpriority(which, 0) == niceHere)
    }
    #endif

    @Test("Work beyond the permits waits in order; past the queue it is refused with busy", .costlyWorkHangGuard)
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
        await costly.idle()
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

    @Test("Clients asking at once for the same new variant wait for one build: none is refused, and it is built once", .costlyWorkHangGuard)
    func sameVariantBuiltOnce() async throws {
        // One permit, held here, and room for one build in the queue: without sharing, the
        // requests after the first would be refused with 503 busy.
        let costly = CostlyWork(concurrency: 1, queueLimit: 1)
        let service = service(now: instant("2026-11-23T12:00:00Z"), costly: costly)
        try await costly.acquire()
        let statuses = try await withApp(service) { client in
            try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<6 {
                    group.addTask {
                        try await client.execute(uri: "/v1/sections?at=2026-01-01T00:00:00Z", method: .get) { $0.status.code }
                    }
                }
                await Self.waitUntil(costly, waiting: 1)
                await service.waitForCostlyBuildsJoined(5)
                costly.release()
                return try await group.reduce(into: []) { $0.append($1) }
            }
        }
        #expect(statuses == Array(repeating: 200, count: 6))
        #expect(costly.load.ran == 1 && costly.load.refused == 0)
        #expect(service.cacheUsage.variants == 1)
    }

    @Test(
        "Clients asking at once for a variant's gzip encoding: one makes it under a permit, the others get the identity body, none is refused",
        .costlyWorkHangGuard)
    func sameVariantCompressedOnce() async throws {
        let costly = CostlyWork(concurrency: 1, queueLimit: 1)
        let service = service(now: instant("2026-11-23T12:00:00Z"), costly: costly)
        let uri = "/v1/sections?at=2026-01-01T00:00:00Z"
        try await withApp(service) { client in
            // The variant, built and cached without its gzip encoding.
            try await client.execute(uri: uri, method: .get) { #expect($0.status == .ok) }
            try await costly.acquire()
            let first = Task {
                try await client.execute(uri: uri, method: .get, headers: [.acceptEncoding: "gzip"]) { response in
                    (response.status.code, response.headers[.contentEncoding])
                }
            }
            await Self.waitUntil(costly, waiting: 1)
            // The queue is full: without the claim, these would be refused with 503 busy.
            for _ in 0..<3 {
                try await client.execute(uri: uri, method: .get, headers: [.acceptEncoding: "gzip"]) { response in
                    #expect(response.status == .ok)
                    #expect(response.headers[.contentEncoding] == nil)
                }
            }
            costly.release()
            let (status, encoding) = try await first.value
            #expect(status == 200 && encoding == "gzip")
        }
        #expect(costly.load.refused == 0)
    }

    @Test("A queued request whose task is cancelled leaves the queue, and its work never runs", .costlyWorkHangGuard)
    func cancelledWhileQueued() async throws {
        let costly = CostlyWork(concurrency: 1, queueLimit: 2)
        try await costly.acquire()
        let order = Order()
        let queued = Task { try await costly.run { () throws(APIError) in order.append(1) } }
        await Self.waitUntil(costly, waiting: 1)
        queued.cancel()
        await #expect(throws: APIError.clientGone) { try await queued.value }
        #expect(costly.load.waiting == 0 && costly.load.abandoned == 1)
        costly.release()
        #expect(order.values == [])
        #expect(costly.load.running == 0 && costly.load.ran == 0)
    }

    @Test("A queued request whose client leaves is dropped at once; one whose client had left is not queued", .costlyWorkHangGuard)
    func clientLeavesWhileQueued() async throws {
        let costly = CostlyWork(concurrency: 1, queueLimit: 2)
        try await costly.acquire()
        let order = Order()
        let client = ClientPresence(), other = ClientPresence()
        let queued = Task { try await costly.run(for: client) { () throws(APIError) in order.append(1) } }
        let stays = Task { try await costly.run(for: other) { () throws(APIError) in order.append(2) } }
        await Self.waitUntil(costly, waiting: 2)
        client.markGone()
        await #expect(throws: APIError.clientGone) { try await queued.value }
        #expect(costly.load.waiting == 1 && costly.load.abandoned == 1)
        await #expect(throws: APIError.clientGone) { try await costly.run(for: client) { () throws(APIError) in order.append(3) } }
        #expect(costly.load.abandoned == 2)
        costly.release()
        try await stays.value
        #expect(order.values == [2])
        #expect(costly.load.ran == 1 && costly.load.running == 0)
    }

    @Test("A client that closes its connection while its variant waits for a permit: the variant is never built nor cached", .costlyWorkHangGuard)
    func closedClientNotBuilt() async throws {
        let costly = CostlyWork(concurrency: 1, queueLimit: 4)
        let service = service(now: instant("2026-11-23T12:00:00Z"), costly: costly)
        let variant = "/v1/sections?at=2026-01-01T00:00:00Z"
        let answered = try await withLiveServer(FeedServerConfiguration(), service: service) { port in
            // The one permit is held here, so the request below waits in the queue.
            try await costly.acquire()
            let connection = try RawConnection(port: port)
            connection.send("GET \(variant) HTTP/1.1\r\nHost: x\r\n\r\n")
            await Self.waitUntil(costly, waiting: 1)
            // What a client's close() sends: the end of its input (the server allows half-closed
            // connections, so this is how a client leaving is seen).
            shutdown(connection.fd, Int32(SHUT_RDWR))
            await costly.wait { $0.abandoned >= 1 }
            #expect(costly.load.waiting == 0)
            costly.release()
            #expect(costly.load.ran == 0)
            #expect(service.cacheUsage.variants == 0)
            // The permit is free again: a client that stays gets the same variant, built now.
            let next = try RawConnection(port: port)
            next.send("GET \(variant) HTTP/1.1\r\nHost: x\r\n\r\n")
            return try await next.readResponse(deadline: .seconds(540)).text
        }
        #expect(answered.hasPrefix("HTTP/1.1 200 OK"), "\(answered.prefix(200))")
        #expect(costly.load.ran == 1)
        #expect(service.cacheUsage.variants == 1)
    }

    @Test(
        "A request read whole waits for its answer as long as the queue takes: the request timeout (for slow clients) never closes it",
        .costlyWorkHangGuard)
    func slowAnswerIsNotASlowClient() async throws {
        let costly = CostlyWork(concurrency: 1, queueLimit: 4)
        let service = service(now: instant("2026-11-23T12:00:00Z"), costly: costly)
        let timeout = Duration.milliseconds(200)
        let (slow, answered) = try await withLiveServer(FeedServerConfiguration(requestTimeout: timeout), service: service) { port in
            // The one permit is held here, so the request waits in the queue past its timeout.
            try await costly.acquire()
            let connection = try RawConnection(port: port)
            connection.send("GET /v1/sections?at=2026-01-01T00:00:00Z HTTP/1.1\r\nHost: x\r\n\r\n")
            await Self.waitUntil(costly, waiting: 1)
            // The event that says the waiting request's deadline has passed: a slow client, whose
            // first byte came after it, closed by the same timeout (not a sleep: the server's own
            // timer decides, however loaded the machine).
            let slowClient = try RawConnection(port: port)
            slowClient.send("GET /healthz HTTP/1.1\r\nHo")
            let slow = try await slowClient.read(for: .seconds(540))
            costly.release()
            return (slow, try await connection.readResponse(deadline: .seconds(540)))
        }
        #expect(slow.closed && slow.text.isEmpty, "the slow client: \(slow)")
        #expect(answered.text.hasPrefix("HTTP/1.1 200 OK"), "\(answered.text.prefix(200))")
        #expect(!answered.closed)
    }

    final class Order: Sendable {
        private let list = Mutex<[Int]>([])
        func append(_ value: Int) { list.withLock { $0.append(value) } }
        var values: [Int] { list.withLock { $0 } }
    }
}

extension Trait where Self == TimeLimitTrait {
    /// A guard against a hang, not a measure of speed: costly work runs at nice 19 on background
    /// threads the whole test process shares (one on 2 cores), so on a machine busy with the browser
    /// tests (Chromium at normal priority) a build can wait long. These tests wait rather than fail.
    static var costlyWorkHangGuard: Self { .timeLimit(.minutes(10)) }
}
