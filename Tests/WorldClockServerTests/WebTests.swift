import Foundation
import Hummingbird
import Testing
import TimeZoneRules

@testable import WorldClockServer

@Suite("Web app")
struct WebTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    /// The web app's files (the Web project's `app/`), as the EmbedFiles plugin compiles them in.
    static let folder = repository.appendingPathComponent("Web/app")
    static let site = WebSite()

    @Test("the compiled-in files equal Web/app byte for byte, and no file is missing, as the EmbedFiles plugin compiled them in")
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
            #expect(csp.hasPrefix("default-src 'self'; script-src 'self' 'wasm-unsafe-eval' \(WebSite.inlineScriptHash); style-src 'self';"))
            // Compiling the search engine (WebAssembly) is the one exception: no eval, and no inline code but the page's one script, by its hash.
            #expect(!csp.replacingOccurrences(of: "'wasm-unsafe-eval'", with: "").contains("unsafe") && !csp.contains("http"))
            #expect(response.headers[.xContentTypeOptions] == "nosniff")
            #expect(response.text.contains("src=\"/app/\(Self.site.version)/main.js\""))
            #expect(!response.text.contains(WebSite.assetBasePlaceholder) && !response.text.contains(WebSite.searchEndpointPlaceholder))
            // The search the page asks while its own engine loads (the export's page names none).
            #expect(response.text.contains("<meta name=\"worldclock-search\" content=\"/v1/search\">"))
            // Nothing external is loaded: the only absolute URLs are the credit line's links.
            let loaded = response.text.replacingOccurrences(of: WebSite.creditsHTML, with: "")
            #expect(!loaded.contains("http://") && !loaded.contains("https://"))

            let etag = try #require(response.headers[.eTag])
            let again = try await client.execute(uri: "/?now=2026-11-01T05:59:59Z", method: .get, headers: [.ifNoneMatch: etag])
            #expect(again.status == .notModified)
        }
    }

    @Test(
        "every asset the page names is served with its content type, a strong ETag and a year's immutable caching",
        arguments: [
            // The types written out here, not asked of WebSite.contentType: that is the code under test.
            ("main.js", "text/javascript; charset=utf-8"), ("api.js", "text/javascript; charset=utf-8"),
            ("clock.js", "text/javascript; charset=utf-8"), ("list.js", "text/javascript; charset=utf-8"),
            ("index-bar.js", "text/javascript; charset=utf-8"), ("search.js", "text/javascript; charset=utf-8"),
            ("engine.js", "text/javascript; charset=utf-8"),
            ("my-clocks.js", "text/javascript; charset=utf-8"), ("announce.js", "text/javascript; charset=utf-8"),
            ("meeting.js", "text/javascript; charset=utf-8"),
            ("app.css", "text/css; charset=utf-8"), ("icon.svg", "image/svg+xml; charset=utf-8"),
            ("manifest.webmanifest", "application/manifest+json; charset=utf-8"),
        ])
    func asset(name: String, contentType: String) async throws {
        try await withApp { client in
            let page = try await client.execute(uri: "/", method: .get).text
            let path = "/app/\(Self.site.version)/\(name)"
            #expect(page.contains(path))
            let response = try await client.execute(uri: path, method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == contentType)
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

    @Test(
        """
        the search engine is served as WebAssembly (streamed compilation needs the type), gzipped, and precached by the service worker with its \
        worker's scripts
        """
    )
    func searchEngine() async throws {
        try await withApp { client in
            let path = "/app/\(Self.site.version)/search.wasm"
            let response = try await client.execute(uri: path, method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/wasm")
            #expect(Array(response.body.readableBytesView.prefix(4)) == [0x00, 0x61, 0x73, 0x6D], "the WebAssembly magic number")
            let gzipped = try await client.execute(uri: path, method: .get, headers: [.acceptEncoding: "gzip"])
            #expect(gzipped.headers[.contentEncoding] == "gzip")
            #expect(gzipped.body.readableBytes < response.body.readableBytes / 2)
            let worker = try await client.execute(uri: "/sw.js", method: .get).text
            #expect(worker.contains("\"\(path)\""))
            // The engine's worker and its module, named by engine.js alone, are served and precached too.
            for name in ["engine-worker.js", "search-engine.js"] {
                let script = try await client.execute(uri: "/app/\(Self.site.version)/\(name)", method: .get)
                #expect(script.status == .ok, "\(name)")
                #expect(script.headers[.contentType] == "text/javascript; charset=utf-8", "\(name)")
                #expect(script.headers[.contentSecurityPolicy] == WebSite.contentSecurityPolicy, "\(name)")
                #expect(worker.contains("\"/app/\(Self.site.version)/\(name)\""), "\(name)")
            }
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

    @Test("an icon whose base64 does not decode is left out and named, not served as an empty body")
    func undecodableIcon() {
        let site = WebSite(files: [("index.html", "x\n"), ("icon.png.base64", "iVBORw0KGgo="), ("bad.png.base64", "abcde")])
        #expect(site.undecodableFiles == ["bad.png.base64"])
        #expect(site.assets.keys.sorted() == ["\(site.version)/icon.png"])
    }

    @Test("GET /sw.js is the service worker with this build's version and every asset written in, revalidated on every load")
    func serviceWorker() async throws {
        try await withApp { client in
            let response = try await client.execute(uri: "/sw.js", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/javascript; charset=utf-8")
            #expect(response.headers[.cacheControl] == "no-cache")
            #expect(response.headers[.contentSecurityPolicy] == WebSite.contentSecurityPolicy)
            let text = response.text
            #expect(text.contains("const VERSION = '\(Self.site.version)';"))
            #expect(!text.contains(WebSite.versionPlaceholder) && !text.contains(WebSite.assetListPlaceholder))
            for key in Self.site.assets.keys {
                #expect(text.contains("\"/app/\(key)\""), "\(key) is precached")
            }
            let etag = try #require(response.headers[.eTag])
            #expect(try await client.execute(uri: "/sw.js", method: .get, headers: [.ifNoneMatch: etag]).status == .notModified)
        }
    }

    @Test("a new build (any file changed) is a new service worker naming the new version, so the browser replaces the cached app")
    func serviceWorkerFollowsTheVersion() {
        let files: [(name: String, text: String)] = [
            ("index.html", "__ASSET_BASE__/main.js\n"), ("sw.js", "'__VERSION__' __ASSETS__\n"), ("main.js", "a\n"),
        ]
        let one = WebSite(files: files)
        let two = WebSite(files: files.map { $0.name == "main.js" ? ($0.name, "b\n") : $0 })
        let worker = { (site: WebSite) in String(decoding: Data(buffer: site.serviceWorker.body), as: UTF8.self) }
        #expect(worker(one) == "'\(one.version)' [\"/app/\(one.version)/main.js\"]\n")
        #expect(worker(one) != worker(two))
        #expect(one.serviceWorker.etag != two.serviceWorker.etag)
    }

    @Test("the manifest names the app in Korean and its icons, each served: PNGs at their sizes, decoded from the base64 kept in Web/app")
    func manifest() async throws {
        try await withApp { client in
            let response = try await client.execute(uri: "/app/\(Self.site.version)/manifest.webmanifest", method: .get)
            #expect(response.headers[.contentType] == "application/manifest+json; charset=utf-8")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])
            #expect(object["name"] as? String == "세계 시계")
            #expect(object["lang"] as? String == "ko")
            #expect(object["start_url"] as? String == "/")
            #expect(object["theme_color"] is String && object["background_color"] is String)
            let icons = try #require(object["icons"] as? [[String: String]])
            #expect(Set(icons.compactMap { $0["sizes"] }).isSuperset(of: ["192x192", "512x512"]))
            for icon in icons {
                let name = try #require(icon["src"])
                let served = try await client.execute(uri: "/app/\(Self.site.version)/\(name)", method: .get)
                #expect(served.status == .ok, "\(name)")
                #expect(served.headers[.contentType]?.hasPrefix(try #require(icon["type"])) == true, "\(name)")
                let bytes = Array(Data(buffer: served.body))
                if icon["type"] == "image/png" {
                    #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), "\(name) is a PNG")
                    let size = { (at: Int) in bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
                    #expect(bytes.count > 24 && "\(size(16))x\(size(20))" == icon["sizes"], "\(name)")
                }
            }
        }
    }

    @Test(
        "the nginx sites send the one CSP, WebSite.contentSecurityPolicy, wherever they send one",
        arguments: ["Scripts/ops/nginx-export.conf", "Packaging/nginx-site.conf"])
    func nginxCSP(path: String) throws {
        let config = try String(contentsOf: Self.repository.appendingPathComponent(path), encoding: .utf8)
        let lines = config.split(separator: "\n").filter { $0.contains("Content-Security-Policy") && $0.contains("add_header") }
        #expect(lines.count >= 4, "the server level, the page, the service worker and the assets")
        for line in lines {
            let quoted = line.split(separator: "\"", omittingEmptySubsequences: false)
            #expect(quoted.count >= 3 && String(quoted[1]) == WebSite.contentSecurityPolicy, "\(line)")
        }
        // The page and the service worker are revalidated on every load there too.
        for location in ["location = / {", "location = /sw.js {"] {
            let block = try #require(config.range(of: location)).upperBound
            let body = config[block...].prefix { $0 != "}" }
            #expect(body.contains("Cache-Control \"no-cache\""), "\(location)")
        }
    }

    @Test("the CSP allows index.html's one inline script by its SHA-256, and no other")
    func inlineScriptHash() throws {
        // The script that writes the hash checks it: index.html has one inline script, and every copy
        // of the hash (WebSite's source, both nginx sites) is its SHA-256. Browser test_18c shows the
        // browser runs the script under the served CSP.
        let check = try #require(try runTool(["python3", "Scripts/dev/update-csp-hash", "--check"], in: Self.repository), "python3 is missing")
        #expect(check.status == 0, "\(check.out)\(check.err)")
        #expect(WebSite.contentSecurityPolicy.contains("script-src 'self' 'wasm-unsafe-eval' \(WebSite.inlineScriptHash);"))
        #expect(WebSite.contentSecurityPolicy.ranges(of: "'sha256-").count == 1, "no other script allowed by a hash")
    }

    @Test("worldclock export writes the service worker, the manifest and the icons beside the page")
    func export() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("web-export-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let index = try StaticExport.write(catalogue: catalogue, tzdata: .bundled, at: Date(timeIntervalSince1970: 1_790_000_000), to: directory)
        let files = Set(index.entries.map(\.file))
        for file in ["index.html", "sw.js"]
            + ["manifest.webmanifest", "icon-192.png", "icon-512.png", "icon.svg", "search.wasm"].map({ "app/\(Self.site.version)/\($0)" })
        {
            #expect(files.contains(file), "\(file)")
            #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent(file).path), "\(file)")
        }
        // The search engine with its gzip beside it, for nginx's gzip_static.
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("app/\(Self.site.version)/search.wasm.gz").path))
        let worker = try Data(contentsOf: directory.appendingPathComponent("sw.js"))
        #expect(worker == Data(buffer: Self.site.serviceWorker.body))
        // No server answers searches there: the page names none (`serve`'s names /v1/search).
        let page = try String(contentsOf: directory.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(page.contains("<meta name=\"worldclock-search\" content=\"\">"))
        #expect(!page.contains(WebSite.searchEndpointPlaceholder))
    }
}
