/// Why a catalogue could not be loaded.
public enum CatalogueError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A problem in the table, with its file and line.
    case table(TableError)
    /// ICU could not provide the collator or the index data (building a user's own table).
    case icu(String)

    /// What went wrong, as the table error or ICU's words say it.
    public var description: String {
        switch self {
        case .table(let error): return error.description
        case .icu(let description): return description
        }
    }
}
