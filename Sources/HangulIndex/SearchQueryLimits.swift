import WireCore

/// A query search cannot take.
public enum SearchError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The query is empty, or only spaces.
    case emptyQuery
    /// Over `SearchQueryLimits.maximumScalars` Unicode scalars (code points).
    case queryTooLong(scalars: Int, limit: Int)
    /// More than `SearchQueryLimits.maximumCombiningMarksInARow` combining marks in a row,
    /// starting at the 1-based `scalar`.
    case tooManyCombiningMarks(scalar: Int, limit: Int)

    /// The refusal's stable code, the one every surface writes in its JSON error (`/v1/search`'s
    /// 400, `search --json` and the web module's answer): `empty_query`, `query_too_long`, `too_many_combining_marks`.
    public var code: String { refusal.code }

    /// The refusal in the table every surface maps through (`Refusal`: code, status, exit code).
    package var refusal: Refusal {
        switch self {
        case .emptyQuery: .emptyQuery
        case .queryTooLong: .queryTooLong
        case .tooManyCombiningMarks: .tooManyCombiningMarks
        }
    }

    public var description: String {
        switch self {
        case .emptyQuery: "the search query is empty"
        case .queryTooLong(let scalars, let limit):
            "the search query is \(scalars) Unicode code points long; the limit is \(limit)"
        case .tooManyCombiningMarks(let scalar, let limit):
            "the search query has more than \(limit) combining marks in a row (from code point \(scalar)); no name needs more"
        }
    }
}

/// What a search query may be, checked before any work that grows with it. Shared by the CLI and
/// the server, so both refuse the same queries with the same words.
///
/// The limits are in Unicode scalars, not characters: f followed by 336 combining accents is one
/// character (grapheme cluster) but 337 scalars, and every step of matching costs as much as the
/// scalars it touches.
package enum SearchQueryLimits {
    /// The most Unicode scalars (code points, what JSON Schema's maxLength counts) in a query,
    /// surrounding spaces included; at most 4 bytes each, so a query is at most 400 bytes.
    public static let maximumScalars = 100
    /// The longest run of combining marks (Mn, Mc, Me) a query may have: Vietnamese needs 2
    /// (ế = e + ◌̂ + ◌́ in NFD); Zalgo text is refused rather than searched.
    public static let maximumCombiningMarksInARow = 4

    /// Checks `query` against the limits, reading at most `4 × maximumScalars` bytes of it
    /// before deciding on length.
    /// - Throws: `SearchError` for an empty (or spaces only), over-long or mark-laden query.
    public static func validate(_ query: String) throws(SearchError) {
        let bytes = query.utf8.count
        if bytes > 4 * maximumScalars { throw .queryTooLong(scalars: query.unicodeScalars.count, limit: maximumScalars) }
        var scalars = 0, marksInARow = 0, onlySpaces = true
        for scalar in query.unicodeScalars {
            scalars += 1
            if isPlainLetter(scalar) {
                // Most queries: no Unicode property lookup, whose tables a CLI run would page in.
                marksInARow = 0
                if onlySpaces, scalar != " " { onlySpaces = false }
                continue
            }
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark:
                marksInARow += 1
                if marksInARow > maximumCombiningMarksInARow {
                    throw .tooManyCombiningMarks(scalar: scalars - maximumCombiningMarksInARow, limit: maximumCombiningMarksInARow)
                }
            default:
                marksInARow = 0
            }
            if onlySpaces, !scalar.properties.isWhitespace { onlySpaces = false }
        }
        if scalars > maximumScalars { throw .queryTooLong(scalars: scalars, limit: maximumScalars) }
        if onlySpaces { throw .emptyQuery }
    }

    /// Printable ASCII or a precomposed Hangul syllable: never a mark, and white space only as " ".
    static func isPlainLetter(_ scalar: Unicode.Scalar) -> Bool {
        (0x20...0x7E).contains(scalar.value) || (0xAC00...0xD7A3).contains(scalar.value)
    }
}
