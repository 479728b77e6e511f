import NIOCore

/// Percent-encodes the raw bytes above 0x7F of each request line's target before NIO's parser
/// (llhttp) reads them, which refuses them: `GET /v1/search?q=뉴` as a browser's address bar, curl
/// and nginx send it then reads as `?q=%EB%89%B4`, the form the feed documents. The query's decoder
/// (`QueryString`) then checks the UTF-8 as for any escape: bytes that are not UTF-8 stay a clear 400.
///
/// Only request lines are touched: the bytes of a connection are followed line by line up to the
/// blank line that ends each head. A request with a body (`Content-Length` other than 0, or
/// `Transfer-Encoding`) ends the rewriting for its connection, whose bytes then pass as they come
/// (the feed takes no bodies; the parser answers what follows).
struct RawTargetEscaper {
    private enum State {
        /// In a request line (or the empty lines allowed before one).
        case requestLine
        /// In a head's header lines.
        case headers
        /// A body came: nothing more is rewritten on this connection.
        case passthrough
    }

    private var state = State.requestLine
    /// Bytes in the current line so far (without CR).
    private var lineLength = 0
    /// The current header line's first bytes, lower-cased, to find `content-length` and `transfer-encoding`.
    private var linePrefix: [UInt8] = []

    /// `buffer` as the parser should read it: the same buffer when it needs no change (nearly always).
    mutating func escape(_ buffer: ByteBuffer) -> ByteBuffer {
        guard state != .passthrough else { return buffer }
        var escaped: ByteBuffer?
        buffer.withUnsafeReadableBytes { bytes in
            for (index, byte) in bytes.enumerated() {
                if state == .passthrough {
                    escaped?.writeBytes(UnsafeRawBufferPointer(rebasing: bytes[index...]))
                    return
                }
                if state == .requestLine, byte >= 0x80 {
                    if escaped == nil {
                        var copy = ByteBuffer()
                        copy.reserveCapacity(bytes.count * 3)
                        copy.writeBytes(UnsafeRawBufferPointer(rebasing: bytes[..<index]))
                        escaped = copy
                    }
                    let hex: StaticString = "0123456789ABCDEF"
                    escaped!.writeInteger(UInt8(ascii: "%"))
                    escaped!.writeInteger(hex.utf8Start[Int(byte >> 4)])
                    escaped!.writeInteger(hex.utf8Start[Int(byte & 0xF)])
                    lineLength += 1
                    continue
                }
                escaped?.writeInteger(byte)
                see(byte)
            }
        }
        return escaped ?? buffer
    }

    /// Follows the lines of the head with one more byte.
    private mutating func see(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\r"):
            return
        case UInt8(ascii: "\n"):
            switch state {
            case .requestLine:
                if lineLength > 0 { state = .headers }
            case .headers:
                if lineLength == 0 {
                    state = .requestLine
                } else if Self.announcesBody(linePrefix) {
                    // The body follows this head: its bytes are no request line.
                    state = .passthrough
                }
            case .passthrough:
                break
            }
            lineLength = 0
            linePrefix.removeAll(keepingCapacity: true)
        default:
            lineLength += 1
            if state == .headers, linePrefix.count < 24 {
                linePrefix.append(byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte)
            }
        }
    }

    /// Whether a header line (its first bytes, lower-cased) says a body follows.
    private static func announcesBody(_ line: [UInt8]) -> Bool {
        if line.starts(with: "transfer-encoding:".utf8) { return true }
        guard line.starts(with: "content-length:".utf8) else { return false }
        let value = line.dropFirst("content-length:".utf8.count).filter { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }
        return !value.allSatisfy { $0 == UInt8(ascii: "0") } || value.isEmpty
    }
}
