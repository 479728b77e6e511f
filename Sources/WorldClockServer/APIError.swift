import Foundation
import Hummingbird
import NIOHTTP1
import WorldClock

/// Every error the feed answers with: a status and the feed's JSON error body
/// `{"error":{"code":"…","message":"…"}}`, whose message says what was wrong and what is expected.
struct APIError: HTTPResponseError, Equatable {
    let status: HTTPResponse.Status
    /// A stable, machine-readable code: `unknown_zone`, `invalid_at`, ….
    let code: String
    let message: String
    /// Extra headers (`Allow` on a 405).
    var headers: HTTPFields = [:]

    static func badRequest(_ code: String, _ message: String) -> APIError {
        APIError(status: .badRequest, code: code, message: message)
    }

    static func notFound(path: String) -> APIError {
        APIError(status: .notFound, code: "not_found",
                 message: "no route \(QueryString.printable(path)); the feed serves /v1/sections, /v1/search, /v1/zones/{zone}, /v1/meta, /healthz and /openapi.yaml")
    }

    static func methodNotAllowed(_ method: HTTPRequest.Method, path: String, allowed: [HTTPRequest.Method]) -> APIError {
        let list = allowed.map(\.rawValue).joined(separator: ", ")
        return APIError(status: .methodNotAllowed, code: "method_not_allowed",
                        message: "\(method.rawValue) is not allowed on \(QueryString.printable(path)); use \(list)",
                        headers: [.allow: list])
    }

    /// Past `maxConnections` (the connection is closed after it).
    static func tooManyConnections(limit: Int) -> APIError {
        APIError(status: .serviceUnavailable, code: "too_many_connections",
                 message: "the server has \(limit) connections open, its limit; retry in a moment")
    }

    /// A request NIO's HTTP/1 parser refused, before routing.
    static func malformedRequest(_ error: HTTPParserError) -> APIError {
        if error == .headerOverflow {
            return APIError(status: .init(code: 431, reasonPhrase: "Request Header Fields Too Large"), code: "headers_too_large",
                            message: "the request line and headers are over \(ServerLimits.maximumHeaderBytes) bytes, or over \(ServerLimits.maximumHeaderFields) header fields")
        }
        return APIError(status: .badRequest, code: "malformed_request",
                        message: "the request is not valid HTTP/1.1 (\(error)); send e.g. \"GET /v1/sections HTTP/1.1\" with ASCII headers and a percent-encoded path")
    }

    static let internalError = APIError(status: .internalServerError, code: "internal_error",
                                        message: "the server failed to answer; the error is in its log")

    /// The JSON body.
    var body: Data { FeedJSON.encode(FeedError(code: code, message: message)) }

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
