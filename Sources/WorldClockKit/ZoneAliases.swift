import TimeZoneRules

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Maps old and alternative zone ids to the one the catalogue uses (Asia/Calcutta → Asia/Kolkata,
/// Europe/Kiev → Europe/Kyiv, America/Godthab → America/Nuuk, US/Eastern → America/New_York).
///
/// The canonical ids are those of the bundled table, which are tzdata's `zone.tab` ids; the links
/// come from the tzdata in use (`tzdata.zi`'s `L TARGET ALIAS` lines, or the bundled copy's). An id
/// that is canonical stays as it is even where tzdata links it elsewhere (Europe/Amsterdam, which
/// people look for, is not collapsed into Europe/Brussels).
public struct ZoneAliases: Sendable {
    private let tzdata: TZDatabase
    private let canonical: Set<String>
    /// Where tz links a canonical id elsewhere (UTC → Etc/UTC), that zone back to the canonical
    /// id, so that the zone itself is its alias.
    private let linkedCanonical: [String: String]

    /// - Parameters:
    ///   - canonical: the ids that are their own canonical form.
    ///   - tzdata: the tzdata whose links lead to them, looked up one id at a time.
    public init(canonical: Set<String>, tzdata: TZDatabase) {
        self.tzdata = tzdata
        self.canonical = canonical
        var targets: [String: String] = [:]
        for id in canonical where tzdata.linkTarget(of: id) != nil {
            // The least id when several lead to one zone: the same answer on every run.
            targets[tzdata.followingLinks(id)] = min(id, targets[tzdata.followingLinks(id)] ?? id)
        }
        linkedCanonical = targets
    }

    /// The canonical id for `identifier`: itself when canonical or unknown to tzdata's links, else
    /// the end of its link chain, or the canonical id tz links to that end (Etc/UTC → UTC).
    public func canonicalID(for identifier: String) -> String {
        var current = identifier
        for _ in 0..<8 where !canonical.contains(current) {
            guard let target = tzdata.linkTarget(of: current) else { break }
            current = target
        }
        if canonical.contains(current) { return current }
        return linkedCanonical[current] ?? identifier
    }
}
