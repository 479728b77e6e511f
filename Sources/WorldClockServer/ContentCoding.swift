import CompressNIO
import Hummingbird
import Synchronization

/// The content codings the server sends: gzip (zlib through compress-nio) or none.
///
/// Brotli is not offered: no maintained Swift package for it is available here (Debian's libbrotli
/// would need a C wrapper of our own), and gzip already takes `/v1/sections` to about an eighth.
enum ContentCoding: String, Sendable {
    case identity, gzip

    /// The coding to send for the request's `Accept-Encoding`, by q-value (RFC 9110 §12.5.3):
    /// gzip when it is acceptable (q > 0, named or through `*`) and `identity` is not named with a
    /// higher q; else identity, which is always acceptable. Without the header, identity.
    static func preferred(in headers: HTTPFields) -> ContentCoding {
        // Several field lines come joined by commas, as the list they make.
        guard let acceptEncoding = headers[.acceptEncoding] else { return .identity }
        // What most clients that ask for gzip send, answered without splitting and lowercasing.
        if acceptEncoding == "gzip" { return .gzip }
        var gzip: Double?, identity: Double?, any: Double?
        for element in acceptEncoding.split(separator: ",") {
            let parts = element.split(separator: ";").map { trimmed($0).lowercased() }
            guard let name = parts.first, !name.isEmpty else { continue }
            var quality = 1.0
            for parameter in parts.dropFirst() where parameter.hasPrefix("q=") {
                // A malformed q-value makes the element unacceptable rather than preferred.
                quality = qValue(parameter.dropFirst(2)) ?? 0
            }
            switch name {
            case "gzip", "x-gzip": gzip = max(gzip ?? 0, quality)
            case "identity": identity = quality
            case "*": any = quality
            default: continue
            }
        }
        let gzipQuality = gzip ?? any ?? 0
        return gzipQuality > 0 && gzipQuality >= identity ?? 0 ? .gzip : .identity
    }

    /// `text` without the spaces and tabs (HTTP's optional whitespace) around it; without
    /// Foundation, which a request's header would otherwise go through.
    static func trimmed(_ text: Substring) -> Substring {
        let isSpace = { (character: Character) in character == " " || character == "\t" }
        guard let first = text.firstIndex(where: { !isSpace($0) }), let last = text.lastIndex(where: { !isSpace($0) }) else {
            return text[text.endIndex...]
        }
        return text[first...last]
    }

    /// RFC 9110's qvalue: 0 to 1 with at most three decimals.
    private static func qValue(_ text: Substring) -> Double? {
        guard text.count <= 5, let value = Double(text), (0...1).contains(value),
            text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") })
        else { return nil }
        return value
    }
}

/// A body and, made on first request and then kept, its gzip encoding: compressed once per
/// representation however many clients ask for it.
final class EncodedBody: Sendable {
    /// Bodies below this size are sent as they are: gzip's header and trailer would eat the gain.
    static let minimumSize = 1024

    /// How hard to compress: `best` for what many clients share (the current feed, the web app,
    /// meta), `fast` for a variant one client asked for (another `at` or `transitions`), which
    /// is likely compressed for one answer only. On the 197 KB feed, zlib's level 1 takes about
    /// a sixth of level 9's time for about a third more bytes (docs/server.md).
    enum Effort: Sendable {
        case best, fast

        var level: ZlibConfiguration.CompressionLevel {
            switch self {
            case .best: .bestCompression
            case .fast: .fastestCompression
            }
        }
    }

    let identity: ByteBuffer
    /// Whether the content type is text that compresses (JSON, YAML, HTML, CSS, JavaScript, SVG).
    let isCompressible: Bool
    /// The effort asked for; a `fast` body is compressed again at `best` once it proves
    /// popular (`improveCompression`).
    let effort: Effort
    private let gzipped = Mutex<ByteBuffer?>(nil)
    private let improved = Atomic<Bool>(false)
    /// A request has taken the making of the gzip encoding on itself (`claimCompression`).
    private let compressionClaimed = Atomic<Bool>(false)

    /// How the gzip encoding is made, and where its failure is logged.
    private let gzip: Gzip

    /// The media types besides text/* that gzip shrinks (the web app's WebAssembly module to about a third).
    static let compressibleTypes: Set = ["application/json", "application/yaml", "application/javascript", "image/svg+xml", "application/wasm"]

    init(_ body: ByteBuffer, contentType: String, effort: Effort = .best, gzip: Gzip = .zlib) {
        identity = body
        self.effort = effort
        self.gzip = gzip
        // The media type before any parameter, without the spaces or tabs around it (RFC 9110's OWS).
        let mediaType = contentType.split(separator: ";", omittingEmptySubsequences: false).first ?? ""
        let type = String(mediaType.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed()).lowercased()
        isCompressible =
            body.readableBytes >= Self.minimumSize
            && (type.hasPrefix("text/") || Self.compressibleTypes.contains(type))
    }

    /// Whether sending in `coding` needs a compression not yet made.
    func needsCompression(for coding: ContentCoding) -> Bool {
        coding == .gzip && isCompressible && gzipped.withLock { $0 == nil }
    }

    /// Whether the caller is the first to take the making of the gzip encoding on itself: a
    /// costly variant asked for by many clients at once is compressed for one of them, under one
    /// permit, while the others are answered with the identity body instead of each queueing a
    /// compression of their own (which filled the queue with work that finds nothing to do, and
    /// refused the rest with 503). `releaseCompressionClaim` gives it back when that fails.
    func claimCompression() -> Bool {
        !compressionClaimed.exchange(true, ordering: .relaxed)
    }

    /// Gives back the claim of a compression that did not happen (its request was refused or left).
    func releaseCompressionClaim() {
        compressionClaimed.store(false, ordering: .relaxed)
    }

    /// Makes the gzip encoding if it is not made yet. Compresses outside the lock, so that
    /// readers of an already compressed body never wait for a compression (two requests may
    /// then both compress a new body; the first result is kept).
    func compress() {
        guard isCompressible, gzipped.withLock({ $0 == nil }) else { return }
        guard let made = gzip(identity, effort: effort) else { return }
        gzipped.withLock { stored in
            if stored == nil { stored = made }
        }
    }

    /// The body in `coding`; identity when gzip would not help or zlib fails. Compresses here
    /// when no one did before (`compress()` first to do it elsewhere).
    func body(_ coding: ContentCoding) -> (ByteBuffer, ContentCoding) {
        guard coding == .gzip, isCompressible else { return (identity, .identity) }
        if let stored = gzipped.withLock({ $0 }) { return (stored, .gzip) }
        compress()
        return gzipped.withLock { $0 }.map { ($0, .gzip) } ?? (identity, .identity)
    }

    /// Whether `improveCompression` has something to do: a `fast` body compressed, not yet again.
    var canImproveCompression: Bool {
        effort == .fast && !improved.load(ordering: .relaxed) && gzipped.withLock { $0 != nil }
    }

    /// Compresses a `fast` body again at `best` and keeps that: for a variant asked for more than
    /// once (an app's fixed instant, a CDN's), so that what is sent often is as small as the
    /// canonical body's encoding. Done once.
    func improveCompression() {
        guard effort == .fast, !improved.exchange(true, ordering: .relaxed), isCompressible,
            let made = gzip(identity, effort: .best)
        else { return }
        gzipped.withLock { $0 = made }
    }
}
