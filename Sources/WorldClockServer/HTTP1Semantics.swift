import NIOCore
import NIOHTTP1

/// HTTP/1 rules Hummingbird leaves to the application, between NIO's decoder and the conversion
/// to HTTP types (which drops the request's version):
///
/// - a request that does not keep the connection alive (HTTP/1.0 without `Connection: keep-alive`,
///   or `Connection: close` in any case) is answered with `Connection: close` and the connection
///   is closed after the response, so a client reading to EOF gets it;
/// - an HTTP/1.0 keep-alive request gets `Connection: keep-alive` back;
/// - a request NIO's parser rejects (garbage, an overlong header, bytes HTTP does not allow) gets
///   the feed's JSON error instead of an empty 400, and CONNECT a JSON 405: nothing reaches the
///   application for either.
final class HTTP1Semantics: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    /// Writes the JSON errors as raw bytes (see `ConnectionGate.answerAndClose`).
    private let gate: ConnectionGate
    /// The requests read and not yet answered, oldest first (pipelining answers in order).
    private var pending: [(keepAlive: Bool, version: HTTPVersion)] = []
    /// The last request to answer has been read: what follows it on the connection is not.
    private var stopReading = false
    /// A parse error came while requests were pending: close once they are answered.
    private var closeWhenAnswered = false

    init(gate: ConnectionGate) {
        self.gate = gate
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !stopReading else { return }
        // Parts pass on as they came (`data`), unwrapped to look at but not wrapped again: a new
        // `NIOAny` is an allocation, and only a head that must say "close" is changed.
        switch unwrapInboundIn(data) {
        case .head(let head):
            if head.method == .CONNECT {
                stopReading = true
                gate.answerAndClose(.methodNotAllowed(.connect, path: head.uri, allowed: [.get, .head, .options]))
                return
            }
            let keepAlive = head.isKeepAlive
            pending.append((keepAlive, head.version))
            if keepAlive {
                context.fireChannelRead(data)
            } else {
                // Hummingbird stops reading after a response when the request says exactly "close".
                var head = head
                head.headers.replaceOrAdd(name: "connection", value: "close")
                context.fireChannelRead(wrapInboundOut(.head(head)))
            }
        case .body:
            context.fireChannelRead(data)
        case .end:
            if pending.last?.keepAlive == false { stopReading = true }
            context.fireChannelRead(data)
        }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(let head):
            // An HTTP/1.1 keep-alive request (nearly all) leaves its response's head as it is.
            guard let request = pending.first, !request.keepAlive || request.version.minor == 0 else {
                context.write(data, promise: promise)
                return
            }
            var changed = head
            changed.headers.replaceOrAdd(name: "connection", value: request.keepAlive ? "keep-alive" : "close")
            context.write(wrapOutboundOut(.head(changed)), promise: promise)
        case .end:
            let request = pending.isEmpty ? nil : pending.removeFirst()
            guard let request, !request.keepAlive || (closeWhenAnswered && pending.isEmpty) else {
                context.write(data, promise: promise)
                return
            }
            context.writeAndFlush(data).assumeIsolated().whenComplete { result in
                context.close(promise: nil)
                promise?.completeWith(result)
            }
        case .body:
            context.write(data, promise: promise)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let parseError = error as? HTTPParserError else {
            context.fireErrorCaught(error)
            return
        }
        let wasReading = !stopReading
        stopReading = true
        if !pending.isEmpty {
            // Bytes after a request still being answered (llhttp also refuses any after
            // `Connection: close`): answer that request, then close.
            closeWhenAnswered = true
        } else if wasReading {
            gate.answerAndClose(.malformedRequest(parseError))
        } else {
            context.close(promise: nil)
        }
    }
}
