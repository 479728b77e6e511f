import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOEmbedded
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1
import NIOPosix
import ServiceLifecycle
import Synchronization

// The test client: the application's responder in memory (`.router`), or the application listening
// on a loopback port and one keep-alive HTTP/1.1 connection to it (`.live`). The names and calls are
// HummingbirdTesting's, which these tests used before; HummingbirdTesting links AsyncHTTPClient and
// NIOSSL, so the test build compiled BoringSSL and swift-crypto (284 C files, minutes on CI) for
// clients that never speak TLS. This one is built from SwiftNIO's HTTP/1 codec alone, which the
// server links anyway.

/// A response as the test sees it: the head and the whole body.
struct TestResponse: Sendable {
    let head: HTTPResponse
    var status: HTTPResponse.Status { head.status }
    var headers: HTTPFields { head.headerFields }
    let body: ByteBuffer
}

/// Sends a request to the application under test.
protocol TestClientProtocol: Sendable {
    func executeRequest(uri: String, method: HTTPRequest.Method, headers: HTTPFields, body: ByteBuffer?) async throws -> TestResponse
    /// The loopback port of a live server; nil in memory.
    var port: Int? { get }
}

extension TestClientProtocol {
    /// Sends the request and hands its response to `check`.
    @discardableResult
    func execute<Value>(
        uri: String, method: HTTPRequest.Method, headers: HTTPFields = [:], body: ByteBuffer? = nil,
        testCallback check: (TestResponse) async throws -> Value = { $0 }
    ) async throws -> Value {
        try await check(try await executeRequest(uri: uri, method: method, headers: headers, body: body))
    }
}

/// Where the requests go: to the responder in memory, or over a socket to the server listening.
enum TestingSetup {
    case router
    case live
}

extension ApplicationProtocol {
    /// Runs `test` with a client of the application, its services running beside it.
    func test<Value: Sendable>(_ setup: TestingSetup, _ test: @Sendable (any TestClientProtocol) async throws -> Value) async throws -> Value {
        switch setup {
        case .router:
            let client = RouterClient(responder: try await responder, logger: logger)
            return try await withServices(services, logger: logger) {
                for process in processesRunBeforeServerStart { try await process() }
                return try await test(client)
            }
        case .live:
            let listening = LoopbackApplication(base: self)
            return try await withServices([listening], logger: logger) {
                let port = await listening.port.value
                return try await LiveClient.connect(port: port).executeThenClose { responses, requests in
                    try await test(LiveClient(port: port, responses: responses.makeAsyncIterator(), requests: requests))
                }
            }
        }
    }
}

/// Runs `body` while `services` run in a group, once the group has started them; then shuts them
/// down gracefully and waits for them.
private func withServices<Value: Sendable>(
    _ services: [any Service], logger: Logger, _ body: () async throws -> Value
) async throws -> Value {
    if services.isEmpty { return try await body() }
    let (started, signal) = AsyncStream.makeStream(of: Void.self)
    let group = ServiceGroup(configuration: .init(services: services + [StartedSignal(signal: signal)], logger: logger))
    return try await withThrowingTaskGroup(of: Void.self) { tasks in
        tasks.addTask { try await group.run() }
        // The group starts its services in order: the last one running means the others were started.
        for await _ in started {}
        do {
            let value = try await body()
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
            return value
        } catch {
            await group.triggerGracefulShutdown()
            throw error
        }
    }
}

/// The last service of a test's group: it says it runs, then waits for the shutdown.
private struct StartedSignal: Service {
    let signal: AsyncStream<Void>.Continuation
    func run() async throws {
        signal.finish()
        try? await gracefulShutdown()
    }
}

/// A value set once and awaited (the port the server listens on).
private final class Promised<Value: Sendable>: Sendable {
    private let state = Mutex<(value: Value?, waiting: [CheckedContinuation<Value, Never>])>((nil, []))

    func fulfil(_ value: Value) {
        let waiting = state.withLock { state in
            state.value = value
            defer { state.waiting = [] }
            return state.waiting
        }
        for continuation in waiting { continuation.resume(returning: value) }
    }

    var value: Value {
        get async {
            await withCheckedContinuation { continuation in
                let ready: Value? = state.withLock { state in
                    if state.value == nil { state.waiting.append(continuation) }
                    return state.value
                }
                if let ready { continuation.resume(returning: ready) }
            }
        }
    }
}

/// The application as it is, listening on a port of the loopback interface the kernel chooses.
private struct LoopbackApplication<Base: ApplicationProtocol>: ApplicationProtocol {
    typealias Responder = Base.Responder
    let base: Base
    let port = Promised<Int>()

    var responder: Responder { get async throws { try await base.responder } }
    var server: HTTPServerBuilder { base.server }
    var eventLoopGroup: any EventLoopGroup { base.eventLoopGroup }
    var configuration: ApplicationConfiguration { base.configuration.with(address: .hostname("127.0.0.1", port: 0)) }
    var logger: Logger { base.logger }
    var services: [any Service] { base.services }
    var processesRunBeforeServerStart: [@Sendable () async throws -> Void] { base.processesRunBeforeServerStart }

    @Sendable func onServerRunning(_ channel: any Channel) async {
        await base.onServerRunning(channel)
        port.fulfil(channel.localAddress?.port ?? 0)
    }
}

/// Requests handed to the responder as the server would hand them, without a socket.
private struct RouterClient<Responder: HTTPResponder>: TestClientProtocol
where Responder.Context: InitializableFromSource<ApplicationRequestContextSource> {
    let responder: Responder
    let logger: Logger
    var port: Int? { nil }

    func executeRequest(uri: String, method: HTTPRequest.Method, headers: HTTPFields, body: ByteBuffer?) async throws -> TestResponse {
        // A cached answer is made without suspending: a test that loops requests until another task
        // has done something (a reload) would otherwise keep the pool's threads (two on CI) from it.
        await Task.yield()
        var headers = headers
        if let body { headers[.contentLength] = String(body.readableBytes) }
        let request = Request(
            head: HTTPRequest(method: method, scheme: "http", authority: "localhost", path: uri, headerFields: headers),
            body: RequestBody(buffer: body ?? ByteBuffer()))
        let context = Responder.Context(source: ApplicationRequestContextSource(channel: NIOAsyncTestingChannel(), logger: logger))
        let response: Response
        do {
            response = try await responder.respond(to: request, context: context)
        } catch {
            // What Hummingbird's server answers to an error no middleware turned into a response.
            response = Response(status: .internalServerError)
        }
        let writer = CollectingWriter()
        try await response.body.write(writer)
        return TestResponse(head: response.head, body: writer.bytes.withLock { $0 })
    }
}

/// Keeps what a response body writes.
private final class CollectingWriter: ResponseBodyWriter, Sendable {
    let bytes = Mutex(ByteBuffer())
    func write(_ buffer: ByteBuffer) async throws { _ = bytes.withLock { $0.writeImmutableBuffer(buffer) } }
    func finish(_ trailingHeaders: HTTPFields?) async throws {}
}

/// One keep-alive HTTP/1.1 connection to the live server, opened before the test runs (tests count
/// it among the server's connections), one request at a time. SwiftNIO's client codec knows that a
/// HEAD response has no body.
private final class LiveClient: TestClientProtocol, @unchecked Sendable {
    typealias Connection = NIOAsyncChannel<HTTPResponsePart, HTTPRequestPart>
    let port: Int?
    /// Used by one request at a time (`busy`), as the tests send them: one after the other.
    private var responses: NIOAsyncChannelInboundStream<HTTPResponsePart>.AsyncIterator
    private let requests: NIOAsyncChannelOutboundWriter<HTTPRequestPart>
    private let busy = Atomic(false)

    init(port: Int, responses: NIOAsyncChannelInboundStream<HTTPResponsePart>.AsyncIterator, requests: NIOAsyncChannelOutboundWriter<HTTPRequestPart>)
    {
        self.port = port
        self.responses = responses
        self.requests = requests
    }

    static func connect(port: Int) async throws -> Connection {
        try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    try channel.pipeline.syncOperations.addHandler(HTTP1ToHTTPClientCodec())
                    return try Connection(wrappingChannelSynchronously: channel)
                }
            }
    }

    func executeRequest(uri: String, method: HTTPRequest.Method, headers: HTTPFields, body: ByteBuffer?) async throws -> TestResponse {
        guard busy.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged else { throw LiveClientError.concurrentRequests }
        defer { busy.store(false, ordering: .releasing) }
        var headers = headers
        if let body { headers[.contentLength] = String(body.readableBytes) }
        try await requests.write(.head(HTTPRequest(method: method, scheme: nil, authority: "localhost", path: uri, headerFields: headers)))
        if let body { try await requests.write(.body(body)) }
        try await requests.write(.end(nil))
        var head: HTTPResponse?
        var received = ByteBuffer()
        while let part = try await responses.next() {
            switch part {
            case .head(let value) where value.status.kind == .informational: continue
            case .head(let value): head = value
            case .body(let bytes): received.writeImmutableBuffer(bytes)
            case .end:
                guard let head else { throw LiveClientError.noHead }
                return TestResponse(head: head, body: received)
            }
        }
        throw LiveClientError.closedBeforeTheEnd
    }
}

private enum LiveClientError: Error {
    case concurrentRequests, noHead, closedBeforeTheEnd
}
