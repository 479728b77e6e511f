import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import ServerConfiguration
import WorldClockKit

/// The decoder's limits: a GET of this feed needs a few hundred bytes of head; these leave room
/// for proxies' headers and refuse what only an attack sends (Hummingbird's default is 80 KB).
enum ServerLimits {
    static let maximumHeaderBytes = 16 * 1024
    static let maximumHeaderFields = 100
}

/// Hummingbird's HTTP/1 channel (`HTTP1Channel`) with `ConnectionGate` in front of NIO's decoder
/// (connection limit, request timeout) and `HTTP1Codec` in place of the conversion to HTTP types
/// (HTTP/1.0 and `Connection: close`, parser errors and CONNECT as JSON).
///
/// The pipeline is `HTTP1Channel.setup`'s, built here rather than changed after it is built:
/// the conversion and the HTTP/1 rules are one handler, not two, so each part crosses one handler
/// fewer. Requests are then served by Hummingbird's own loop (`handleHTTP`), as `HTTP1Channel`'s are.
///
/// Why not Hummingbird's `.http1()` (issue 53, measured side by side: docs/server.md, "Why our own"):
/// the stock channel costs about 5 % fewer instructions a request (163k against 171k on `/healthz`)
/// because it does less. It drops the request's version, so HTTP/1.0 without keep-alive and a lone
/// `Connection: CLOSE` are left open; what the parser refuses is an empty 400 (a 20 KB head too),
/// CONNECT an empty 404, a raw UTF-8 request line an empty 400; and it has no connection limit,
/// request timeout or client presence (`ConnectionTests`, `RawUTF8QueryTests`,
/// `OperationsMetricsTests` and `ReadinessTests` fail with it). Its `additionalChannelHandlers`
/// come after the conversion, too late for the version and the raw bytes.
struct GuardedHTTP1Channel: ServerChildChannel, HTTPChannelHandler {
    typealias Value = NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>

    let responder: HTTPChannelHandler.Responder
    let limits: ConnectionLimits
    /// Hummingbird closes a connection with no request in progress for this long.
    let idleTimeout: Duration
    /// Whether the server drains (`HTTP1Codec` then closes each connection after its answer).
    let readiness: Readiness

    init(
        responder: @escaping HTTPChannelHandler.Responder, configuration: FeedServerConfiguration, limits: ConnectionLimits,
        readiness: Readiness = Readiness()
    ) {
        self.responder = responder
        self.readiness = readiness
        self.limits = limits
        self.idleTimeout = configuration.idleTimeout
    }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            let pipeline = channel.pipeline.syncOperations
            let gate = ConnectionGate(limits: limits)
            try pipeline.addHandler(gate)
            var decoderLimits = NIOHTTPDecoderLimitConfiguration()
            decoderLimits.maxHeaderFieldSize = ServerLimits.maximumHeaderBytes
            decoderLimits.maxHeaderListSize = ServerLimits.maximumHeaderBytes
            decoderLimits.maxHeaderFieldCount = ServerLimits.maximumHeaderFields
            try pipeline.configureHTTPServerPipeline(
                withPipeliningAssistance: false,  // NIOAsyncChannel reads requests one at a time
                withErrorHandling: false,  // HTTP1Codec answers parse errors
                withOutboundHeaderValidation: false,  // HTTP types validate their fields
                withEncoderConfiguration: .init(),
                withDecoderLimitConfiguration: decoderLimits
            )
            try pipeline.addHandler(HTTP1Codec(gate: gate, readiness: readiness))
            try pipeline.addHandler(HTTPConnectionStateHandler(idleTimeout: idleTimeout, logger: logger))
            return try NIOAsyncChannel(wrappingChannelSynchronously: channel, configuration: .init(isOutboundHalfClosureEnabled: true))
        }
    }

    func handle(value: Value, logger: Logger) async {
        await handleHTTP(asyncChannel: value, logger: logger)
    }
}
