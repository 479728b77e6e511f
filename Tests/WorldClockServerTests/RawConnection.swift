import Foundation
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// A plain TCP connection to the live test server, for what an HTTP client hides: when the server
/// closes, what it sends to a malformed request, HTTP/1.0. Reads wait on the socket on a thread of
/// their own, so the server's tasks keep the cooperative pool.
final class RawConnection: @unchecked Sendable {
    let fd: Int32

    init(port: Int) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            close(fd)
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
    }

    deinit { close(fd) }

    /// Sends `text`; false when the server has closed the connection.
    @discardableResult
    func send(_ text: String) -> Bool { send(bytes: Array(text.utf8)) }

    @discardableResult
    func send(bytes: [UInt8]) -> Bool {
        return bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } == bytes.count
    }

    /// One whole response (its headers and `Content-Length` bytes of body), or what arrived until
    /// the server closed the connection or `deadline` passed. The deadline is only a guard against
    /// a hang: the answer is decided by the bytes, so a loaded machine does not change it.
    func readResponse(deadline timeout: Duration = .seconds(60)) async throws -> (text: String, closed: Bool) {
        try await receive(for: timeout, until: Self.isWholeResponse)
    }

    /// What arrives until `isDone` says the bytes are enough, the server closes the connection, or
    /// `timeout` passes. It waits on the socket itself (poll(2)) on a thread of its own, so the
    /// server's tasks keep the cooperative pool and each wait ends when bytes or the close arrive;
    /// the deadline only stops a hang.
    private func receive(
        for timeout: Duration, until isDone: @escaping @Sendable ([UInt8]) -> Bool
    ) async throws -> (text: String, closed: Bool) {
        let fd = self.fd
        return try await onOwnThread {
            var received: [UInt8] = []
            let deadline = ContinuousClock.now + timeout
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while !isDone(received) {
                let left = ContinuousClock.now.duration(to: deadline)
                guard left > .zero else { break }
                var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                let milliseconds = left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1
                let events = poll(&ready, 1, Int32(clamping: milliseconds))
                if events == 0 { break }
                if events < 0 {
                    if errno == EINTR { continue }
                    throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
                }
                let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
                if count > 0 {
                    received += buffer[..<count]
                } else if count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
                    return (String(decoding: received, as: UTF8.self), true)
                }
            }
            return (String(decoding: received, as: UTF8.self), false)
        }
    }

    /// Whether `bytes` hold a response's headers and all the body its `Content-Length` announces.
    private static func isWholeResponse(_ bytes: [UInt8]) -> Bool {
        let separator = Array("\r\n\r\n".utf8)
        guard bytes.count >= separator.count,
            let end = (0...(bytes.count - separator.count)).first(where: { Array(bytes[$0..<($0 + separator.count)]) == separator })
        else { return false }
        let headers = String(decoding: bytes[..<end], as: UTF8.self).lowercased().split(separator: "\r\n")
        guard
            let length = headers.first(where: { $0.hasPrefix("content-length:") })
                .flatMap({ Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) })
        else { return false }
        return bytes.count - (end + separator.count) >= length
    }

    /// What arrives until the server closes the connection or `timeout` passes.
    func read(for timeout: Duration) async throws -> (text: String, closed: Bool) {
        try await receive(for: timeout) { _ in false }
    }
}
