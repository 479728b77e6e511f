#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Byte searches with the C library's vectorised `memchr`.
enum CLibrary {
    /// The offset of the first `byte` in `bytes` at or after `start`, or nil.
    static func firstIndex(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let base = bytes.baseAddress, start < bytes.count else { return nil }
        guard let found = memchr(base + start, Int32(byte), bytes.count - start) else { return nil }
        return UnsafeRawPointer(found) - UnsafeRawPointer(base)
    }

    /// Byte order (`memcmp`, then length): negative, zero or positive as `a` sorts before, with or
    /// after `b`.
    static func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        let common = min(a.count, b.count)
        if common > 0, let x = a.baseAddress, let y = b.baseAddress {
            let order = memcmp(x, y, common)
            if order != 0 { return Int(order) }
        }
        return a.count - b.count
    }
}

/// An environment variable, read with the C library: `ProcessInfo.environment` copies the whole
/// environment into a dictionary, a measurable part of a CLI run that needs one or two variables.
@usableFromInline package enum Environment {
    @usableFromInline package static func value(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }
}

/// Files read with the C library: `FileManager` and `FileHandle` cost more than the read itself
/// for the few kilobytes of a TZif file, and a CLI run reads one per zone it shows.
@usableFromInline package enum SystemFile {
    /// The file's bytes, at most `limit` of them; nil when it cannot be opened or read. Read into
    /// one buffer of the file's size (`fstat`), grown only if the file grew: appending 16 KB
    /// chunks copied tzdata.zi's 110 KB over and over.
    package static func read(_ path: String, limit: Int = 1 << 24) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        let size = fstat(descriptor, &status) == 0 ? max(0, Int(status.st_size)) : 0
        // One byte more than the size, so that the end of the file is seen by a read that returns 0.
        var bytes = [UInt8](repeating: 0, count: min(limit, size + 1))
        var count = 0
        while count < limit {
            if count == bytes.count { bytes += [UInt8](repeating: 0, count: min(limit, 2 * bytes.count + 4096) - bytes.count) }
            let read = bytes.withUnsafeMutableBytes { readBytes(descriptor, $0.baseAddress! + count, $0.count - count) }
            if read < 0, errno == EINTR { continue }
            if read < 0 { return nil }
            if read == 0 { break }
            count += read
        }
        bytes.removeLast(bytes.count - count)
        return bytes
    }

    /// Where the symbolic link at `path` points; nil when it is not one.
    @usableFromInline package static func link(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The file's text, of at most `limit` bytes; nil when it cannot be opened or read.
    package static func text(of path: String, limit: Int) -> String? { read(path, limit: limit).map { String(decoding: $0, as: UTF8.self) } }

    /// The file's first line (of its first 256 bytes), without the newline.
    @usableFromInline package static func firstLine(of path: String) -> String? {
        read(path, limit: 256).map { String(decoding: $0.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self) }
    }
}

/// Standard error, written with write(2): FoundationEssentials has no FileHandle, and the C
/// library's `stderr` is a global variable Swift 6 does not let concurrent code read.
package enum StandardError {
    /// Writes `text` to file descriptor 2, as one write.
    package static func write(_ text: String) {
        var text = text
        text.withUTF8 { bytes in _ = writeBytes(2, bytes.baseAddress, bytes.count) }
    }
}

/// write(2), by a name `StandardError.write` does not hide.
private func writeBytes(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}

/// read(2), by a name `SystemFile.read` does not hide.
private func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
