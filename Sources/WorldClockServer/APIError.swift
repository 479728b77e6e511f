import HangulIndex
import Hummingbird
import NIOHTTP1
internal import WireCore
import WorldClockKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Every error the feed answers with: a status and the feed's JSON error body
/// `{"error":{"code":"…","message":"…"}}`, whose message says what was wrong and what is expected.
struct APIError: HTTPResponseError, Equatable {
    let status: HTTPResponse.Status
    /// A stable, machine-readable code: `unknown_zone`, `invalid_at`, …, or `http_` and the status
    /// for a refusal of Hummingbird's own (`http_413`).
    let code: String
    let message: String
    /// Extra headers (`Allow` on a 405).
    var headers: HTTPFields = [:]

    /// Whether the feed answers with `refusal` (the OpenAPI document lists exactly these codes):
    /// a case added to `Refusal` fails to compile here until the server says.
    static func answers(_ refusal: Refusal) -> Bool {
        switch refusal {
        case .notFound, .unknownZone, .invalidUTF8, .emptyQuery, .queryTooLong, .tooManyCombiningMarks, .missingParameter, .unknownParameter,
            .duplicateParameter, .queryStringTooLong, .invalidPercentEncoding, .invalidAt, .invalidTransitions, .invalidSection, .invalidLimit,
            .invalidZones, .malformedRequest, .headersTooLarge, .methodNotAllowed, .internalError, .tooManyConnections, .busy, .shuttingDown:
            true
        // The command line's own, and the plan's (the web module plans, the feed does not); a
        // client that closed its connection never reads its 499, which shows in the log only.
        case .usage, .badRequest, .data, .io, .clientClosedRequest: false
        }
    }

    /// The status the table gives `refusal`, with its reason phrase.
    static func status(_ refusal: Refusal) -> HTTPResponse.Status {
        switch refusal.httpStatus {
        case 400: .badRequest
        case 404: .notFound
        case 405: .methodNotAllowed
        case 431: .init(code: 431, reasonPhrase: "Request Header Fields Too Large")
        case 499: .init(code: 499, reasonPhrase: "Client Closed Request")
        case 500: .internalServerError
        case 503: .serviceUnavailable
        case let code: .init(code: code)
        }
    }

    /// A refusal of the table every surface shares, with its status there.
    init(_ refusal: Refusal, message: String, headers: HTTPFields = [:]) {
        self.status = Self.status(refusal)
        self.code = refusal.code
        self.message = message
        self.headers = headers
    }

    /// A 4xx that Hummingbird itself threw (a body too large, …), in the feed's JSON.
    static func http(_ status: HTTPResponse.Status) -> APIError {
        APIError(status: status, rawCode: "http_\(status.code)", message: "\(status.code) \(status.reasonPhrase)")
    }

    private init(status: HTTPResponse.Status, rawCode: String, message: String) {
        self.status = status
        self.code = rawCode
        self.message = message
    }

    static func refused(_ refusal: Refusal, _ message: String) -> APIError {
        APIError(refusal, message: message)
    }

    static func notFound(path: String) -> APIError {
        APIError(
            .notFound,
            message:
                """
                no route \(QueryString.printable(path)); the feed serves /v1/sections, /v1/search, /v1/zones/{zone}, /v1/meta, /healthz and \
                /openapi.yaml
                """
        )
    }

    static func methodNotAllowed(_ method: HTTPRequest.Method, path: String, allowed: [HTTPRequest.Method]) -> APIError {
        let list = allowed.map(\.rawValue).joined(separator: ", ")
        return APIError(
            .methodNotAllowed,
            message: "\(method.rawValue) is not allowed on \(QueryString.printable(path)); use \(list)",
            headers: [.allow: list])
    }

    /// Past `maxConnections` (the connection is closed after it).
    static func tooManyConnections(limit: Int) -> APIError {
        APIError(
            .tooManyConnections,
            message: "the server has \(limit) connections open, its limit; retry in a moment")
    }

    /// A costly request (a body not in the cache) while as many wait for the cores kept for them
    /// as `CostlyWork` queues: a JSON 503 with `Retry-After` rather than a longer wait.
    static func busy(retryAfter seconds: Int) -> APIError {
        APIError(
            .busy,
            message:
                """
                the server is building as many uncached bodies as it queues; retry in \(seconds) s, or ask for the current feed (without at= \
                and transitions=), which is always cached
                """,
            headers: [.retryAfter: String(seconds)])
    }

    /// `/readyz` from SIGTERM on: the server drains and will stop; a load balancer sends new
    /// clients elsewhere.
    static let shuttingDown = APIError(
        .shuttingDown, message: "the server is shutting down; it finishes what it was asked and stops")

    /// A costly request whose client closed the connection (or whose task was cancelled) while it
    /// waited for `CostlyWork`: its body is not built. It shows in the request log as 499, nginx's
    /// status for the same case; only a client that shut down its sending side and still reads
    /// receives it.
    static let clientGone = APIError(
        .clientClosedRequest,
        message: "the client closed the connection before its request was served")

    /// A request NIO's HTTP/1 parser refused, before routing.
    static func malformedRequest(_ error: HTTPParserError) -> APIError {
        if error == .headerOverflow {
            return APIError(
                .headersTooLarge,
                message:
                    """
                    the request line and headers are over \(ServerLimits.maximumHeaderBytes) bytes, or over \(ServerLimits.maximumHeaderFields) \
                    header fields
                    """
            )
        }
        return APIError(
            .malformedRequest,
            message:
                "the request is not valid HTTP/1.1 (\(error)); send e.g. \"GET /v1/sections HTTP/1.1\" with ASCII headers and a percent-encoded path")
    }

    static let internalError = APIError(
        .internalError,
        message: "the server failed to answer; the error is in its log")

    /// The JSON body.
    var body: Data { Data(JSONWriter.error(code: code, message: message)) }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        response(isHead: request.method == .head)
    }

    /// The error response, without a body for HEAD. Errors are not cached.
    func response(isHead: Bool) -> Response {
        var fields = headers
        fields[.contentType] = "application/json; charset=utf-8"
        fields[.cacheControl] = "no-store"
        let buffer = ByteBuffer(bytes: body)
        let response = Response(status: status, headers: fields, body: .init(byteBuffer: buffer))
        return isHead ? response.createHeadResponse() : response
    }
}
