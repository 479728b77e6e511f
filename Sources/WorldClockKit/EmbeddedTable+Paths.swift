/// The bundled tables' paths in the repository, as errors name them. Their text is compiled in at
/// build time by the EmbedFiles plugin (`EmbeddedTable.contents`, `.searchOnly`, `.terms`,
/// `.prominence`, and `.searchDigest`, FNV-1a of the last three, so that the catalogue digest covers them without
/// hashing them at every start).
extension EmbeddedTable {
    package static let path = "Data/zones.tsv"
    package static let searchOnlyPath = "Data/search-only.tsv"
    package static let termsPath = "Data/terms.tsv"
}
