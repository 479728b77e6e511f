import Foundation
import HTTPTypes
import Hummingbird
import Testing

@testable import WorldClockServer

/// What the compressor throws in these tests.
private struct InjectedFailure: Error, CustomStringConvertible {
    var description: String { "injected zlib failure" }
}

@Suite("A gzip failure sends the body uncompressed and says so in the log")
struct GzipFailureTests {
    /// A JSON body well over `EncodedBody.minimumSize`, so gzip would be used.
    static let body = ByteBuffer(string: "{\"places\":[" + Array(repeating: "\"서울\"", count: 400).joined(separator: ",") + "]}")

    static func request(acceptEncoding: String) -> Request {
        let head = HTTPRequest(method: .get, scheme: "http", authority: "localhost", path: "/v1/x", headerFields: [.acceptEncoding: acceptEncoding])
        return Request(head: head, body: .init(buffer: ByteBuffer()))
    }

    @Test("a failing compressor: identity body, no Content-Encoding, the identity ETag, one error line naming the failure")
    func failureLogged() {
        let log = CapturedLog()
        let failing = Gzip(compress: { _, _ in throw InjectedFailure() }, logger: log.logger)
        let representation = Representation(buffer: Self.body, etag: "\"abc\"", cacheControl: "no-cache", gzip: failing)
        let response = representation.response(to: Self.request(acceptEncoding: "gzip"))
        #expect(response.status == .ok)
        #expect(response.headers[.contentEncoding] == nil)
        #expect(response.headers[.eTag] == "\"abc\"")
        let lines = log.lines.withLock { $0 }
        #expect(lines.count == 1, "\(lines)")
        #expect(lines.first?.hasPrefix("error gzip failed (injected zlib failure)") == true, "\(lines)")
        #expect(lines.first?.contains("\(Self.body.readableBytes)-byte body uncompressed") == true, "\(lines)")
    }

    @Test("the same seam with zlib: gzip is sent and nothing is logged")
    func zlibNotLogged() {
        let log = CapturedLog()
        let representation = Representation(
            buffer: Self.body, etag: "\"abc\"", cacheControl: "no-cache", gzip: Gzip(compress: Gzip.zlib.compress, logger: log.logger))
        let response = representation.response(to: Self.request(acceptEncoding: "gzip"))
        #expect(response.headers[.contentEncoding] == "gzip")
        #expect(response.headers[.eTag] == "\"abc-gzip\"")
        #expect(log.lines.withLock { $0 }.isEmpty)
    }

    @Test("a fast body's second compression (at best) failing keeps the first and is logged")
    func improvementFailureLogged() {
        let log = CapturedLog()
        let firstSucceeds = Gzip(
            compress: { body, effort in
                guard effort == .fast else { throw InjectedFailure() }
                return try Gzip.zlib.compress(body, effort)
            }, logger: log.logger)
        let encoded = EncodedBody(Self.body, contentType: "application/json", effort: .fast, gzip: firstSucceeds)
        let (first, coding) = encoded.body(.gzip)
        #expect(coding == .gzip)
        encoded.improveCompression()
        #expect(encoded.body(.gzip) == (first, .gzip))
        #expect(log.lines.withLock { $0 }.count == 1)
    }
}
