import CompressNIO
import Hummingbird
import Logging
import Synchronization

/// The content codings the server sends: gzip (zlib through compress-nio) or none.
///
/// Brotli is not offered: no maintained Swift package for it is available here (Debian's libbrotli
/// would need a C wrapper of our own), and gzip already takes `/v1/sections` to about an eighth.
enum ContentCoding: String, Sendable {
    case identity, gzip

    /// The coding to send for `Accept-Encoding` (its field lines), by q-value (RFC 9110 §12.5.3):
    /// gzip when it is acceptable (q > 0, named or through `*`) and `identity` is not named with a
    /// higher q; else identity, which is always acceptable. Without the header, identity.
    static func preferred(_ acceptEncoding: [String]) -> ContentCoding {
        var gzip: Double?, identity: Double?, any: Double?
        for element in acceptEncoding.lazy.flatMap({ $0.split(separator: ",") }) {
            let parts = element.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
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

    /// RFC 9110's qvalue: 0 to 1 with at most three decimals.
    private static func qValue(_ text: Substring) -> Double? {
        guard text.count <= 5, let value = Double(text), (0...1).contains(value),
              text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }) else { return nil }
        return value
    }
}

/// A body and, made on first request and then kept, its gzip encoding: compressed once per
/// representation however many clients ask for it.
final class EncodedBody: Sendable {
    /// Bodies below this size are sent as they are: gzip's header and trailer would eat the gain.
    static let minimumSize = 1024

    let identity: ByteBuffer
    /// Whether the content type is text that compresses (JSON, YAML, HTML, CSS, JavaScript, SVG).
    let isCompressible: Bool
    private let gzipped = Mutex<ByteBuffer?>(nil)

    init(_ body: ByteBuffer, contentType: String) {
        identity = body
        let type = contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        isCompressible = body.readableBytes >= Self.minimumSize
            && (type.hasPrefix("text/") || ["application/json", "application/yaml", "application/javascript", "image/svg+xml"].contains(type))
    }

    /// The body in `coding`; identity when gzip would not help or zlib fails.
    func body(_ coding: ContentCoding) -> (ByteBuffer, ContentCoding) {
        guard coding == .gzip, isCompressible else { return (identity, .identity) }
        return gzipped.withLock { stored in
            if stored == nil { stored = Self.gzip(identity) }
            return stored.map { ($0, .gzip) } ?? (identity, .identity)
        }
    }

    /// gzip at zlib's best compression: done once per body, so worth the extra CPU.
    /// - Returns: nil when zlib fails; the failure is logged, as the body then goes out uncompressed.
    static func gzip(_ body: ByteBuffer, logger: Logger = Logger(label: "worldclock.serve")) -> ByteBuffer? {
        var input = body
        let compressor = CompressionAlgorithm.gzip(configuration: .init(compressionLevel: .bestCompression)).compressor
        do {
            try compressor.startStream()
            defer { try? compressor.finishStream() }
            var output = ByteBufferAllocator().buffer(capacity: compressor.maxSize(from: input))
            try compressor.streamDeflate(from: &input, to: &output, flush: .finish)
            return output
        } catch {
            logger.error("gzip failed (\(error)); sending the \(body.readableBytes)-byte body uncompressed")
            return nil
        }
    }
}
