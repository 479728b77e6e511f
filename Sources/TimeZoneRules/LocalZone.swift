#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The machine's time zone, read as the C library reads it and without Foundation, whose
/// `TimeZone.current` goes through ICU (a tenth of a CLI run).
public enum LocalZone {
    /// Zone ids the machine names, most specific first: `TZ` ("Asia/Seoul", ":Asia/Seoul" or a
    /// zoneinfo path), the file `/etc/localtime` links to, `/etc/timezone`. A caller takes the
    /// first its tzdata has, else UTC; `TZ` may hold a POSIX rule ("KST-9") that names no zone.
    public static func candidates(tz: String? = environment("TZ"), localtime: String? = link("/etc/localtime"),
                                  timezoneFile: String? = firstLine(of: "/etc/timezone")) -> [String] {
        var ids: [String] = []
        if var tz, !tz.isEmpty {
            if tz.hasPrefix(":") { tz.removeFirst() }
            ids.append(zoneID(fromPath: tz))
        }
        if let localtime { ids.append(zoneID(fromPath: localtime)) }
        if let timezoneFile, !timezoneFile.isEmpty { ids.append(timezoneFile) }
        return ids
    }

    /// `/usr/share/zoneinfo/Asia/Seoul` → `Asia/Seoul`; a path without a `zoneinfo` directory, or
    /// an id, as it is.
    static func zoneID(fromPath path: String) -> String {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard let zoneinfo = parts.lastIndex(where: { $0 == "zoneinfo" || $0.hasPrefix("zoneinfo-") }) else { return path }
        return parts[(zoneinfo + 1)...].joined(separator: "/")
    }

    public static func environment(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }

    public static func link(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    public static func firstLine(of path: String) -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 256)
        guard fgets(&buffer, Int32(buffer.count), file) != nil else { return nil }
        let line = String(cString: buffer)
        return line.hasSuffix("\n") ? String(line.dropLast()) : line
    }
}

/// Reads files with the C library: `FileManager` and `FileHandle` cost more than the read itself
/// for the few kilobytes of a TZif file, and a CLI run reads one per zone it shows.
enum FileBytes {
    /// The file's bytes, at most `limit` of them; nil when it cannot be opened or read.
    static func read(_ path: String, limit: Int = 1 << 24) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: min(limit, 16_384))
        while bytes.count < limit {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, min($0.count, limit - bytes.count)) }
            if count < 0 { return nil }
            if count == 0 { break }
            bytes += chunk[..<count]
        }
        return bytes
    }
}
