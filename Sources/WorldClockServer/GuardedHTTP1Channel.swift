import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import ServerConfiguration
import WorldClockKit

/// The decoder's limits: a GET of this feed needs a few hundred bytes of head; these leave room
/// for proxies' headers and refuse what only an attack sends (Hummingbird's default is 80 KB).
enum ServerLimits {
    static let maximumHeaderBytes = 16 * 1024
    static let maximumHeaderFields = 100
}

/// Hummingbird's HTTP/1 channel with `ConnectionGate` in front of its decoder (connection limit,
/// request timeout) and `HTTP1Semantics` behind it (HTTP/1.0 and `Connection: close`, parser
/// errors and CONNECT as JSON).
struct GuardedHTTP1Channel: ServerChildChannel {
    typealias Value = HTTP1Channel.Value

    let base: HTTP1Channel
    let limits: ConnectionLimits

    init(responder: @escaping HTTPChannelHandler.Responder, configuration: FeedServerConfiguration, limits: ConnectionLimits) {
        base = HTTP1Channel(
            responder: responder,
            configuration: .init(
                idleTimeout: .nanoseconds(
                    Int64(configuration.idleTimeout.components.seconds) * 1_000_000_000
                        + configuration.idleTimeout.components.attoseconds / 1_000_000_000),
                httpDecoderConfiguration: .init(
                    maxHeaderFieldSize: ServerLimits.maximumHeaderBytes,
                    maxHeaderListSize: ServerLimits.maximumHeaderBytes,
                    maxHeaderFieldCount: ServerLimits.maximumHeaderFields)))
        self.limits = limits
    }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let limits = self.limits
        return channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(ConnectionGate(limits: limits))
        }.flatMap {
            base.setup(channel: channel, logger: logger)
        }.flatMapThrowing { value in
            let pipeline = channel.pipeline.syncOperations
            let gate = try pipeline.handler(type: ConnectionGate.self)
            let decoder = try pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            try pipeline.addHandler(HTTP1Semantics(gate: gate), position: .after(decoder))
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }
}
