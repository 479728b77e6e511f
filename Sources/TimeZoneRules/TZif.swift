#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A parsed TZif file (RFC 8536, versions 1–4): the transitions, the local time types, and the footer rule,
/// exactly as tz wrote them (negative DST included). `ZoneRules` turns it into what a clock shows.
struct TZif: Sendable {
    /// One local time type (a `ttinfo` record, or one half of a footer rule).
    struct LocalTimeType: Sendable, Hashable {
        /// Seconds east of UT.
        var utOffset: Int
        /// Whether tz flags the type as daylight saving time (negative DST, as in Europe/Dublin, flags winter).
        var isDST: Bool
        /// The tz designation: "KST", "EDT", "+05".
        var abbreviation: String
    }

    /// The format version, 1 to 4.
    let version: Int
    /// Transition instants in seconds since 1970 UT, strictly ascending.
    let transitionTimes: [Int64]
    /// For each transition, the index into `localTimeTypes` in effect from that instant on.
    let transitionTypes: [Int]
    /// The local time types; type 0 also covers instants before the first transition.
    let localTimeTypes: [LocalTimeType]
    /// The footer TZ string's rule for instants from the last transition on; nil when absent or empty.
    let footer: POSIXRule?
    /// The footer as tz wrote it ("EST5EDT,M3.2.0,M11.1.0"), what a device's `TZ` takes; nil with `footer`.
    let footerText: String?

    /// Reads `<directory>/<identifier>`; identifiers that could leave the directory are refused before any I/O.
    init(zone identifier: String, directory: String) throws(TZifError) {
        guard Self.isSafeIdentifier(identifier) else { throw .invalidIdentifier(identifier) }
        let path = directory.hasSuffix("/") ? directory + identifier : directory + "/" + identifier
        guard let bytes = SystemFile.read(path) else { throw .unreadable(path: path) }
        try self.init(data: Data(bytes))
    }

    /// Whether `identifier` names a file inside a zoneinfo directory: relative, no empty, "." or ".."
    /// component, no NUL.
    static func isSafeIdentifier(_ identifier: String) -> Bool {
        // On the UTF-8 bytes: splitting into Characters cost a tenth of loading a zone.
        func isSafe(_ length: Int, dots: Int) -> Bool { length > 0 && !(length <= 2 && dots == length) }
        var length = 0, dots = 0
        for byte in identifier.utf8 {
            switch byte {
            case 0: return false
            case UInt8(ascii: "/"):
                guard isSafe(length, dots: dots) else { return false }
                (length, dots) = (0, 0)
            case UInt8(ascii: "."): (length, dots) = (length + 1, dots + 1)
            default: length += 1
            }
        }
        return isSafe(length, dots: dots)
    }

    /// Parses the bytes of a TZif file, preferring the 64-bit data block of version 2+ files.
    init(data: Data) throws(TZifError) {
        var reader = ByteReader(bytes: [UInt8](data))
        let first = try Header(reading: &reader, section: .header)
        guard first.version >= 2 else {
            (transitionTimes, transitionTypes, localTimeTypes) = try Self.dataBlock(&reader, first, timeSize: 4)
            version = 1
            footer = nil
            footerText = nil
            return
        }
        // The v1 block is only there for old readers; its size follows from the first header's counts.
        _ = try reader.take(first.dataBlockSize(timeSize: 4), section: .v1DataBlock)
        let header = try Header(reading: &reader, section: .v2Header)
        (transitionTimes, transitionTypes, localTimeTypes) = try Self.dataBlock(&reader, header, timeSize: 8)
        version = header.version
        guard try reader.take(1, section: .footer).first == UInt8(ascii: "\n"),
            let end = reader.remaining.firstIndex(of: UInt8(ascii: "\n"))
        else { throw .truncated(.footer) }
        let text = String(decoding: reader.remaining[..<end], as: UTF8.self)
        footer = text.isEmpty ? nil : try POSIXRule(text)
        footerText = text.isEmpty ? nil : text
    }

    /// ±2^56 s is far beyond any calendar anyone displays and keeps the footer's day arithmetic, and
    /// windows of years around an instant, in range.
    static let limit: Int64 = 1 << 56

    /// `t` clamped to ±`limit`.
    static func clamp(_ t: Int64) -> Int64 { min(max(t, -limit), limit) }

    /// Whole seconds since 1970, rounded down and clamped to ±`limit` (NaN → 0).
    static func clamp(_ interval: Double) -> Int64 {
        guard interval.isFinite else { return interval < 0 ? -limit : interval > 0 ? limit : 0 }
        return Int64(min(max(interval, -Double(limit)), Double(limit)).rounded(.down))
    }

    /// The index of the last transition at or before `t` (binary search); nil before the first.
    func lastTransition(atOrBefore t: Int64) -> Int? {
        var low = 0, high = transitionTimes.count
        while low < high {
            let mid = (low + high) / 2
            if transitionTimes[mid] <= t { low = mid + 1 } else { high = mid }
        }
        return low == 0 ? nil : low - 1
    }
}

/// Why a TZif file or zone identifier was refused.
package enum TZifError: Error, Equatable, CustomStringConvertible {
    /// The parts of a TZif file, to say where it ran out.
    public enum Section: String, Sendable {
        /// The 44-byte header of version 1.
        case header = "header"
        /// The version 1 data block (32-bit times), skipped by a version 2+ reader.
        case v1DataBlock = "version 1 data block"
        /// The header that follows the version 1 data block in a version 2+ file.
        case v2Header = "version 2+ header"
        /// The version 2+ data block (64-bit times).
        case dataBlock = "data block"
        /// The POSIX TZ string after the data, between newlines.
        case footer = "footer"
    }

    /// The identifier is empty, absolute, or has an empty, "." or ".." component.
    case invalidIdentifier(String)
    /// Nothing readable at the path (missing zone, directory, no permission).
    case unreadable(path: String)
    /// The file does not start with "TZif".
    case badMagic
    /// The version byte is none of NUL, '2', '3', '4'.
    case unsupportedVersion(UInt8)
    /// The file ends inside the named section.
    case truncated(Section)
    /// A header count RFC 8536 forbids (no types, no designation bytes, mismatched indicator counts).
    case badCount(String)
    /// An index points outside its table, or a designation is not NUL-terminated.
    case badIndex(String)
    /// Transition times are not strictly ascending.
    case unorderedTransitions
    /// The footer is not a TZ string this reader understands.
    case badFooter(String)

    /// A sentence for logs.
    public var description: String {
        switch self {
        case .invalidIdentifier(let id): "invalid time zone identifier \"\(id)\""
        case .unreadable(let path): "cannot read TZif file at \(path)"
        case .badMagic: "not a TZif file (bad magic)"
        case .unsupportedVersion(let byte): "unsupported TZif version byte 0x\(String(byte, radix: 16))"
        case .truncated(let section): "TZif file truncated in the \(section.rawValue)"
        case .badCount(let what): "bad TZif header count: \(what)"
        case .badIndex(let what): "bad TZif index: \(what)"
        case .unorderedTransitions: "TZif transition times are not ascending"
        case .badFooter(let footer): "unsupported TZif footer TZ string \"\(footer)\""
        }
    }
}

extension TZif {
    /// The counts from one TZif header, in RFC 8536 order.
    private struct Header {
        /// The format version, 1 to 4.
        var version: Int
        /// The six counts, named as in RFC 8536.
        var isutcnt = 0, isstdcnt = 0, leapcnt = 0, timecnt = 0, typecnt = 0, charcnt = 0

        /// Reads the 44-byte header at the cursor.

        init(reading reader: inout ByteReader, section: TZifError.Section) throws(TZifError) {
            // A short file that starts unlike "TZif" is garbage rather than truncated.
            let magic = Array("TZif".utf8)
            guard reader.remaining.prefix(4).elementsEqual(magic.prefix(min(4, reader.remaining.count))) else {
                throw .badMagic
            }
            let bytes = try reader.take(44, section: section)
            switch bytes[bytes.startIndex + 4] {
            case 0: version = 1
            case let byte where (UInt8(ascii: "2")...UInt8(ascii: "4")).contains(byte):
                version = Int(byte - UInt8(ascii: "0"))
            case let byte: throw .unsupportedVersion(byte)
            }
            let counts = (0..<6).map {
                Int(TZif.bigEndian(bytes, at: bytes.startIndex + 20 + 4 * $0, size: 4, signed: false))
            }
            (isutcnt, isstdcnt, leapcnt) = (counts[0], counts[1], counts[2])
            (timecnt, typecnt, charcnt) = (counts[3], counts[4], counts[5])
        }

        /// The byte size of the data block these counts describe.
        func dataBlockSize(timeSize: Int) -> Int {
            timecnt * (timeSize + 1) + typecnt * 6 + charcnt + leapcnt * (timeSize + 4) + isstdcnt + isutcnt
        }
    }

    /// Decodes the data block in use: transition times and types, and the local time types. Leap seconds
    /// and the std/ut indicators are skipped, as abbreviations don't need them.
    private static func dataBlock(
        _ reader: inout ByteReader, _ header: Header, timeSize: Int
    )
        throws(TZifError) -> ([Int64], [Int], [LocalTimeType])
    {
        guard header.typecnt > 0 else { throw .badCount("typecnt is 0") }
        guard header.charcnt > 0 else { throw .badCount("charcnt is 0") }
        guard header.isstdcnt == 0 || header.isstdcnt == header.typecnt,
            header.isutcnt == 0 || header.isutcnt == header.typecnt
        else { throw .badCount("isstdcnt/isutcnt differ from typecnt") }
        // Taking the whole block first bounds every read below and refuses huge counts before allocating.
        let block = try reader.take(header.dataBlockSize(timeSize: timeSize), section: .dataBlock)
        var at = block.startIndex
        let times = (0..<header.timecnt).map { bigEndian(block, at: at + $0 * timeSize, size: timeSize, signed: true) }
        guard zip(times, times.dropFirst()).allSatisfy({ $0 < $1 }) else { throw .unorderedTransitions }
        at += header.timecnt * timeSize
        let types = block[at..<at + header.timecnt].map(Int.init)
        if let bad = types.first(where: { $0 >= header.typecnt }) {
            throw .badIndex("transition type \(bad) of \(header.typecnt)")
        }
        at += header.timecnt
        let chars = block[(at + header.typecnt * 6)..<(at + header.typecnt * 6 + header.charcnt)]
        var localTimeTypes: [LocalTimeType] = []
        for i in 0..<header.typecnt {
            let record = at + i * 6
            let index = chars.startIndex + Int(block[record + 5])
            guard index < chars.endIndex, let end = chars[index...].firstIndex(of: 0) else {
                throw .badIndex("designation \(block[record + 5]) of \(header.charcnt) bytes")
            }
            localTimeTypes.append(
                LocalTimeType(
                    utOffset: Int(bigEndian(block, at: record, size: 4, signed: true)),
                    isDST: block[record + 4] != 0,
                    abbreviation: String(decoding: chars[index..<end], as: UTF8.self)))
        }
        return (times, types, localTimeTypes)
    }

    /// A big-endian integer of `size` bytes (4 or 8); callers have already bounds-checked the block.
    private static func bigEndian(_ bytes: ArraySlice<UInt8>, at start: Int, size: Int, signed: Bool) -> Int64 {
        let raw = bytes[start..<start + size].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        guard size == 4 else { return Int64(bitPattern: raw) }
        return signed ? Int64(Int32(bitPattern: UInt32(truncatingIfNeeded: raw))) : Int64(raw)
    }

    /// A cursor over the file that throws instead of reading past the end.
    private struct ByteReader {
        /// The whole file.
        let bytes: [UInt8]
        /// The next byte to read.
        var offset = 0

        /// What is left to read.
        var remaining: ArraySlice<UInt8> { bytes[offset...] }

        /// The next `count` bytes, or `.truncated(section)` when the file ends first.
        mutating func take(_ count: Int, section: TZifError.Section) throws(TZifError) -> ArraySlice<UInt8> {
            guard count <= bytes.count - offset else { throw .truncated(section) }
            defer { offset += count }
            return bytes[offset..<offset + count]
        }
    }
}
