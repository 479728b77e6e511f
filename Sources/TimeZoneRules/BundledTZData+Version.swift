/// The tzdata copy compiled into the binary (`Data/tzdata`, by the EmbedFiles plugin at build time):
/// used when the system has no tzdata or an older one. `zones` has a line per zone, its id, a
/// tab and its TZif file in base64; `links` a line per link, the alias, a tab and the zone it
/// names; `versionLine` is Data/tzdata/VERSION.
extension BundledTZData {
    /// The IANA version of these rules ("2026f").
    static var version: String { String(versionLine.prefix { $0 != "\t" && $0 != "\n" }) }
    /// Where the copy was taken from ("PyPI tzdata 2026.6").
    static var origin: String {
        let fields = versionLine.split(separator: "\t", maxSplits: 1)
        return fields.count == 2 ? String(fields[1].prefix { $0 != "\n" }) : ""
    }
}
