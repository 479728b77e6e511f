package import TimeZoneRules

/// Maps old and alternative zone ids to the one the catalogue uses (Asia/Calcutta → Asia/Kolkata,
/// Europe/Kiev → Europe/Kyiv, America/Godthab → America/Nuuk, US/Eastern → America/New_York).
///
/// The canonical ids are those of the bundled table, which are tzdata's `zone.tab` ids; the links
/// come from the tzdata in use (`tzdata.zi`'s `L TARGET ALIAS` lines, or the bundled copy's). An id
/// that is canonical stays as it is even where tzdata links it elsewhere (Europe/Amsterdam, which
/// people look for, is not collapsed into Europe/Brussels).
package struct ZoneAliases: Sendable {
    private let tzdata: TZDatabase
    private let canonical: Set<String>

    /// - Parameters:
    ///   - canonical: the ids that are their own canonical form.
    ///   - tzdata: the tzdata whose links lead to them, looked up one id at a time.
    public init(canonical: Set<String>, tzdata: TZDatabase) {
        self.tzdata = tzdata
        self.canonical = canonical
    }

    /// Reads tzdata's links now rather than at the first lookup (a server's start-up).
    public func prepare() { tzdata.prepareLinks() }

    /// The canonical id for `identifier`: itself when canonical or unknown to tzdata's links, else
    /// the end of its link chain, or the canonical id tz links to that end (Etc/UTC → UTC).
    public func canonicalID(for identifier: String) -> String {
        var current = identifier
        for _ in 0..<8 where !canonical.contains(current) {
            guard let target = tzdata.linkTarget(of: current) else { break }
            current = target
        }
        if canonical.contains(current) { return current }
        return canonicalLinking(to: current) ?? identifier
    }

    /// The least canonical id whose chain of links ends at `zone` (UTC for Etc/UTC), or nil: the
    /// links are followed backwards from `zone`, at most eight deep, as `followingLinks` follows
    /// them forwards. Asked only for an id that is neither canonical nor led to one, and so not
    /// worked out for every canonical id up front: that was 7 % of a `search` run's instructions on
    /// a machine whose zone is Etc/UTC.
    private func canonicalLinking(to zone: String) -> String? {
        var found: String?
        var seen: Set<String> = [zone]
        var frontier = [zone]
        for _ in 0..<8 where !frontier.isEmpty {
            frontier = frontier.flatMap { tzdata.aliases(of: $0) }.filter { seen.insert($0).inserted }
            for id in frontier where canonical.contains(id) { found = min(id, found ?? id) }
        }
        return found
    }
}
