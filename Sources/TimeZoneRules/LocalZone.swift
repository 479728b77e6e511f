/// The machine's time zone, read as the C library reads it and without Foundation, whose
/// `TimeZone.current` goes through ICU (a tenth of a CLI run).
package enum LocalZone {
    /// The directory holding `localtime` and `timezone`: `/etc`, or `WORLDCLOCK_ETC` when that is
    /// an absolute path. The seam lets a test (or a container without `/etc/localtime`) show the
    /// program a machine whose zone is known, or one that names none.
    public static var configurationDirectory: String {
        guard let directory = Environment.value("WORLDCLOCK_ETC"), directory.hasPrefix("/") else { return "/etc" }
        return directory
    }

    /// Zone ids the machine names, most specific first: `TZ` ("Asia/Seoul", ":Asia/Seoul" or a
    /// zoneinfo path), the file `/etc/localtime` links to, `/etc/timezone`. A caller takes the
    /// first its tzdata has, else UTC; `TZ` may hold a POSIX rule ("KST-9") that names no zone.
    public static func candidates(
        tz: String? = Environment.value("TZ"), localtime: String? = SystemFile.link(configurationDirectory + "/localtime"),
        timezoneFile: String? = SystemFile.firstLine(of: configurationDirectory + "/timezone")
    ) -> [String] {
        var ids: [String] = []
        if var tz, !tz.isEmpty {
            if tz.hasPrefix(":") { tz.removeFirst() }
            ids.append(zoneID(fromPath: tz))
        }
        if let localtime { ids.append(zoneID(fromPath: localtime)) }
        if let timezoneFile, !timezoneFile.isEmpty { ids.append(timezoneFile) }
        return ids
    }

    /// The machine's zone as `tzdata` has it: the first of `candidates` it has rules for; nil when
    /// none is, and the caller measures from UTC, which it must then say (never silently).
    public static func zone(in tzdata: TZDatabase, candidates: [String] = candidates()) -> String? {
        candidates.first { tzdata.rules(for: $0) != nil }
    }

    /// The rules `TZ` states when it is a POSIX TZ string rather than a zone ("KST-9",
    /// "EST5EDT,M3.2.0,M11.1.0"), as libc reads it when no zone file has that name; nil for an
    /// unset `TZ`, a `:`-prefixed one (always a file) or one that is not a TZ string.
    public static func posixRules(tz: String? = Environment.value("TZ")) -> ZoneRules? {
        guard let tz, !tz.isEmpty, !tz.hasPrefix(":") else { return nil }
        return try? ZoneRules(posixTZ: tz)
    }

    /// `/usr/share/zoneinfo/Asia/Seoul` → `Asia/Seoul`; a path without a `zoneinfo` directory, or
    /// an id, as it is.
    static func zoneID(fromPath path: String) -> String {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard let zoneinfo = parts.lastIndex(where: { $0 == "zoneinfo" || $0.hasPrefix("zoneinfo-") }) else { return path }
        // The rest of the path itself, not its parts joined again (`joined` costs a run-time
        // conformance lookup on every CLI start).
        return zoneinfo + 1 < parts.count ? String(path[parts[zoneinfo + 1].startIndex...]) : ""
    }
}
