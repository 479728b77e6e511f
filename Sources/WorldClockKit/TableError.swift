/// A problem in a zone table, with the file and line it is on: `Data/zones.tsv:12: unknown zone …`.
package struct TableError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The table's path as the user gave it (or `Data/zones.tsv` for the bundled table).
    public let path: String
    /// The 1-based line, or nil when the problem is the whole file.
    public let line: Int?
    /// What is wrong.
    public let problem: Problem

    /// What is wrong.
    public enum Problem: Equatable, Sendable {
        /// The file could not be read, and why.
        case unreadable(reason: String)
        /// A byte that is not UTF-8, at `byteOffset` of the line.
        case invalidUTF8(byteOffset: Int)
        /// The file starts with a byte order mark.
        case byteOrderMark
        /// A CRLF or CR line end.
        case carriageReturn
        /// `expected` is the header the file should have.
        case missingHeader(expected: String)
        /// The header line is `found`, not `expected`.
        case wrongHeader(found: String, expected: String)
        /// A row with `found` columns instead of the `expected` ones.
        case wrongColumnCount(found: Int, expected: [String])
        /// An empty field in `column` (only `aliases` may be empty).
        case emptyField(column: String)
        /// Spaces at the start or end of a field in `column`.
        case surroundingWhitespace(column: String)
        /// An empty alias: two `;` in a row, or one at an end.
        case emptyAlias
        /// A country code that is not two capital letters.
        case badCountryCode(String)
        /// A population that is not a whole number.
        case badPopulation(String)
        /// A name the table already has, first on `firstLine`.
        case duplicateName(String, firstLine: Int)
        /// A name of the search-only table that the listed table has too.
        case placeListedTwice(String)
        /// A term kind that is not one of `Term.Kind`'s.
        case unknownTermKind(String)
        /// The `usual` column holds something other than "yes" or nothing.
        case badUsual(String)
        /// A term's target that is neither a place's name nor (for a country) a place's country code.
        case unknownTarget(String)
        /// A zone id the tzdata in use has no rules for.
        case unknownZone(String)
        /// A header and no rows.
        case noRows
    }

    /// A `problem` in the table at `path`, on `line` (nil: the whole file).
    public init(path: String, line: Int?, problem: Problem) {
        self.path = path
        self.line = line
        self.problem = problem
    }

    /// `path:line: message`, as compilers write it.
    public var description: String {
        let location = line.map { "\(path):\($0)" } ?? path
        return "\(location): \(message)"
    }

    /// The problem in words a translator can act on.
    public var message: String {
        switch problem {
        case .unreadable(let reason): return "cannot read the table: \(reason)"
        case .invalidUTF8(let offset): return "not UTF-8: invalid byte at byte \(offset) of the line (is it a text file?); save the table as UTF-8"
        case .byteOrderMark: return "the file starts with a byte order mark (BOM); save it as UTF-8 without BOM"
        case .carriageReturn: return "CRLF or CR line end; save the file with LF line ends"
        case .missingHeader(let expected): return "no header line; the first line that is not a # comment must be: \(expected)"
        case .wrongHeader(let found, let expected): return "header is \"\(found)\"; expected: \(expected)"
        case .wrongColumnCount(let found, let expected):
            return "\(found) tab-separated column\(found == 1 ? "" : "s"), expected \(expected.count) (\(expected.joined(separator: ", ")))"
        case .emptyField(let column): return "empty \(column)"
        case .surroundingWhitespace(let column): return "\(column) has spaces at its start or end"
        case .emptyAlias: return "an empty alias in aliases (two ';' in a row, or one at an end)"
        case .badCountryCode(let code): return "country_code \"\(code)\" is not two capital letters (ISO 3166-1 alpha-2)"
        case .badPopulation(let text): return "population \"\(text)\" is not a whole number of people (digits only, 0 when unknown)"
        case .duplicateName(let name, let first): return "duplicate name \"\(name)\" (first on line \(first))"
        case .placeListedTwice(let name): return "\"\(name)\" is also a place of the listed table; a place appears once"
        case .unknownTermKind(let kind): return "kind \"\(kind)\" is not one of \(Term.Kind.allCases.map(\.rawValue).joined(separator: ", "))"
        case .badUsual(let value): return "usual \"\(value)\" is neither \"yes\" nor empty"
        case .unknownTarget(let target): return "target \"\(target)\" is no place's name (nor, for a country, a country code of the places)"
        case .unknownZone(let zone): return "unknown zone \"\(zone)\": the tzdata in use has no such zone"
        case .noRows: return "the table has a header but no rows"
        }
    }
}
