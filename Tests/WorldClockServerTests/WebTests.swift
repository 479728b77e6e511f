import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
@testable import WorldClockServer

@Suite("Web app")
struct WebTests {
    static let folder = OpenAPITests.file.deletingLastPathComponent().appendingPathComponent("Web")
    static let site = WebSite()

    @Test("the compiled-in files equal Sources/WorldClockServer/Web byte for byte, and no file is missing, as the EmbedFiles plugin compiled them in")
    func embedded() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).sorted()
        #expect(WebAssets.files.map(\.name) == names)
        for file in WebAssets.files {
            let bytes = try Data(contentsOf: Self.folder.appendingPathComponent(file.name))
            #expect(Data(file.text.utf8) == bytes, "\(file.name)")
        }
    }

    @Test("GET / is the page, naming its assets under /app/<version>/, revalidated on every load, with a same-origin CSP")
    func page() async throws {
        try await withApp { client in
            let response = try await client.execute(uri: "/", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/html; charset=utf-8")
            #expect(response.headers[.cacheControl] == "no-cache")
            let csp = try #require(response.headers[.contentSecurityPolicy])
            #expect(csp.hasPrefix("default-src 'self'; script-src 'self'; style-src 'self';"))
            #expect(!csp.contains("unsafe") && !csp.contains("http"))
            #expect(response.headers[.xContentTypeOptions] == "nosniff")
            #expect(response.text.contains("src=\"/app/\(Self.site.version)/main.js\""))
            #expect(!response.text.contains(WebSite.assetBasePlaceholder))
            #expect(!response.text.contains("http://") && !response.text.contains("https://"))

            let etag = try #require(response.headers[.eTag])
            let again = try await client.execute(uri: "/?now=2026-11-01T05:59:59Z", method: .get, headers: [.ifNoneMatch: etag])
            #expect(again.status == .notModified)
        }
    }

    @Test("every asset the page names is served with its content type, a strong ETag and a year's immutable caching",
          arguments: ["main.js", "api.js", "clock.js", "list.js", "index-bar.js", "search.js", "my-clocks.js", "announce.js", "app.css", "icon.svg"])
    func asset(name: String) async throws {
        try await withApp { client in
            let page = try await client.execute(uri: "/", method: .get).text
            let path = "/app/\(Self.site.version)/\(name)"
            #expect(page.contains(path))
            let response = try await client.execute(uri: path, method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == WebSite.contentType(of: name))
            #expect(response.headers[.cacheControl] == "public, max-age=31536000, immutable")
            let etag = try #require(response.headers[.eTag])
            #expect(etag.hasPrefix("\""))
            #expect(response.headers[.contentSecurityPolicy] == WebSite.contentSecurityPolicy)
            let head = try await client.execute(uri: path, method: .head)
            #expect(head.status == .ok && head.body.readableBytes == 0)
            let revalidated = try await client.execute(uri: path, method: .get, headers: [.ifNoneMatch: etag])
            #expect(revalidated.status == .notModified)
        }
    }

    @Test("the page and its scripts go gzipped to a browser that accepts it, keeping the security headers")
    func compressed() async throws {
        try await withApp { client in
            for uri in ["/", "/app/\(Self.site.version)/main.js", "/app/\(Self.site.version)/app.css"] {
                let response = try await client.execute(uri: uri, method: .get, headers: [.acceptEncoding: "gzip, deflate, br"])
                #expect(response.status == .ok, "\(uri)")
                #expect(response.headers[.contentEncoding] == "gzip", "\(uri)")
                #expect(response.headers[.vary] == "Accept-Encoding", "\(uri)")
                #expect(response.headers[.contentSecurityPolicy] == WebSite.contentSecurityPolicy, "\(uri)")
            }
        }
    }

    @Test("an unknown asset or an old version is a JSON 404; POST on the page is a 405")
    func missing() async throws {
        try await withApp { client in
            for uri in ["/app/\(Self.site.version)/nope.js", "/app/0000/main.js", "/app/\(Self.site.version)/index.html"] {
                let response = try await client.execute(uri: uri, method: .get)
                #expect(response.status == .notFound, "\(uri)")
                #expect(response.error?.error.code == "not_found")
            }
            let post = try await client.execute(uri: "/", method: .post)
            #expect(post.status == .methodNotAllowed)
        }
    }

    @Test("the version changes with any file, and names only [0-9a-f]")
    func version() {
        let one = WebSite(files: [("index.html", "__ASSET_BASE__/main.js\n"), ("main.js", "a\n")])
        let two = WebSite(files: [("index.html", "__ASSET_BASE__/main.js\n"), ("main.js", "b\n")])
        #expect(one.version != two.version)
        #expect(one.version.allSatisfy { $0.isHexDigit })
        #expect(one.assets.keys.sorted() == ["\(one.version)/main.js"])
    }
}
