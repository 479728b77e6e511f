import Hummingbird
import Logging
import NIOCore
import NIOHTTP1
import Synchronization
internal import WireCore

/// What the server's connections share: how many are open, the limits, and when a limit was last
/// logged (an attack hits a limit thousands of times a second; the log says so once a second).
final class ConnectionLimits: Sendable {
    let maxConnections: Int
    let requestTimeout: TimeAmount
    let logger: Logger
    /// Where refusals are counted (`/metrics`).
    let metrics: ServerMetrics?
    private let open = Atomic<Int>(0)
    private let lastLogged = Mutex<[String: (at: ContinuousClock.Instant, unlogged: Int)]>([:])

    init(maxConnections: Int, requestTimeout: Duration, logger: Logger, metrics: ServerMetrics? = nil) {
        self.metrics = metrics
        self.maxConnections = maxConnections
        self.requestTimeout = .nanoseconds(
            Int64(requestTimeout.components.seconds) * 1_000_000_000
                + requestTimeout.components.attoseconds / 1_000_000_000)
        self.logger = logger
    }

    /// The connections open now.
    var openConnections: Int { open.load(ordering: .relaxed) }

    /// Takes a place for a new connection, or returns false when all are taken.
    func admit() -> Bool {
        var current = open.load(ordering: .relaxed)
        while current < maxConnections {
            let (exchanged, original) = open.compareExchange(expected: current, desired: current + 1, ordering: .relaxed)
            if exchanged { return true }
            current = original
        }
        return false
    }

    func release() { open.subtract(1, ordering: .relaxed) }

    /// Logs `message` for `limit` at most once a second, with how many hits went unlogged since.
    func limitHit(_ limit: String, _ message: @autoclosure () -> String) {
        let now = ContinuousClock.now
        let unlogged: Int? = lastLogged.withLock { last in
            if let previous = last[limit], now - previous.at < .seconds(1) {
                last[limit] = (previous.at, previous.unlogged + 1)
                return nil
            }
            let count = last[limit]?.unlogged ?? 0
            last[limit] = (now, 0)
            return count
        }
        guard let unlogged else { return }
        logger.warning("\(limit): \(message())\(unlogged > 0 ? " (and \(unlogged) more in the last second)" : "")")
    }
}

/// The first handler of every connection, on raw bytes: admits it under `maxConnections` (else a
/// JSON 503 and close), and closes it when a request has not arrived whole within
/// `requestTimeout` of its first byte. A request counts as arrived when it has been read whole
/// (`requestArrived`, from the HTTP codec) or when the server starts answering it: only the
/// client can be slow here. (It counted only the answer once, so a request whose answer waited in
/// the costly-work queue past the timeout had its connection closed unanswered.)
///
/// One timer per connection, not per request: a request's first byte only notes the time, and
/// the timer, armed at the first request, rearms itself at the deadline of the request in
/// progress when it fires (or stops when none is). A keep-alive client's thousand quick
/// requests cost one timer every `requestTimeout`, not a thousand scheduled and cancelled tasks.
final class ConnectionGate: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let limits: ConnectionLimits
    private enum State { case undecided, admitted, refused }
    private var state = State.undecided
    private var requestTimer: Scheduled<Void>?
    /// When the request in progress sent its first byte; nil between requests.
    private var requestStart: NIODeadline?
    /// Kept for `answerAndClose`, called by `HTTP1Codec` on the same event loop.
    private var context: ChannelHandlerContext?
    /// Whether the client is still there, for the requests of this connection (`CostlyWork`).
    private let presence = ClientPresence()
    /// Raw UTF-8 in request lines, percent-encoded for the parser.
    private var escaper = RawTargetEscaper()

    init(limits: ConnectionLimits) {
        self.limits = limits
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        ClientPresence.register(presence, for: context.channel)
        if context.channel.isActive { decide(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        decide(context)
        context.fireChannelActive()
    }

    private func decide(_ context: ChannelHandlerContext) {
        guard state == .undecided else { return }
        if limits.admit() {
            state = .admitted
            return
        }
        state = .refused
        limits.limitHit(
            "connection limit",
            "\(limits.maxConnections) connections open; refused one from \(Self.peer(context)) with 503")
        limits.metrics?.refusal(Refusal.tooManyConnections.code)
        answer(context, APIError.tooManyConnections(limit: limits.maxConnections), extraHeaders: "retry-after: 1\r\n")
    }

    /// Answers `error` and closes the connection, writing the bytes itself: NIO's encoder drops the
    /// body of any response to CONNECT, and after a parse error or over the limit there is no
    /// HTTP state worth keeping.
    func answerAndClose(_ error: APIError) {
        guard let context else { return }
        answer(context, error, extraHeaders: "")
    }

    /// A request NIO's parser refused: counted by reason (`worldclock_http_parser_rejections_total`),
    /// logged (at most once a second, with how many more), and answered with the JSON 400 or 431.
    func reject(_ parseError: HTTPParserError) {
        guard let context else { return }
        let reason = Self.reason(parseError)
        let error = APIError.malformedRequest(parseError)
        limits.metrics?.rejection(reason)
        limits.limitHit(
            "malformed request", "refused a request from \(Self.peer(context)) with \(error.status.code) (\(reason)) before routing")
        answer(context, error, extraHeaders: "")
    }

    /// `invalidURL` → `invalid_url`: the parser's error as a label value.
    static func reason(_ error: HTTPParserError) -> String {
        var out = ""
        var previousLower = false
        for character in "\(error)" {
            if character.isUppercase, previousLower { out += "_" }
            previousLower = character.isLowercase || character.isNumber
            out += character.lowercased()
        }
        return out.isEmpty || out.count > 40 ? "other" : out
    }

    private func answer(_ context: ChannelHandlerContext, _ error: APIError, extraHeaders: String) {
        let body = error.body
        var head =
            "HTTP/1.1 \(error.status.code) \(error.status.reasonPhrase)\r\ncontent-type: application/json; charset=utf-8\r\n"
            + "content-length: \(body.count)\r\ncache-control: no-store\r\nconnection: close\r\n"
            + "access-control-allow-origin: *\r\naccess-control-expose-headers: \(FeedMiddleware.exposedHeaders)\r\n"
            + "x-request-id: \(RequestID().description)\r\n" + extraHeaders
        for field in error.headers { head += "\(field.name.canonicalName): \(field.value)\r\n" }
        var buffer = context.channel.allocator.buffer(capacity: head.utf8.count + body.count + 2)
        buffer.writeString(head + "\r\n")
        buffer.writeBytes(body)
        context.writeAndFlush(wrapOutboundOut(buffer)).assumeIsolated().whenComplete { _ in context.close(promise: nil) }
    }

    func channelInactive(context: ChannelHandlerContext) {
        presence.markGone()
        cancelTimer()
        if state == .admitted { limits.release() }
        state = .refused
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        cancelTimer()
        presence.markGone()
        ClientPresence.unregister(context.channel)
        self.context = nil
    }

    /// The client closed its side (its `close()`, or a `shutdown` of its writes): nobody may read
    /// what a queued request would build.
    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let event = event as? ChannelEvent, event == .inputClosed { presence.markGone() }
        context.fireUserInboundEventTriggered(event)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard state == .admitted else { return }
        if requestStart == nil {
            let now = NIODeadline.now()
            requestStart = now
            if requestTimer == nil { arm(context, at: now + limits.requestTimeout) }
        }
        let bytes = unwrapInboundIn(data)
        let escaped = escaper.escape(bytes)
        context.fireChannelRead(wrapInboundOut(escaped))
    }

    /// Schedules the connection's timer; when it fires, it closes a connection whose request has
    /// been arriving for `requestTimeout`, rearms for the request in progress, or stops.
    private func arm(_ context: ChannelHandlerContext, at deadline: NIODeadline) {
        let loop = context.eventLoop.assumeIsolated()
        requestTimer = loop.scheduleTask(deadline: deadline) { [self] in
            requestTimer = nil
            guard state == .admitted, let start = requestStart else { return }
            let timeout = limits.requestTimeout
            if NIODeadline.now() >= start + timeout {
                limits.limitHit(
                    "request timeout",
                    """
                    closed the connection from \(Self.peer(context)): no whole request within \(timeout.nanoseconds / 1_000_000) ms of its \
                    first byte
                    """
                )
                context.close(promise: nil)
            } else {
                arm(context, at: start + timeout)
            }
        }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        // The server answers: the request it answers has arrived. The next byte starts a new clock.
        requestStart = nil
        context.write(data, promise: promise)
    }

    /// The request in progress has been read whole (its end parsed): however long its answer
    /// takes, the client was not slow. The next byte starts a new clock.
    func requestArrived() {
        requestStart = nil
    }

    private func cancelTimer() {
        requestTimer?.cancel()
        requestTimer = nil
        requestStart = nil
    }

    private static func peer(_ context: ChannelHandlerContext) -> String {
        context.channel.remoteAddress.map { "\($0)" } ?? "an unknown address"
    }
}
