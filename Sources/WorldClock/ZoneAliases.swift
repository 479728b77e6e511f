import Foundation

/// Maps old and alternative zone ids to the one the catalogue uses (Asia/Calcutta → Asia/Kolkata,
/// Europe/Kiev → Europe/Kyiv, America/Godthab → America/Nuuk, US/Eastern → America/New_York).
///
/// The canonical ids are those of the bundled table, which are tzdata's `zone.tab` ids; the links
/// come from tzdata's own `tzdata.zi` (`L TARGET ALIAS` lines). An id that is canonical stays as it
/// is even where tzdata links it elsewhere (Europe/Amsterdam, which people look for, is not
/// collapsed into Europe/Brussels).
public struct ZoneAliases: Sendable {
    private let links: [String: String]
    private let canonical: Set<String>

    /// - Parameters:
    ///   - canonical: the ids that are their own canonical form.
    ///   - tzdataSource: the text of `tzdata.zi`; without it, no id is rewritten.
    public init(canonical: Set<String>, tzdataSource: String?) {
        var links: [String: String] = [:]
        for line in (tzdataSource ?? "").split(separator: "\n") where line.hasPrefix("L ") {
            let parts = line.split(separator: " ")
            if parts.count == 3 { links[String(parts[2])] = String(parts[1]) }
        }
        self.links = links
        self.canonical = canonical
    }

    /// Reads `tzdata.zi` from the system's zoneinfo directory (`TZDIR` or /usr/share/zoneinfo).
    init(canonical: Set<String>, directory: String = TZif.defaultDirectory) {
        let text = FileManager.default.contents(atPath: directory + "/tzdata.zi").map { String(decoding: $0, as: UTF8.self) }
        self.init(canonical: canonical, tzdataSource: text)
    }

    /// The canonical id for `identifier`: itself when canonical or unknown to tzdata's links,
    /// else the end of its link chain.
    public func canonicalID(for identifier: String) -> String {
        var current = identifier
        for _ in 0..<8 where !canonical.contains(current) {
            guard let target = links[current] else { break }
            current = target
        }
        return canonical.contains(current) ? current : identifier
    }
}
