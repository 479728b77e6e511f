import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1

/// Between NIO's HTTP/1 decoder and encoder and Hummingbird's HTTP types: converts the parts as
/// NIO's `HTTP1ToHTTPServerCodec` does, and keeps the HTTP/1 rules Hummingbird leaves to the
/// application, which need the request's version that the conversion drops:
///
/// - a request that does not keep the connection alive (HTTP/1.0 without `Connection: keep-alive`,
///   or `Connection: close` in any case) is answered with `Connection: close` and the connection
///   is closed after the response, so a client reading to EOF gets it;
/// - an HTTP/1.0 keep-alive request gets `Connection: keep-alive` back;
/// - a request NIO's parser rejects (garbage, an overlong header, bytes HTTP does not allow) gets
///   the feed's JSON error instead of an empty 400, and CONNECT a JSON 405: nothing reaches the
///   application for either.
///
/// One handler for both jobs, not the two it was: every part in and out of a connection passes
/// each handler of the pipeline, and a second one cost about 4k instructions a request.
final class HTTP1Codec: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    /// Writes the JSON errors as raw bytes (see `ConnectionGate.answerAndClose`), and hears when a
    /// request has arrived whole (its request timeout stops).
    private let gate: ConnectionGate
    /// From SIGTERM on, every request is the connection's last: answered with `Connection: close`.
    private let readiness: Readiness
    /// The requests read and not yet answered, oldest first (pipelining answers in order).
    private var pending: [(keepAlive: Bool, version: HTTPVersion)] = []
    private var input = Input.reading

    /// What becomes of the bytes that come next on the connection.
    private enum Input {
        /// Requests are read and passed on.
        case reading
        /// The last request to answer has been read (it did not keep the connection alive, was
        /// CONNECT, or was refused by the parser): what follows it is not.
        case stopped
        /// The parser refused bytes that came after requests still being answered: nothing more
        /// is read, and the connection closes once those are answered.
        case closingWhenAnswered
    }

    init(gate: ConnectionGate, readiness: Readiness) {
        self.gate = gate
        self.readiness = readiness
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard input == .reading else { return }
        switch unwrapInboundIn(data) {
        case .head(let head):
            if head.method == .CONNECT {
                input = .stopped
                gate.answerAndClose(.methodNotAllowed(.connect, path: head.uri, allowed: [.get, .head, .options]))
                return
            }
            // While the server drains, no connection stays open for a request it may not answer.
            let keepAlive = head.isKeepAlive && !readiness.isDraining
            pending.append((keepAlive, head.version))
            do {
                var request = try HTTPRequest(head, secure: false, splitCookie: false)
                // Hummingbird stops reading after a response when the request says exactly "close".
                if !keepAlive { request.headerFields[.connection] = "close" }
                context.fireChannelRead(wrapInboundOut(.head(request)))
            } catch {
                context.fireErrorCaught(error)
            }
        case .body(let body):
            context.fireChannelRead(wrapInboundOut(.body(body)))
        case .end(let trailers):
            gate.requestArrived()
            if pending.last?.keepAlive == false { input = .stopped }
            context.fireChannelRead(wrapInboundOut(.end(trailers.map { HTTPFields($0, splitCookie: false) })))
        }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(let response):
            var head = HTTPResponseHead(response)
            // An HTTP/1.1 keep-alive request (nearly all) leaves its response's head as it is.
            if let request = pending.first, !request.keepAlive || request.version.minor == 0 {
                head.headers.replaceOrAdd(name: "connection", value: request.keepAlive ? "keep-alive" : "close")
            }
            context.write(wrapOutboundOut(.head(head)), promise: promise)
        case .body(let body):
            context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: promise)
        case .end(let trailers):
            let end = wrapOutboundOut(.end(trailers.map(HTTPHeaders.init)))
            let request = pending.isEmpty ? nil : pending.removeFirst()
            guard let request, !request.keepAlive || (input == .closingWhenAnswered && pending.isEmpty) else {
                context.write(end, promise: promise)
                return
            }
            context.writeAndFlush(end).assumeIsolated().whenComplete { result in
                context.close(promise: nil)
                promise?.completeWith(result)
            }
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let parseError = error as? HTTPParserError else {
            context.fireErrorCaught(error)
            return
        }
        let wasReading = input == .reading
        if !pending.isEmpty {
            // Bytes after a request still being answered (llhttp also refuses any after
            // `Connection: close`): answer that request, then close.
            input = .closingWhenAnswered
            return
        }
        input = .stopped
        if wasReading {
            gate.reject(parseError)
        } else {
            context.close(promise: nil)
        }
    }
}
