import CompressNIO
import Foundation
import HTTPTypes
import Hummingbird
import Testing

@testable import WorldClockServer

@Suite("Content negotiation: gzip")
struct CompressionTests {
    @Test(
        "Accept-Encoding chooses gzip by q-value, identity otherwise",
        arguments: [
            ([], ContentCoding.identity),
            (["gzip"], .gzip),
            (["gzip, deflate, br"], .gzip),
            (["br;q=1.0, gzip;q=0.8, *;q=0.1"], .gzip),
            (["deflate", "x-gzip"], .gzip),
            (["GZIP"], .gzip),
            (["*"], .gzip),
            (["gzip;q=0"], .identity),
            (["gzip;q=0.5, identity;q=1"], .identity),
            (["gzip;q=0.5, identity;q=0.5"], .gzip),
            (["br"], .identity),
            (["gzip;q=2"], .identity),
            (["gzip;q=abc"], .identity),
            (["*;q=0, gzip;q=0.3"], .gzip),
            ([""], .identity),
        ])
    func preferred(header: [String], expected: ContentCoding) {
        // Each string one field line, as a client may send several.
        let fields = HTTPFields(header.map { HTTPField(name: .acceptEncoding, value: $0) })
        #expect(ContentCoding.preferred(in: fields) == expected)
    }

    @Test("/v1/sections in gzip: the same body, far smaller, its own ETag, and Vary")
    func sectionsGzip() async throws {
        try await withApp { client in
            let uri = "/v1/sections?at=2026-07-15T12:00:00Z"
            let plain = try await client.execute(uri: uri, method: .get) { $0 }
            let gzipped = try await client.execute(uri: uri, method: .get, headers: [.acceptEncoding: "gzip, br"]) { $0 }
            #expect(plain.headers[.contentEncoding] == nil)
            #expect(gzipped.headers[.contentEncoding] == "gzip")
            #expect(plain.headers[.vary] == "Accept-Encoding" && gzipped.headers[.vary] == "Accept-Encoding")
            let plainTag = try #require(plain.headers[.eTag]), gzipTag = try #require(gzipped.headers[.eTag])
            #expect(gzipTag == String(plainTag.dropLast()) + "-gzip\"")
            var compressed = gzipped.body
            let decompressed = try compressed.decompress(with: .gzip())
            #expect(decompressed == plain.body)
            #expect(gzipped.body.readableBytes * 5 < plain.body.readableBytes)
            // Each tag revalidates its own coding only.
            try await client.execute(uri: uri, method: .get, headers: [.acceptEncoding: "gzip", .ifNoneMatch: gzipTag]) { response in
                #expect(response.status == .notModified)
                #expect(response.headers[.eTag] == gzipTag)
            }
            try await client.execute(uri: uri, method: .get, headers: [.acceptEncoding: "gzip", .ifNoneMatch: plainTag]) { response in
                #expect(response.status == .ok)
            }
            try await client.execute(uri: uri, method: .head, headers: [.acceptEncoding: "gzip"]) { response in
                #expect(response.headers[.contentEncoding] == "gzip")
                #expect(response.body.readableBytes == 0)
            }
        }
    }

    @Test("Tiny bodies are never compressed and do not vary")
    func tinyBodies() async throws {
        try await withApp { client in
            try await client.execute(uri: "/healthz", method: .get, headers: [.acceptEncoding: "gzip"]) { response in
                #expect(response.headers[.contentEncoding] == nil)
                #expect(response.headers[.vary] == nil)
                #expect(response.body.readableBytes < EncodedBody.minimumSize)
            }
        }
    }

    @Test("The OpenAPI document is compressed too")
    func yaml() async throws {
        try await withApp { client in
            try await client.execute(uri: "/openapi.yaml", method: .get, headers: [.acceptEncoding: "gzip"]) { response in
                #expect(response.headers[.contentEncoding] == "gzip")
                var body = response.body
                let text = String(buffer: try body.decompress(with: .gzip()))
                #expect(text == OpenAPIDocument.yaml)
            }
        }
    }
}
