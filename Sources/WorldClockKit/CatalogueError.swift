/// Why a catalogue could not be loaded: a problem in a table, with its file and line, or ICU
/// failing to collate a user's own table. Its `description` says which, in words a user can act on.
public struct CatalogueError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong, for the command line's Korean wording and the tests: not API.
    package enum Kind: Equatable, Sendable {
        /// A problem in the table, with its file and line.
        case table(TableError)
        /// ICU could not provide the collator or the index data (building a user's own table).
        case icu(String)
    }

    package let kind: Kind

    package static func table(_ error: TableError) -> CatalogueError { CatalogueError(kind: .table(error)) }
    package static func icu(_ description: String) -> CatalogueError { CatalogueError(kind: .icu(description)) }

    /// What went wrong, as the table error or ICU's words say it.
    public var description: String {
        switch kind {
        case .table(let error): return error.description
        case .icu(let description): return description
        }
    }
}
