/// Where a zone table comes from.
package enum TableSource: Sendable, Equatable {
    /// The table compiled into the binary (`Data/zones.tsv` at build time).
    case bundled
    /// A user's own table file.
    case file(path: String)
}
