import Hummingbird
import TimeZoneRules
package import WireCore
import WorldClockKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The API as static files for nginx, an object store or a CDN: what `worldclock serve` answers
/// for a fixed instant, computed by the same controllers, so the bodies are byte for byte the same.
///
/// Layout: the API path plus an extension for its type (`v1/sections.json`, `v1/sections/ㄱ.json`,
/// `v1/zones/Asia/Seoul.json`, `v1/meta.json`, `healthz.json`, `openapi.yaml`, the web app's
/// `index.html`, `sw.js` and `app/<content hash>/…`), each compressible
/// file with its gzip beside it (`….json.gz`, for nginx's `gzip_static`), and `index.json` mapping
/// every API path to its file. A server maps a path to `$uri.json` (see `Scripts/ops/nginx-export.conf`).
package enum StaticExport {
    /// One exported path.
    package struct Entry: WireWritable, Equatable, Sendable {
        /// The API path a client requests ("/v1/zones/Asia/Seoul").
        package let path: String
        /// The file under the export directory ("v1/zones/Asia/Seoul.json").
        package let file: String
        package let contentType: String
        package let bytes: Int
        /// The size of `file`.gz; nil when the body is too small to compress.
        package let gzipBytes: Int?

        package func write(to json: inout JSONWriter) {
            json.object { json in
                json.field("bytes", bytes)
                json.field("content_type", contentType)
                json.field("file", file)
                json.field("gzip_bytes", ifPresent: gzipBytes)
                json.field("path", path)
            }
        }
    }

    /// What `index.json` holds.
    package struct Index: WireWritable, Equatable, Sendable {
        /// The instant every time-dependent body is for.
        package let at: String
        package let meta: FeedMeta
        package let entries: [Entry]

        package func write(to json: inout JSONWriter) {
            json.object { json in
                json.field("at", at)
                json.field("entries", entries)
                json.field("meta", meta)
            }
        }
    }

    /// Writes the export of `catalogue` at `instant` into `directory` (created if needed).
    /// - Returns: the index, also written as `index.json`.
    /// - Throws: a file-system error naming the file, or the API's own error (none for a valid catalogue).
    package static func write(catalogue: Catalogue, tzdata: TZDatabase, at instant: Date, to directory: URL) throws -> Index {
        let clocks = ZoneClocks(zoneIDs: catalogue.zoneIDs, tzdata: tzdata)
        let service = FeedService(catalogue: catalogue, clocks: clocks, now: { instant })
        let at = "at=" + QueryString.encode(ISO8601.utc(FeedService.wholeSecond(instant)))
        let sections = SectionsController(service: service), zones = ZonesController(service: service)

        var entries: [Entry] = []
        func export(_ path: String, file: String, _ representation: Representation) throws {
            let target = directory.appendingPathComponent(file)
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(buffer: representation.body).write(to: target)
            var gzipBytes: Int?
            if representation.encoded.isCompressible, case let (gzipped, .gzip) = representation.encoded.body(.gzip) {
                try Data(buffer: gzipped).write(to: URL(fileURLWithPath: target.path + ".gz"))
                gzipBytes = gzipped.readableBytes
            }
            entries.append(
                Entry(
                    path: path, file: file, contentType: representation.contentType,
                    bytes: representation.body.readableBytes, gzipBytes: gzipBytes))
        }
        func request(_ pathAndQuery: String) -> Request {
            Request(
                head: HTTPRequest(method: .get, scheme: "http", authority: "export", path: pathAndQuery),
                body: RequestBody(buffer: ByteBuffer()))
        }

        try export("/v1/sections", file: "v1/sections.json", service.representationNow(sections.sections(request("/v1/sections?" + at))))
        for title in catalogue.sections.titles.map(\.text) {
            let encoded = QueryString.encode(title)
            try export(
                "/v1/sections/" + encoded, file: "v1/sections/\(title).json",
                service.representationNow(sections.sections(request("/v1/sections/\(encoded)?" + at), pathTitle: Substring(encoded))))
        }
        let calendars = ChangesController(service: service)
        for zone in catalogue.zoneIDs {
            let components = zone.split(separator: "/")
            try export(
                "/v1/zones/" + zone, file: "v1/zones/\(zone).json",
                service.representationNow(zones.zone(request("/v1/zones/\(zone)?" + at), components: components)))
            // Served at the path itself (`$uri`): a calendar app asks for the .ics name.
            try export(
                "/v1/zones/\(zone)/changes.ics", file: "v1/zones/\(zone)/changes.ics",
                service.representationNow(calendars.zoneCalendar(request("/v1/zones/\(zone)/changes.ics?" + at), components: components[...])))
        }
        // Aliases (UTC, Asia/Calcutta, US/Eastern) as the server answers them, `requested_timezone`
        // and all: a client gets the same JSON for `/v1/zones/UTC` from either.
        let canonical = Set(catalogue.zoneIDs)
        for alias in tzdata.links.keys.sorted() where !canonical.contains(alias) && catalogue.zoneID(for: alias) != nil {
            let components = alias.split(separator: "/")
            guard components.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." }) else { continue }
            let encoded = components.map { QueryString.encode(String($0)) }
            let path = encoded.joined(separator: "/")
            try export(
                "/v1/zones/" + path, file: "v1/zones/\(alias).json",
                service.representationNow(zones.zone(request("/v1/zones/\(path)?" + at), components: encoded.map { Substring($0) })))
        }
        try export("/v1/meta", file: "v1/meta.json", service.meta)
        try export("/v1/posix.json", file: "v1/posix.json", service.posixJSON)
        // The header keeps its name: a file a maker copies into firmware, served as `/v1/posix.h`.
        try export("/v1/posix.h", file: "v1/posix.h", service.posixHeader)
        try export("/healthz", file: "healthz.json", service.health)
        try export("/openapi.yaml", file: "openapi.yaml", service.openAPI)
        // The web app: its page, its service worker (at the root, for its scope) and its assets
        // under a content-hashed folder (cacheable for ever). No server answers searches there.
        let site = WebSite(searchEndpoint: nil)
        try export("/", file: "index.html", site.page)
        try export("/sw.js", file: "sw.js", site.serviceWorker)
        for key in site.assets.keys.sorted() {
            try export("/app/" + key, file: "app/" + key, site.assets[key]!)
        }

        let index = Index(
            at: ISO8601.utc(FeedService.wholeSecond(instant)), meta: FeedMeta(catalogue: catalogue, tzdata: tzdata, server: FeedService.server),
            entries: entries)
        try FeedJSON.encode(index, pretty: true).write(to: directory.appendingPathComponent("index.json"))
        return index
    }
}
