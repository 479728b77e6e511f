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

    /// - Parameters:
    ///   - canonical: the ids that are their own canonical form.
    ///   - tzdata: the tzdata whose links lead to them, looked up one id at a time.
    public init(canonical: Set<String>, tzdata: TZDatabase) {
        self.tzdata = tzdata
        self.canonical = canonical
    }

    /// The canonical id for `identifier`: itself when canonical or unknown to tzdata's links,
    /// else the end of its link chain.
    public func canonicalID(for identifier: String) -> String {
        var current = identifier
        for _ in 0..<8 where !canonical.contains(current) {
            guard let target = tzdata.linkTarget(of: current) else { break }
            current = target
        }
        return canonical.contains(current) ? current : identifier
    }
}
