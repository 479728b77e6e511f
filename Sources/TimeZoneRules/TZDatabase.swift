import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where a set of tz rules comes from.
public enum TZDataSource: Sendable, Hashable, CustomStringConvertible {
    /// A system zoneinfo directory found by the default search (/usr/share/zoneinfo, …).
    case system(directory: String)
    /// The directory the `TZDIR` environment variable names.
    case environment(directory: String)
    /// A directory given explicitly (`--tzdata DIR`).
    case option(directory: String)
    /// The copy compiled into the binary (`Data/tzdata`, from PyPI's tzdata).
    case bundled

    /// The zoneinfo directory, nil for the bundled copy.
    public var directory: String? {
        switch self {
        case .system(let directory), .environment(let directory), .option(let directory): directory
        case .bundled: nil
        }
    }

    /// "system /usr/share/zoneinfo", "TZDIR /opt/tz", "--tzdata /opt/tz" or "bundled".
    public var description: String {
        switch self {
        case .system(let directory): "system \(directory)"
        case .environment(let directory): "TZDIR \(directory)"
        case .option(let directory): "--tzdata \(directory)"
        case .bundled: "bundled"
        }
    }
}

/// One tzdata copy: the rules of every zone it holds, parsed on first use and kept, and its links
/// (old ids such as Asia/Calcutta → Asia/Kolkata). A directory that lacks a zone falls back to the
/// bundled copy for it, so an old system tzdata never leaves a new zone without a time.
public final class TZDatabase: Sendable {
    /// Where the rules come from.
    public let source: TZDataSource
    /// The tz release, from `tzdata.zi`'s first line or `+VERSION`; nil when the directory says neither.
    public let version: TZDataVersion?
    private let cache = Mutex<[String: ZoneRules]>([:])
    private let linkTable: Lazy<[String: String]>
    private let fallbackLog = Mutex<[String: TZifError]>([:])

    /// The zones looked up so far whose file in this directory exists but could not be read as
    /// TZif (corrupt, truncated, unsupported), and which the bundled copy answered instead, by id.
    /// A server logs them and `doctor` shows them: a time from other rules than the ones in use
    /// must not pass unnoticed.
    public var fallbacks: [TZDataFallback] {
        fallbackLog.withLock { $0.map { TZDataFallback(zoneID: $0.key, source: source, error: $0.value) } }.sorted { $0.zoneID < $1.zoneID }
    }

    /// The copy compiled into the binary.
    public static let bundled = TZDatabase(bundledVersion: ())

    private init(bundledVersion: Void) {
        source = .bundled
        version = TZDataVersion(BundledTZData.version)
        linkTable = Lazy { BundledZones.shared.links }
    }

    /// The rules in the zoneinfo directory of `source` (not checked here; `TZDataChoice.choose`
    /// makes these).
    init(source: TZDataSource) {
        let directory = source.directory ?? ""
        self.source = source
        version = Self.version(ofDirectory: directory)
        linkTable = Lazy {
            // tzdata.zi's "L TARGET ALIAS" lines; the bundled links fill in what an older copy lacks.
            var links = BundledZones.shared.links
            let text = FileManager.default.contents(atPath: directory + "/tzdata.zi").map { String(decoding: $0, as: UTF8.self) } ?? ""
            for line in text.split(separator: "\n") where line.hasPrefix("L ") {
                let parts = line.split(separator: " ")
                if parts.count == 3 { links[String(parts[2])] = String(parts[1]) }
            }
            return links
        }
    }

    /// The rules of `zoneID` (a zone or a link to one); nil when neither this copy nor the bundled one has it.
    /// - Complexity: parses the zone's TZif file once per process.
    public func rules(for zoneID: String) -> ZoneRules? {
        if let cached = cache.withLock({ $0[zoneID] }) { return cached }
        guard let rules = load(zoneID) else { return nil }
        cache.withLock { $0[zoneID] = rules }
        return rules
    }

    /// Old and alternative ids → the zone tz links them to (Asia/Calcutta → Asia/Kolkata).
    public var links: [String: String] { linkTable.value }

    private func load(_ zoneID: String) -> ZoneRules? {
        guard TZif.isSafeIdentifier(zoneID) else { return nil }
        if let directory = source.directory {
            do {
                return ZoneRules(try TZif(zone: zoneID, directory: directory))
            } catch {
                // A zone the directory lacks is expected of an older tzdata; a file that is there
                // but unreadable as TZif is a broken installation, recorded for the log and doctor.
                if case .unreadable = error {} else { fallbackLog.withLock { $0[zoneID] = error } }
                return Self.bundled.rules(for: zoneID)
            }
        }
        let zones = BundledZones.shared
        // A link's target, at most eight links deep (tz's are one deep). The check is a lookup:
        // a `where` clause that decoded the zone was evaluated on all eight turns.
        var id = zoneID
        for _ in 0..<8 where !zones.contains(id) {
            guard let target = zones.links[id] else { return nil }
            id = target
        }
        guard let data = zones.data(for: id), let tzif = try? TZif(data: data) else { return nil }
        return ZoneRules(tzif)
    }

    /// The version a zoneinfo directory states: `tzdata.zi`'s "# version 2026f", else `+VERSION`.
    static func version(ofDirectory directory: String) -> TZDataVersion? {
        if let head = SystemFile.read(directory + "/tzdata.zi", limit: 64) {
            if let firstLine = String(decoding: head, as: UTF8.self).split(separator: "\n").first, firstLine.hasPrefix("# version ") {
                return TZDataVersion(firstLine.dropFirst("# version ".count))
            }
        }
        return SystemFile.read(directory + "/+VERSION", limit: 64).flatMap { TZDataVersion(String(decoding: $0, as: UTF8.self)) }
    }

    /// Whether a directory holds tz's compiled zones: a readable TZif file for UTC.
    static func isZoneinfoDirectory(_ directory: String) -> Bool {
        ["UTC", "Etc/UTC"].contains { (try? TZif(zone: $0, directory: directory)) != nil }
    }
}

/// The bundled copy's zones and links, indexed once on first use.
struct BundledZones: Sendable {
    static let shared = BundledZones()

    /// Zone id → where its TZif file's base64 lies in `BundledTZData.zones`' UTF-8.
    private let base64: [String: Range<Int>]
    /// Alias → zone.
    let links: [String: String]

    private init() {
        let zones = Self.fields(of: BundledTZData.zones), aliases = Self.fields(of: BundledTZData.links)
        var base64 = [String: Range<Int>](minimumCapacity: zones.count)
        for (id, value) in zones { base64[id] = value }
        self.base64 = base64
        var links = [String: String](minimumCapacity: aliases.count)
        for (alias, target) in aliases { links[alias] = Self.text(BundledTZData.links, bytes: target) }
        self.links = links
    }

    /// Each "key TAB value" line of `text`: the key, and the value's range of byte offsets.
    /// Read in place with `memchr`: copying and scanning the 600 KB of base64 byte by byte was an
    /// eighth of a short command's run.
    private static func fields(of text: String) -> [(key: String, value: Range<Int>)] {
        var text = text
        return text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return [] }
            var fields: [(key: String, value: Range<Int>)] = []
            var lineStart = 0
            while lineStart < bytes.count {
                let lineEnd = CLibrary.firstIndex(of: UInt8(ascii: "\n"), in: bytes, from: lineStart) ?? bytes.count
                if let tab = CLibrary.firstIndex(of: UInt8(ascii: "\t"), in: UnsafeBufferPointer(start: base, count: lineEnd), from: lineStart) {
                    fields.append((String(decoding: UnsafeBufferPointer(rebasing: bytes[lineStart..<tab]), as: UTF8.self), (tab + 1)..<lineEnd))
                }
                lineStart = lineEnd + 1
            }
            return fields
        }
    }

    /// Whether `zoneID` is a zone (not a link) of the bundled copy.
    func contains(_ zoneID: String) -> Bool { base64[zoneID] != nil }

    /// The TZif bytes of a zone (not a link), or nil.
    func data(for zoneID: String) -> Data? {
        guard let range = base64[zoneID] else { return nil }
        return Data(base64Encoded: Self.text(BundledTZData.zones, bytes: range))
    }

    /// The part of `text` at UTF-8 offsets `range` (O(1) to find in a native string).
    private static func text(_ text: String, bytes range: Range<Int>) -> String {
        let utf8 = text.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        return String(decoding: utf8[start..<utf8.index(start, offsetBy: range.count)], as: UTF8.self)
    }

    /// Every zone id (not the links), sorted.
    var zoneIDs: [String] { base64.keys.sorted() }
}

/// A value built on first use, once, from any thread (shared with the catalogue's lazy parts).
///
/// The mutex guards a reference to the value, not the value inline. With the search index inline
/// (a generic struct of some hundred bytes), the server tests, which read one catalogue from many
/// threads, crashed in about half their runs while copying it out of the mutex, in heap memory
/// already freed; AddressSanitizer found no bad access in this package's code (Swift 6.3, Linux).
/// Boxed: no crash in 20 runs.
package final class Lazy<Value: Sendable>: Sendable {
    private final class Box: Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    private let make: @Sendable () -> Value
    private let state = Mutex<Box?>(nil)

    package init(_ make: @escaping @Sendable () -> Value) { self.make = make }

    /// The value if it has been made, without making it.
    package var madeValue: Value? { state.withLock { $0?.value } }

    package var value: Value {
        state.withLock { stored in
            if let stored { return stored.value }
            let made = Box(make())
            stored = made
            return made.value
        }
    }
}

/// A zone whose file in the tzdata in use could not be read, so its times come from the bundled copy.
public struct TZDataFallback: Sendable, Equatable, CustomStringConvertible {
    public let zoneID: String
    /// The tzdata whose file failed.
    public let source: TZDataSource
    /// Why the file could not be used.
    public let error: TZifError

    public var description: String {
        "\(zoneID): the file in \(source) cannot be used (\(error)); its times come from the bundled rules"
    }
}
