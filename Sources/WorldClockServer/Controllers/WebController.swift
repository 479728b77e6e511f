import Foundation
import Hummingbird
import WorldClockKit

/// `GET /`: the web clock app's page; `GET /app/{version}/{file}`: its scripts, styles and icon.
/// Served from the files compiled into the binary (`WebAssets`), built into responses once.
struct WebController: Sendable {
    let site: WebSite

    init(site: WebSite = WebSite()) { self.site = site }

    func addRoutes(to router: Router<some RequestContext>) {
        // The page and its assets ignore the query string: the page's own scripts read it (?now=, ?from=).
        router.getAndHead("/") { request, _ in site.respond(site.page, to: request) }
        router.getAndHead("/app/:version/:file") { request, context in
            let key = (context.parameters.get("version") ?? "") + "/" + (context.parameters.get("file") ?? "")
            guard let asset = site.assets[key] else { throw APIError.notFound(path: request.uri.path) }
            return site.respond(asset, to: request)
        }
    }
}

/// The web app's responses. Assets live under `/app/<version>/` where the version is a digest of
/// every file, so they may be cached for a year (`immutable`); the page itself is revalidated on
/// every load (`no-cache` + strong ETag) and names the current version.
struct WebSite: Sendable {
    /// The digest of every file, in the assets' path.
    let version: String
    let page: Representation
    /// By "<version>/<file name>".
    let assets: [String: Representation]

    /// Same origin only: no inline script or style, no external fonts, scripts or frames.
    static let contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; "
        + "connect-src 'self'; font-src 'none'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    static let immutable = "public, max-age=31536000, immutable"
    /// What index.html writes where the assets' folder goes.
    static let assetBasePlaceholder = "__ASSET_BASE__"

    init(files: [(name: String, text: String)] = WebAssets.files) {
        var digestInput = ""
        for file in files { digestInput += file.name + "\0" + file.text + "\0" }
        version = Catalogue.fnv1a(digestInput.utf8)
        let base = "/app/" + version
        var page: Representation?
        var assets: [String: Representation] = [:]
        for file in files {
            if file.name == "index.html" {
                let html = file.text.replacingOccurrences(of: Self.assetBasePlaceholder, with: base)
                page = Representation(body: Data(html.utf8), contentType: "text/html; charset=utf-8",
                                      etag: "\"\(Catalogue.fnv1a(html.utf8))\"", cacheControl: "no-cache")
            } else {
                assets[version + "/" + file.name] = Representation(
                    body: Data(file.text.utf8), contentType: Self.contentType(of: file.name),
                    etag: "\"\(Catalogue.fnv1a(file.text.utf8))\"", cacheControl: Self.immutable)
            }
        }
        self.page = page ?? Representation(body: Data("<!doctype html><title>worldclock</title>".utf8),
                                           contentType: "text/html; charset=utf-8", etag: nil, cacheControl: "no-store")
        self.assets = assets
    }

    static func contentType(of name: String) -> String {
        switch name.split(separator: ".").last {
        case "js": "text/javascript; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "svg": "image/svg+xml; charset=utf-8"
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
