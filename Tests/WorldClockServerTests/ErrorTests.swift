import CatalogueBuilder
import Foundation
import HTTPTypes
import HangulIndex
import Hummingbird
import Testing
import WireCore
import WorldClockKit

@testable import WorldClockServer

/// One bad request and what the feed must answer.
struct BadRequest: Sendable, CustomTestStringConvertible {
    let method: HTTPRequest.Method
    let uri: String
    let status: HTTPResponse.Status
    let code: String
    /// Words the message must contain (what was wrong, what is expected).
    let message: [String]

    init(_ method: HTTPRequest.Method, _ uri: String, _ status: HTTPResponse.Status, _ code: String, _ message: String...) {
        self.method = method
        self.uri = uri
        self.status = status
        self.code = code
        self.message = message
    }

    init(_ uri: String, _ status: HTTPResponse.Status, _ code: String, _ message: String...) {
        self.method = .get
        self.uri = uri
        self.status = status
        self.code = code
        self.message = message
    }

    var testDescription: String { "\(method) \(uri.prefix(60)) → \(status.code) \(code)" }
}

let badRequests: [BadRequest] = [
    // Zones.
    BadRequest("/v1/zones/Etc/GMT+5x", .notFound, "unknown_zone", "\"Etc/GMT+5x\""),  // + stays + in a path
    BadRequest("/v1/zones/Mars/Olympus", .notFound, "unknown_zone", "\"Mars/Olympus\"", "not a zone", "Asia/Seoul"),
    BadRequest("/v1/zones/asia/seoul", .notFound, "unknown_zone", "case-sensitive", "did you mean Asia/Seoul?"),
    BadRequest("/v1/zones/Asia/Seoul?at=noon", .badRequest, "invalid_at", "'at'", "\"noon\"", "2026-07-15T12:00:00Z"),
    BadRequest("/v1/zones/Asia/Seoul?section=ㄱ", .badRequest, "unknown_parameter", "'section'", "takes only 'at', 'transitions'"),
    BadRequest("/v1/zones/Asia/Seoul?transitions=731", .badRequest, "invalid_transitions", "'transitions'", "0 to 730", "\"731\""),
    BadRequest("/v1/zones/Asia/Seoul?transitions=-1", .badRequest, "invalid_transitions", "'transitions'"),
    BadRequest("/v1/zones/Asia%zzSeoul", .badRequest, "invalid_percent_encoding", "zone id", "two hex digits"),
    BadRequest("/v1/zones/Asia%FFSeoul", .badRequest, "invalid_utf8", "zone id", "UTF-8"),
    // Sections.
    BadRequest("/v1/sections?section=ab", .badRequest, "invalid_section", "'section'", "\"ab\" is not a section", "valid sections: ㄱ", "ㅎ", "Z", "#"),
    BadRequest("/v1/sections?section=", .badRequest, "invalid_section", "'section'", "empty section", "valid sections"),
    BadRequest("/v1/sections?section=ㅏ", .badRequest, "invalid_section", "'section'"),
    BadRequest("/v1/sections?at=2026-13-45T00:00:00Z", .badRequest, "invalid_at", "'at'", "RFC 3339", "month 13 is not 01–12"),
    // `at` is strict RFC 3339 (issue 13: Foundation's parser ignored junk, rolled dates over, took +0900).
    BadRequest("/v1/sections?at=2026-07-15T12:00:00Zjunk", .badRequest, "invalid_at", "\"junk\" after the UTC offset"),
    BadRequest("/v1/sections?at=2026-02-30T12:00:00Z", .badRequest, "invalid_at", "February 2026 has 28 days, not 30"),
    BadRequest("/v1/sections?at=2026-07-15T21:00:00%2B0900", .badRequest, "invalid_at", "±HH:MM with a colon"),
    BadRequest("/v1/sections?at=2026-07-15T21:00:00%2B09:00:00", .badRequest, "invalid_at", "\":00\" after the UTC offset"),
    BadRequest("/v1/sections?at=2026-07-15T21:00:00GMT", .badRequest, "invalid_at", "expected Z or ±HH:MM"),
    BadRequest("/v1/sections?at=2026-07-15T21:00:00+09:00", .badRequest, "invalid_at", "send '+' as %2B"),
    BadRequest("/v1/sections?at=0000-12-31T00:00:00Z", .badRequest, "invalid_at", "year 0000"),
    BadRequest("/v1/sections?at=", .badRequest, "invalid_at", "'at'"),
    BadRequest("/v1/sections?section=ㄱ&section=ㄴ", .badRequest, "duplicate_parameter", "'section'", "more than once"),
    BadRequest("/v1/sections?lang=ko", .badRequest, "unknown_parameter", "'lang'", "takes only 'section', 'at', 'transitions'"),
    BadRequest("/v1/sections?transitions=1e3", .badRequest, "invalid_transitions", "'transitions'", "whole number"),
    BadRequest("/v1/sections?transitions=", .badRequest, "invalid_transitions", "'transitions'"),
    // Search.
    BadRequest("/v1/search", .badRequest, "missing_parameter", "'q' is required"),
    BadRequest("/v1/search?limit=5", .badRequest, "missing_parameter", "'q' is required"),
    BadRequest("/v1/search?q=", .badRequest, "empty_query", "'q'", "empty"),
    BadRequest("/v1/search?q=+%20+", .badRequest, "empty_query", "'q'", "empty"),
    BadRequest("/v1/search?q=" + String(repeating: "가", count: 101), .badRequest, "query_too_long", "'q'", "101 Unicode code points", "limit is 100"),
    // One character of 337 scalars (issue 13: it passed the limit in characters and cost 100× a search).
    BadRequest("/v1/search?q=f" + String(repeating: "%CC%81", count: 336) + "x", .badRequest, "query_too_long", "'q'", "338 Unicode code points"),
    BadRequest(
        "/v1/search?q=f" + String(repeating: "%CC%81", count: 5), .badRequest, "too_many_combining_marks", "'q'", "more than 4 combining marks"),
    BadRequest("/v1/search?q=" + String(repeating: "a", count: 3000), .badRequest, "query_string_too_long", "3002 bytes", "2048"),
    BadRequest("/v1/search?q=a&limit=0", .badRequest, "invalid_limit", "'limit'", "1 to 100", "\"0\""),
    BadRequest("/v1/search?q=a&limit=101", .badRequest, "invalid_limit", "'limit'", "\"101\""),
    BadRequest("/v1/search?q=a&limit=-1", .badRequest, "invalid_limit", "'limit'"),
    BadRequest("/v1/search?q=a&limit=abc", .badRequest, "invalid_limit", "'limit'", "\"abc\""),
    BadRequest("/v1/search?q=a&limit=1.5", .badRequest, "invalid_limit", "'limit'"),
    BadRequest("/v1/search?q=a&limit=", .badRequest, "invalid_limit", "'limit'"),
    BadRequest("/v1/search?q=a&limit=99999999999999999999", .badRequest, "invalid_limit", "'limit'"),
    BadRequest("/v1/search?q=a&at=tomorrow", .badRequest, "invalid_at", "'at'"),
    BadRequest("/v1/search?q=a&q=b", .badRequest, "duplicate_parameter", "'q'"),
    // Malformed query strings: never a 500, never the raw text passed through.
    BadRequest("/v1/search?q=%zz", .badRequest, "invalid_percent_encoding", "the value of 'q'", "\"%zz\"", "two hex digits"),
    BadRequest("/v1/search?q=%E0%A4", .badRequest, "invalid_utf8", "the value of 'q'", "UTF-8"),
    BadRequest("/v1/search?q=%FF", .badRequest, "invalid_utf8", "the value of 'q'", "UTF-8"),
    BadRequest("/v1/search?q=%C0%AF", .badRequest, "invalid_utf8", "the value of 'q'"),  // overlong "/"
    BadRequest("/v1/search?q=%ED%A0%80", .badRequest, "invalid_utf8", "the value of 'q'"),  // a surrogate
    BadRequest("/v1/search?q=a\u{FFFD}", .badRequest, "invalid_utf8", "the value of 'q'"),  // a raw byte, replaced before routing
    BadRequest("/v1/search?q=abc%", .badRequest, "invalid_percent_encoding", "the value of 'q'"),
    BadRequest("/v1/search?q=abc%4", .badRequest, "invalid_percent_encoding", "the value of 'q'", "\"%4\""),
    BadRequest("/v1/search?%zz=1", .badRequest, "invalid_percent_encoding", "a parameter name"),
    BadRequest("/v1/search?%FF=1", .badRequest, "invalid_utf8", "a parameter name"),
    BadRequest("/v1/sections?section=%zz", .badRequest, "invalid_percent_encoding", "the value of 'section'"),
    BadRequest("/v1/sections?at=%FF", .badRequest, "invalid_utf8", "the value of 'at'"),
    // Endpoints without parameters.
    BadRequest("/v1/meta?v=2", .badRequest, "unknown_parameter", "'v'", "takes no parameters"),
    BadRequest("/healthz?x", .badRequest, "unknown_parameter", "'x'"),
    BadRequest("/openapi.yaml?format=json", .badRequest, "unknown_parameter", "'format'"),
    // Routes and methods.
    BadRequest("/v1/nowhere", .notFound, "not_found", "no route /v1/nowhere", "/v1/sections"),
    BadRequest("/index.html", .notFound, "not_found", "no route /index.html"),
    BadRequest("/v1/zones", .notFound, "not_found"),
    BadRequest("/v2/sections", .notFound, "not_found"),
    // An empty segment or a trailing slash is not the zone (issue 13: both answered 200).
    BadRequest("/v1/zones//Asia/Seoul", .notFound, "not_found", "empty segment or trailing slash", "did you mean /v1/zones/Asia/Seoul?"),
    BadRequest("/v1/zones/Asia/Seoul/", .notFound, "not_found", "did you mean /v1/zones/Asia/Seoul?"),
    BadRequest("/v1/sections/", .notFound, "not_found", "did you mean /v1/sections?"),
    BadRequest("//healthz", .notFound, "not_found", "did you mean /healthz?"),
    // The check stops at the query: its slashes are the parameter's, a path's before it are not.
    BadRequest("/v1/zones/Asia/Seoul/?at=2026-01-01T00:00:00Z", .notFound, "not_found", "did you mean /v1/zones/Asia/Seoul?"),
    BadRequest("/healthz?a=//", .badRequest, "unknown_parameter"),
    BadRequest(.post, "/v1/sections", .methodNotAllowed, "method_not_allowed", "POST is not allowed on /v1/sections", "GET, HEAD, OPTIONS"),
    BadRequest(.delete, "/v1/zones/Asia/Seoul", .methodNotAllowed, "method_not_allowed", "DELETE", "/v1/zones/Asia/Seoul"),
    BadRequest(.put, "/healthz", .methodNotAllowed, "method_not_allowed", "PUT"),
    BadRequest(.patch, "/openapi.yaml", .methodNotAllowed, "method_not_allowed"),
    BadRequest(.post, "/v1/search?q=%zz", .methodNotAllowed, "method_not_allowed"),
    BadRequest(.post, "/nowhere", .notFound, "not_found"),
    // A method no standard names (schemathesis sends QUERY): 405 on a path that exists, 404 elsewhere.
    BadRequest(
        HTTPRequest.Method("QUERY")!, "/v1/meta", .methodNotAllowed, "method_not_allowed", "QUERY is not allowed on /v1/meta", "GET, HEAD, OPTIONS"),
    BadRequest(HTTPRequest.Method("FOO")!, "/v1/sections/%E3%84%B1", .methodNotAllowed, "method_not_allowed", "FOO is not allowed"),
    BadRequest(HTTPRequest.Method("QUERY")!, "/nowhere", .notFound, "not_found"),
]

@Suite("Errors")
struct ErrorTests {
    @Test("every bad request gets its status and a JSON error saying what was wrong", arguments: badRequests)
    func badRequest(_ bad: BadRequest) async throws {
        try await withApp { client in
            try await client.execute(uri: bad.uri, method: bad.method) { response in
                #expect(response.status == bad.status)
                #expect(response.headers[.contentType] == "application/json; charset=utf-8")
                #expect(response.headers[.cacheControl] == "no-store")
                let error = try #require(response.error, "body: \(response.text)")
                #expect(error.error.code == bad.code)
                for words in bad.message {
                    #expect(error.error.message.contains(words), "\(error.error.message)")
                }
                if bad.status == .methodNotAllowed {
                    #expect(response.headers[.allow] == "GET, HEAD, OPTIONS")
                }
            }
        }
    }

    @Test("a HEAD request that fails gets the status and headers without the body")
    func headError() async throws {
        try await withApp { client in
            try await client.execute(uri: "/v1/zones/Mars/Olympus", method: .head) { response in
                #expect(response.status == .notFound)
                #expect(response.body.readableBytes == 0)
            }
        }
    }
}

@Suite("CORS")
struct CORSTests {
    @Test("a preflight from another origin is allowed GET, HEAD and OPTIONS with If-None-Match")
    func preflight() async throws {
        try await withApp { client in
            let headers: HTTPFields = [
                .origin: "https://example.org", .accessControlRequestMethod: "GET",
                .accessControlRequestHeaders: "if-none-match",
            ]
            try await client.execute(uri: "/v1/sections", method: .options, headers: headers) { response in
                #expect(response.status == .noContent)
                #expect(response.headers[.accessControlAllowOrigin] == "*")
                #expect(response.headers[.accessControlAllowMethods] == "GET, HEAD, OPTIONS")
                #expect(response.headers[.accessControlAllowHeaders]?.lowercased().contains("if-none-match") == true, "\(response.headers)")
                #expect(response.headers[.accessControlExposeHeaders] == "ETag, Content-Location, X-Request-Id")
            }
        }
    }

    @Test("a cross-origin GET may read the body and the ETag, errors included")
    func simpleRequest() async throws {
        try await withApp { client in
            for uri in ["/v1/meta", "/v1/zones/Mars/Olympus"] {
                try await client.execute(uri: uri, method: .get, headers: [.origin: "https://example.org"]) { response in
                    #expect(response.headers[.accessControlAllowOrigin] == "*", "\(uri)")
                    #expect(response.headers[.accessControlExposeHeaders] == "ETag, Content-Location, X-Request-Id", "\(uri)")
                }
            }
            // A method no standard names gets its 405 as an error like any other.
            try await client.execute(uri: "/v1/meta", method: HTTPRequest.Method("QUERY")!, headers: [.origin: "https://example.org"]) { response in
                #expect(response.status == .methodNotAllowed)
                #expect(response.headers[.accessControlAllowOrigin] == "*")
            }
        }
    }

    @Test("OPTIONS without an origin lists the methods of an existing path")
    func options() async throws {
        try await withApp { client in
            try await client.execute(uri: "/v1/zones/Asia/Seoul", method: .options) { response in
                #expect(response.status == .noContent)
                #expect(response.headers[.allow] == "GET, HEAD, OPTIONS")
            }
            try await client.execute(uri: "/nowhere", method: .options) { response in
                #expect(response.status == .notFound)
            }
        }
    }
}

@Suite("Request log")
struct RequestLogTests {
    @Test("one line per request with method, path, status and duration; none when quiet")
    func logLines() async throws {
        let log = CapturedLog()
        try await withApp(quiet: false, logger: log.logger) { client in
            try await client.execute(uri: "/v1/meta", method: .get) { _ in }
            try await client.execute(uri: "/v1/zones/Mars/Olympus", method: .get) { _ in }
        }
        let lines = log.lines.withLock { $0 }.filter { $0.contains("/v1/") }
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("info GET /v1/meta 200 ") == true)
        #expect(lines.first?.hasSuffix(" ms") == true)
        #expect(lines.last?.hasPrefix("info GET /v1/zones/Mars/Olympus 404 ") == true)

        let quiet = CapturedLog()
        try await withApp(quiet: true, logger: quiet.logger) { client in
            try await client.execute(uri: "/v1/meta", method: .get) { _ in }
        }
        #expect(quiet.lines.withLock { $0 }.filter { $0.contains("/v1/") }.isEmpty)
    }

    @Test(
        """
        every response has its line, whoever answers it: a route, the 405 of a path's other methods, a preflight, the router's 404, a method no \
        standard names
        """,
        arguments: [
            ("/v1/meta", HTTPRequest.Method.get, [HTTPField.Name: String](), "info GET /v1/meta 200 "),
            ("/v1/meta", .post, [:], "info POST /v1/meta 405 "),
            ("/v1/meta", .options, [.origin: "https://example.com"], "info OPTIONS /v1/meta 204 "),
            ("/nowhere?q=1", .get, [:], "info GET /nowhere?q=1 404 "),
            ("/v1/meta", HTTPRequest.Method("QUERY")!, [:], "info QUERY /v1/meta 405 "),
            ("/v1//meta", .get, [:], "info GET /v1//meta 404 "),
        ])
    func everyResponse(path: String, method: HTTPRequest.Method, headers: [HTTPField.Name: String], line: String) async throws {
        let log = CapturedLog()
        try await withApp(quiet: false, logger: log.logger) { client in
            var fields = HTTPFields()
            for (name, value) in headers { fields[name] = value }
            try await client.execute(uri: path, method: method, headers: fields) { _ in }
        }
        let lines = log.lines.withLock { $0 }.filter { $0.hasPrefix("info ") && $0.hasSuffix(" ms") }
        #expect(lines.count == 1, "\(lines)")
        #expect(lines.first?.hasPrefix(line) == true, "\(lines)")
    }
}

/// The feed answers each refusal of the one table with the table's status and code.
@Suite("Refusals: the feed maps every case of the table")
struct RefusalMappingTests {
    @Test("each refusal is answered with the table's status and its code in the JSON error body", arguments: Refusal.allCases)
    func statusAndCode(refusal: Refusal) throws {
        let error = APIError(refusal, message: refusal.message)
        #expect(error.status.code == refusal.httpStatus)
        #expect(!error.status.reasonPhrase.isEmpty, "\(refusal.httpStatus) has no reason phrase")
        let body = try JSONDecoder().decode(FeedError.self, from: error.body)
        #expect(body.error.code == refusal.code)
        #expect(body.error.message == refusal.message)
    }

    @Test(
        "every SearchError is a refusal the feed answers, with the table's code",
        arguments: [SearchError.emptyQuery, .queryTooLong(scalars: 101, limit: 100), .tooManyCombiningMarks(scalar: 2, limit: 2)])
    func searchRefusal(error: SearchError) {
        #expect(APIError.answers(error.refusal))
        #expect(error.code == error.refusal.code)
    }
}
