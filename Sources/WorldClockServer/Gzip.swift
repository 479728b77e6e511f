import CompressNIO
import Hummingbird
import Logging

/// How a body is gzipped and where a failure is logged: zlib (compress-nio) and the server's
/// log, or in tests a compressor that fails and a log they read. A failure is never silent:
/// the body then goes out uncompressed, which costs every client that asked for gzip.
struct Gzip: Sendable {
    /// Compresses a whole body at `effort`'s level, or throws.
    let compress: @Sendable (ByteBuffer, EncodedBody.Effort) throws -> ByteBuffer
    let logger: Logger

    /// zlib, logging to the server's label.
    static let zlib = Gzip(compress: zlibGzip, logger: Logger(label: "worldclock.serve"))

    /// The body gzipped at `effort`; nil when compression failed, which is logged as an error.
    func callAsFunction(_ body: ByteBuffer, effort: EncodedBody.Effort) -> ByteBuffer? {
        do {
            return try compress(body, effort)
        } catch {
            logger.error("gzip failed (\(error)); sending the \(body.readableBytes)-byte body uncompressed")
            return nil
        }
    }
}

/// gzip at `effort`'s zlib level.
private func zlibGzip(_ body: ByteBuffer, effort: EncodedBody.Effort) throws -> ByteBuffer {
    var input = body
    let compressor = CompressionAlgorithm.gzip(configuration: .init(compressionLevel: effort.level)).compressor
    try compressor.startStream()
    defer { try? compressor.finishStream() }
    var output = ByteBufferAllocator().buffer(capacity: compressor.maxSize(from: input))
    try compressor.streamDeflate(from: &input, to: &output, flush: .finish)
    // Kept for as long as the body: without the room zlib's bound asked for (the size of the
    // input, some eight times what JSON compresses to).
    return ByteBuffer(bytes: output.readableBytesView)
}
