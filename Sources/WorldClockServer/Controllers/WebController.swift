import Hummingbird
import WorldClockKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `GET /`: the web clock app's page; `GET /sw.js`: its service worker (offline use, at the root so
/// that its scope is the whole site); `GET /app/{version}/{file}`: its scripts, styles, manifest and
/// icons. Served from the files compiled into the binary (`WebAssets`), built into responses once.
struct WebController: Sendable {
    let site: WebSite

    init(site: WebSite = WebSite()) { self.site = site }

    func addRoutes(to router: FeedRouter) {
        // The page and its assets ignore the query string: the page's own scripts read it (?now=, ?from=).
        router.getAndHead("/") { request, _ in site.respond(site.page, to: request) }
        router.getAndHead("/sw.js") { request, _ in site.respond(site.serviceWorker, to: request) }
        router.getAndHead("/app/:version/:file") { request, context in
            let key = (context.parameters.get("version") ?? "") + "/" + (context.parameters.get("file") ?? "")
            guard let asset = site.assets[key] else { throw APIError.notFound(path: request.uri.path) }
            return site.respond(asset, to: request)
        }
    }
}

/// The web app's responses. Assets live under `/app/<version>/` where the version is a digest of
/// every file, so they may be cached for a year (`immutable`); the page and the service worker are
/// revalidated on every load (`no-cache` + strong ETag). The page names the current version's
/// assets, and the service worker carries the version in its cache's name, so a new build is a new
/// service worker that caches the new assets and drops the old ones: never a stale app.
struct WebSite: Sendable {
    /// The digest of every file, in the assets' path.
    let version: String
    let page: Representation
    /// `/sw.js`: the service worker with this version and its assets written in.
    let serviceWorker: Representation
    /// By "<version>/<file name>".
    let assets: [String: Representation]

    /// Same origin only: no inline style, no external fonts, scripts or frames, and no inline script
    /// but the page's one, by its hash (`inlineScriptHash`). The service worker and the manifest
    /// fall under `default-src`/`script-src` 'self'; 'wasm-unsafe-eval' lets the page compile its
    /// own search engine (WebAssembly), and no eval. The one CSP: `Scripts/ops/nginx-export.conf`
    /// and `Packaging/nginx-site.conf` repeat it, and a test checks that every copy there equals it.
    static let contentSecurityPolicy =
        "default-src 'self'; script-src 'self' 'wasm-unsafe-eval' \(inlineScriptHash); style-src 'self'; img-src 'self'; "
        + "connect-src 'self'; font-src 'none'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    /// The SHA-256 of index.html's one inline script, beside the search field: it asks the server's
    /// search as the field is parsed, before the page's modules are in. WebTests holds it to the script;
    /// `Scripts/dev/update-csp-hash` writes it here and in the nginx sites.
    static let inlineScriptHash = "'sha256-2NbYHqC9H+ILE/hAdlW7vHq/fB7pARyG0IV7ki4oSlc='"
    static let immutable = "public, max-age=31536000, immutable"
    /// What index.html writes where the assets' folder goes.
    static let assetBasePlaceholder = "__ASSET_BASE__"
    /// What index.html writes where the server's search endpoint goes (empty when there is none).
    static let searchEndpointPlaceholder = "__SEARCH_ENDPOINT__"
    /// What index.html writes where the footer's credit line goes: the licence and the data's
    /// sources with links, from `Credits` (which `--version` and `/v1/meta` give too).
    static let creditsPlaceholder = "__CREDITS__"
    /// The search the page asks while its own engine loads (`serve` has it; the export does not).
    static let searchEndpoint = "/v1/search"
    /// What sw.js writes where the version and the JSON array of asset paths go.
    static let versionPlaceholder = "__VERSION__"
    static let assetListPlaceholder = "__ASSETS__"
    /// A web file named `<name>.base64` is binary (a PNG icon), kept as base64 text because the web
    /// files are compiled in as text (Scripts/dev/draw-web-icons writes them); it is served as `<name>`.
    static let base64Suffix = ".base64"

    /// The footer's credit line: `worldclock · Apache-2.0 · 데이터: GeoNames (CC BY 4.0), …`, each name a link.
    static var creditsHTML: String {
        func escaped(_ text: String) -> String {
            text.replacing("&", with: "&amp;").replacing("<", with: "&lt;").replacing(">", with: "&gt;").replacing("\"", with: "&quot;")
        }
        func link(_ text: String, _ url: String) -> String { "<a href=\"\(escaped(url))\">\(escaped(text))</a>" }
        let sources = Credits.sources.map { "\(link($0.name, $0.url)) (\(escaped(Credits.spokenLicense($0.license))))" }
        return "worldclock · " + link(Credits.license, "https://www.apache.org/licenses/LICENSE-2.0") + " · 데이터: "
            + sources.joined(separator: ", ")
    }

    /// The `.base64` files that did not decode (a broken build; Scripts/dev/draw-web-icons writes them):
    /// not served.
    let undecodableFiles: [String]

    /// `searchEndpoint`: the server's search, for the page to ask while its own engine loads; nil
    /// for a site with no server behind it (the static export).
    init(files: [(name: String, text: String)] = WebAssets.files, searchEndpoint: String? = WebSite.searchEndpoint) {
        var digestInput = ""
        for file in files { digestInput += file.name + "\0" + file.text + "\0" }
        version = Catalogue.fnv1a(digestInput.utf8)
        let base = "/app/" + version
        var page: Representation?
        var worker = ""
        var assets: [String: Representation] = [:]
        var undecodable: [String] = []
        for file in files {
            switch file.name {
            case "index.html":
                let html = file.text.replacing(Self.assetBasePlaceholder, with: base)
                    .replacing(Self.searchEndpointPlaceholder, with: searchEndpoint ?? "")
                    .replacing(Self.creditsPlaceholder, with: Self.creditsHTML)
                page = Representation(
                    body: Data(html.utf8), contentType: "text/html; charset=utf-8",
                    etag: "\"\(Catalogue.fnv1a(html.utf8))\"", cacheControl: "no-cache")
            case "sw.js":
                worker = file.text
            default:
                var name = file.name
                var body = Data(file.text.utf8)
                if name.hasSuffix(Self.base64Suffix) {
                    name.removeLast(Self.base64Suffix.count)
                    guard let decoded = Data(base64Encoded: file.text, options: .ignoreUnknownCharacters) else {
                        // Left out (a 404, not an empty icon) and said in the log at start-up.
                        undecodable.append(file.name)
                        continue
                    }
                    body = decoded
                }
                assets[version + "/" + name] = Representation(
                    body: body, contentType: Self.contentType(of: name),
                    etag: "\"\(Catalogue.fnv1a(body))\"", cacheControl: Self.immutable)
            }
        }
        self.page =
            page
            ?? Representation(
                body: Data("<!doctype html><title>worldclock</title>".utf8),
                contentType: "text/html; charset=utf-8", etag: nil, cacheControl: "no-store")
        let list = "[" + assets.keys.sorted().map { "\"/app/\($0)\"" }.joined(separator: ", ") + "]"
        let script = worker.replacing(Self.versionPlaceholder, with: version)
            .replacing(Self.assetListPlaceholder, with: list)
        serviceWorker = Representation(
            body: Data(script.utf8), contentType: "text/javascript; charset=utf-8",
            etag: "\"\(Catalogue.fnv1a(script.utf8))\"", cacheControl: "no-cache")
        self.assets = assets
        self.undecodableFiles = undecodable
    }

    static func contentType(of name: String) -> String {
        switch name.split(separator: ".").last {
        case "js": "text/javascript; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "svg": "image/svg+xml; charset=utf-8"
        case "png": "image/png"
        case "webmanifest": "application/manifest+json; charset=utf-8"
        // The search engine (Scripts/dev/build-wasm): the type streamed compilation needs.
        case "wasm": "application/wasm"
        case "html": "text/html; charset=utf-8"
        default: "application/octet-stream"
        }
    }

    /// The representation's response (200, 304 or HEAD) with the page's security headers.
    func respond(_ representation: Representation, to request: Request) -> Response {
        var response = representation.response(to: request)
        response.headers[.contentSecurityPolicy] = Self.contentSecurityPolicy
        response.headers[.xContentTypeOptions] = "nosniff"
        return response
    }
}
