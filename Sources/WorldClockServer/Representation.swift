import Hummingbird

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A response body ready to send, with its validator and freshness: built once (or once per
/// second for the live clock) and then answered from, with `If-None-Match` → 304 and HEAD.
struct Representation: Sendable {
    /// The body, and its gzip encoding once a client asked for it.
    let encoded: EncodedBody
    let contentType: String
    /// The entity tag with its quotes (and `W/` when weak); nil for what must not be cached.
    let etag: String?
    let cacheControl: String
    /// Set when the answer is another URL's (an alias zone, ㄲ for ㄱ): that URL.
    let contentLocation: String?
    /// The response headers per coding, made once rather than per request (each field a
    /// request would otherwise build and validate again), the identity body's length included.
    private let identityHeaders: Headers
    private let gzipHeaders: Headers

    /// A coding's entity tag and headers: of a 304 (validators and freshness) and of a 200
    /// (those, the content type and the coding).
    private struct Headers: Sendable {
        let etag: String?
        let notModified: HTTPFields
        let ok: HTTPFields
    }

    init(body: Data, contentType: String = "application/json; charset=utf-8", etag: String?, cacheControl: String, contentLocation: String? = nil) {
        self.init(buffer: ByteBuffer(bytes: body), contentType: contentType, etag: etag, cacheControl: cacheControl, contentLocation: contentLocation)
    }

    /// - Parameters:
    ///   - effort: how hard to compress the body when a client asks for gzip.
    ///   - gzip: the compressor and the log of its failures (zlib and the server's log but in tests).
    init(
        buffer: ByteBuffer, contentType: String = "application/json; charset=utf-8", etag: String?, cacheControl: String,
        contentLocation: String? = nil, effort: EncodedBody.Effort = .best, gzip: Gzip = .zlib
    ) {
        self.encoded = EncodedBody(buffer, contentType: contentType, effort: effort, gzip: gzip)
        self.contentType = contentType
        self.etag = etag
        self.cacheControl = cacheControl
        self.contentLocation = contentLocation
        let isCompressible = encoded.isCompressible
        func headers(_ coding: ContentCoding) -> Headers {
            // Each coding has its own entity tag (`"…-gzip"`).
            let etag = coding == .identity ? etag : etag.map { String($0.dropLast()) + "-gzip\"" }
            var headers: HTTPFields = [.cacheControl: cacheControl]
            if isCompressible { headers[.vary] = "Accept-Encoding" }
            if let etag { headers[.eTag] = etag }
            if let contentLocation { headers[.contentLocation] = contentLocation }
            var ok = headers
            ok[.contentType] = contentType
            if coding == .identity {
                // Hummingbird adds the length of a body to a response whose fields lack it, and that
                // copies the shared fields (about 2.5k instructions a request). The gzip encoding's
                // length is known only once it is made, and may change (`improveCompression`).
                ok[.contentLength] = String(buffer.readableBytes)
            } else {
                ok[.contentEncoding] = coding.rawValue
            }
            return Headers(etag: etag, notModified: headers, ok: ok)
        }
        identityHeaders = headers(.identity)
        gzipHeaders = headers(.gzip)
    }

    /// The identity body.
    var body: ByteBuffer { encoded.identity }

    /// 200 with the body (none for HEAD) in the coding `Accept-Encoding` prefers, or 304 when
    /// `If-None-Match` names this representation in that coding. Each coding has its own entity
    /// tag (`"…-gzip"`), and a compressible body always says `Vary: Accept-Encoding`.
    func response(to request: Request) -> Response {
        response(to: request, preferring: ContentCoding.preferred(in: request.headers))
    }

    /// The same, for a request whose preferred coding was read already.
    func response(to request: Request, preferring preferred: ContentCoding) -> Response {
        let (body, coding) = encoded.body(preferred)
        let headers = coding == .identity ? identityHeaders : gzipHeaders
        if let etag = headers.etag, let ifNoneMatch = request.headers[.ifNoneMatch],
            HTTPCaching.ifNoneMatch(ifNoneMatch, matches: etag)
        {
            return Response(status: .notModified, headers: headers.notModified)
        }
        let response = Response(status: .ok, headers: headers.ok, body: .init(byteBuffer: body))
        return request.method == .head ? response.createHeadResponse() : response
    }
}

/// Entity tags and freshness.
enum HTTPCaching {
    /// How long a response for a fixed `?at=` instant is fresh. It cannot change while this build
    /// runs, but a new build may bring new tzdata rules for that instant, so a day rather than a year.
    static let fixedInstantMaxAge = 86_400
    /// How long catalogue-only responses (`/v1/meta`, `/openapi.yaml`) are fresh before a client
    /// revalidates (and gets a 304 until the server is upgraded).
    static let catalogueMaxAge = 3_600

    /// Whether an `If-None-Match` header (its field lines joined by commas) matches `etag`: `*`,
    /// or any listed tag by the weak comparison RFC 9110 §13.1.2 prescribes (W/ ignored).
    static func ifNoneMatch(_ value: String, matches etag: String) -> Bool {
        let ours = opaque(etag)
        for candidate in value.split(separator: ",") {
            let tag = ContentCoding.trimmed(candidate)
            if tag == "*" || opaque(tag) == ours { return true }
        }
        return false
    }

    private static func opaque(_ tag: some StringProtocol) -> Substring {
        let text = Substring(tag)
        return text.hasPrefix("W/") ? text.dropFirst(2) : text
    }

    /// How long a live response computed for the whole second `instant` stays right: the seconds
    /// until the next minute boundary or `transition`, whichever is first, less one because the
    /// response may be sent up to a second after `instant` (never more than the truth; 0 in the
    /// last second of a minute).
    static func secondsFresh(at instant: Date, nextTransition transition: Date?) -> Int {
        let now = instant.timeIntervalSince1970.rounded(.down)
        var until = (now / 60).rounded(.down) * 60 + 60 - now
        if let transition { until = min(until, transition.timeIntervalSince1970.rounded(.down) - now) }
        return max(0, Int(until) - 1)
    }
}
