import HangulIndex

/// Why a catalogue could not be loaded.
public enum CatalogueError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A problem in the table, with its file and line.
    case table(TableError)
    /// ICU could not provide the collator or the index data.
    case icu(ICUError)

    public var description: String {
        switch self {
        case .table(let error): return error.description
        case .icu(let error): return error.description
        }
    }
}
