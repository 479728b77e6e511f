/// A problem in a zone table, with the file and line it is on: `Data/zones.tsv:12: unknown zone …`.
public struct TableError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The table's path as the user gave it (or `Data/zones.tsv` for the bundled table).
    public let path: String
    /// The 1-based line, or nil when the problem is the whole file.
    public let line: Int?
    public let problem: Problem

    /// What is wrong.
    public enum Problem: Equatable, Sendable {
        case unreadable(reason: String)
        case invalidUTF8(byteOffset: Int)
        case byteOrderMark
        case carriageReturn
        /// `expected` is the header the file should have.
        case missingHeader(expected: String)
        case wrongHeader(found: String, expected: String)
        case wrongColumnCount(found: Int, expected: [String])
        case emptyField(column: String)
        case surroundingWhitespace(column: String)
        case emptyAlias
        case badCountryCode(String)
        case badPopulation(String)
        case duplicateName(String, firstLine: Int)
        /// A name of the search-only table that the listed table has too.
        case placeListedTwice(String)
        case unknownTermKind(String)
        /// The `usual` column holds something other than "yes" or nothing.
        case badUsual(String)
        /// A term's target that is neither a place's name nor (for a country) a place's country code.
        case unknownTarget(String)
        case unknownZone(String)
        case noRows
    }

    public init(path: String, line: Int?, problem: Problem) {
        self.path = path
        self.line = line
        self.problem = problem
    }

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
