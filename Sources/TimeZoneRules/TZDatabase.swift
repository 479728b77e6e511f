import FNV
import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where a set of tz rules comes from.
package enum TZDataSource: Sendable, Hashable, CustomStringConvertible {
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
    package let source: TZDataSource
    /// The tz release, from `tzdata.zi`'s first line or `+VERSION`; nil when the directory says neither.
    package let version: TZDataVersion?
    private let cache = Mutex<[String: ZoneRules]>([:])
    /// The links of this copy's `tzdata.zi` (nil for the bundled copy); the bundled links answer
    /// for any alias it lacks.
    private let ziLinks: Lazy<LinkTable?>
    private let fallbackLog = Mutex<[String: TZifError]>([:])
    /// `rulesDigest(of:)`'s answers, by the ids asked for.
    private let digests = Mutex<[String: String]>([:])

    /// The zones looked up so far whose file in this directory exists but could not be read as
    /// TZif (corrupt, truncated, unsupported), and which the bundled copy answered instead, by id.
    /// A server logs them and `doctor` shows them: a time from other rules than the ones in use
    /// must not pass unnoticed.
    package var fallbacks: [TZDataFallback] {
        fallbackLog.withLock { $0.map { TZDataFallback(zoneID: $0.key, source: source, error: $0.value) } }.sorted { $0.zoneID < $1.zoneID }
    }

    /// The copy compiled into the binary.
    public static let bundled = TZDatabase(bundledVersion: ())

    /// The rules this process uses, chosen once: a `TZDIR` that holds zoneinfo, else the system's
    /// tzdata when it is at least as new as the bundled copy, else the bundled copy.
    public static var automatic: TZDatabase { TZDataChoice.automatic.database }

    private init(bundledVersion: Void) {
        source = .bundled
        version = TZDataVersion(BundledTZData.version)
        ziLinks = Lazy { nil }
    }

    /// The rules in the zoneinfo directory of `source` (not checked here; `TZDataChoice.choose`
    /// makes these).
    init(source: TZDataSource) {
        let directory = source.directory ?? ""
        self.source = source
        version = Self.version(ofDirectory: directory)
        ziLinks = Lazy { SystemFile.read(directory + "/tzdata.zi").map(LinkTable.init(zi:)) }
    }

    /// A digest (FNV-1a, 64 bits, hex) of the rules of `zoneIDs`, in the order given, each id
    /// with its rules' fingerprint (`ZoneRules.appendFingerprint(to:)`), or a mark for an id
    /// without rules: changes whenever a zone's clocks would show something else at some instant,
    /// and only then (a relabelled copy with the same rules keeps it). Computed once per list of ids.
    package func rulesDigest(of zoneIDs: [String]) -> String {
        let key = zoneIDs.joined(separator: "\n")
        if let known = digests.withLock({ $0[key] }) { return known }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(zoneIDs.count * 2048)
        for id in zoneIDs {
            bytes += id.utf8
            bytes.append(0)
            if let rules = rules(for: id) { rules.appendFingerprint(to: &bytes) } else { bytes += "-".utf8 }
            bytes.append(0x0A)
        }
        let digest = FNV1a.hex(bytes)
        digests.withLock { $0[key] = digest }
        return digest
    }

    /// The rules of `zoneID` (a zone or a link to one); nil when neither this copy nor the bundled one has it.
    /// - Complexity: parses the zone's TZif file once per process.
    package func rules(for zoneID: String) -> ZoneRules? {
        if let cached = cache.withLock({ $0[zoneID] }) { return cached }
        guard let rules = load(zoneID) else { return nil }
        cache.withLock { $0[zoneID] = rules }
        return rules
    }

    /// Old and alternative ids → the zone tz links them to (Asia/Calcutta → Asia/Kolkata), every one:
    /// a dictionary built on each call. For one id, `linkTarget(of:)`.
    package var links: [String: String] {
        BundledZones.shared.links.dictionary.merging(ziLinks.value?.dictionary ?? [:]) { $1 }
    }

    /// The id `alias` links to (Asia/Calcutta → Asia/Kolkata), one link deep; nil when it is no link.
    package func linkTarget(of alias: String) -> String? {
        ziLinks.value?.target(of: alias) ?? BundledZones.shared.links.target(of: alias)
    }

    /// Reads this copy's links (`tzdata.zi`) now rather than at the first lookup (a server's start-up).
    package func prepareLinks() { _ = ziLinks.value }

    /// The ids that link to `target`, one link deep, as `linkTarget(of:)` reads the links (this
    /// copy's first, then the bundled copy's), in byte order: UTC, Zulu and others for Etc/UTC.
    package func aliases(of target: String) -> [String] {
        let found = Set((ziLinks.value?.aliases(of: target) ?? []) + BundledZones.shared.links.aliases(of: target))
        return found.filter { linkTarget(of: $0) == target }.sorted()
    }

    /// The id at the end of `zoneID`'s chain of tz links, at most eight deep: itself when it is no
    /// link (UTC → Etc/UTC, Asia/Saigon → Asia/Ho_Chi_Minh), so that two ids of one zone compare equal.
    package func followingLinks(_ zoneID: String) -> String {
        var zone = zoneID
        for _ in 0..<8 {
            guard let target = linkTarget(of: zone) else { break }
            zone = target
        }
        return zone
    }

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
        // A link's target, at most eight links deep (tz's are one deep).
        var id = zoneID
        for _ in 0...8 {
            if let data = zones.data(for: id) { return (try? TZif(data: data)).map(ZoneRules.init) }
            guard let target = zones.links.target(of: id) else { return nil }
            id = target
        }
        return nil
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

    /// Each zone's line of `BundledTZData.zones`: where its id and its TZif file's base64 lie in the
    /// UTF-8, in byte order of the ids. A lookup is a binary search: a dictionary of the 600 ids
    /// cost more than the few zones a command looks up.
    private let lines: [(id: Range<Int>, base64: Range<Int>)]

    private init() {
        // Sorted here too, whatever order the plugin wrote (it sorts: this is then one pass).
        lines = Self.withUTF8(of: BundledTZData.zones) { bytes in
            Self.fields(of: bytes).map { (id: $0.key, base64: $0.value) }.sorted {
                CLibrary.compare(UnsafeBufferPointer(rebasing: bytes[$0.id]), UnsafeBufferPointer(rebasing: bytes[$1.id])) < 0
            }
        }
    }

    /// Alias → zone, read on the first use of a link.
    var links: LinkTable { Self.links }
    private static let links = LinkTable(tabSeparated: BundledTZData.links)

    /// Each "key TAB value" line: the byte ranges of its key and its value. Read in place with
    /// `memchr`: copying and scanning the 600 KB of base64 byte by byte was an eighth of a short
    /// command's run.
    private static func fields(of bytes: UnsafeBufferPointer<UInt8>) -> [(key: Range<Int>, value: Range<Int>)] {
        guard let base = bytes.baseAddress else { return [] }
        var fields: [(key: Range<Int>, value: Range<Int>)] = []
        var lineStart = 0
        while lineStart < bytes.count {
            let lineEnd = CLibrary.firstIndex(of: UInt8(ascii: "\n"), in: bytes, from: lineStart) ?? bytes.count
            if let tab = CLibrary.firstIndex(of: UInt8(ascii: "\t"), in: UnsafeBufferPointer(start: base, count: lineEnd), from: lineStart) {
                fields.append((lineStart..<tab, (tab + 1)..<lineEnd))
            }
            lineStart = lineEnd + 1
        }
        return fields
    }

    /// The line of `zoneID`, or nil.
    private func line(of zoneID: String) -> (id: Range<Int>, base64: Range<Int>)? {
        var zoneID = zoneID
        return zoneID.withUTF8 { key in
            Self.withUTF8(of: BundledTZData.zones) { bytes in
                var low = 0, high = lines.count
                while low < high {
                    let middle = (low + high) / 2
                    let order = CLibrary.compare(UnsafeBufferPointer(rebasing: bytes[lines[middle].id]), key)
                    if order == 0 { return lines[middle] }
                    if order < 0 { low = middle + 1 } else { high = middle }
                }
                return nil
            }
        }
    }

    /// The TZif bytes of a zone (not a link), or nil.
    func data(for zoneID: String) -> Data? {
        guard let line = line(of: zoneID) else { return nil }
        return Self.withUTF8(of: BundledTZData.zones) { Data(base64Encoded: Data(UnsafeBufferPointer(rebasing: $0[line.base64]))) }
    }

    /// Every zone id (not the links), sorted.
    var zoneIDs: [String] { Self.withUTF8(of: BundledTZData.zones) { bytes in lines.map { Self.text(bytes, $0.id) } } }

    private static func withUTF8<Result>(of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        var text = text
        return text.withUTF8(body)
    }

    private static func text(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }
}

/// A value built on first use, once, from any thread (shared with the catalogue's lazy parts).
///
/// The mutex guards a reference to the value, not the value inline. With the search index inline
/// (a generic struct of some hundred bytes), the server tests, which read one catalogue from many
/// threads, crashed in about half their runs while copying it out of the mutex, in heap memory
/// already freed; AddressSanitizer found no bad access in this package's code (Swift 6.3, Linux).
/// Boxed: no crash in 20 runs.
///
/// What was tried since (2026-11-25, Swift 6.3.1, Linux x86_64, 2 loaded cores), and seen:
/// - boxed, `swift test --sanitize=thread --filter WorldClockServerTests`: 73 tests passed,
///   no ThreadSanitizer report;
/// - inline again (`Mutex<Value?>`, the value copied out under the lock), the same under
///   ThreadSanitizer three times: all passed, no report; without a sanitizer (debug) six times:
///   all passed, no crash.
/// So the crash was not reproduced and its cause is not known. Not tried: AddressSanitizer on
/// the inline version. The box stays, as the one form never seen to crash; `FeedService` makes
/// the search index, the search-only places and the aliases before it serves, so requests only
/// read made values.
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
package struct TZDataFallback: Sendable, Equatable, CustomStringConvertible {
    /// The zone whose file could not be read.
    public let zoneID: String
    /// The tzdata whose file failed.
    public let source: TZDataSource
    /// Why the file could not be used.
    public let error: TZifError

    public var description: String {
        "\(zoneID): the file in \(source) cannot be used (\(error)); its times come from the bundled rules"
    }
}
