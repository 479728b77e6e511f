/// One row of a zone table, as written, with its line.
public struct ZoneTableRow: Equatable, Sendable {
    public let name: String
    public let country: String
    public let countryCode: String
    public let zone: String
    public let english: String
    public let aliases: [String]
    /// The 1-based line the row is on.
    public let line: Int
}

/// The parsed text of a zone table: a tab-separated file with a header, one row per Korean name.
///
/// `#` lines before the header are comments, and blank lines anywhere are skipped; everything else
/// must be a well-formed row, or parsing fails with the file, the line and what is wrong.
public struct ZoneTable: Sendable {
    /// The columns, in order.
    public static let columns = ["name", "country", "country_code", "zone", "english", "aliases"]
    /// The header line.
    public static var header: String { columns.joined(separator: "\t") }

    public let path: String
    public let rows: [ZoneTableRow]

    /// Parses a table's bytes.
    /// - Parameter path: how errors name the file.
    /// - Throws: `TableError` for a BOM, invalid UTF-8, CR line ends, a missing or wrong header, a
    ///   wrong column count, an empty field (only `aliases` may be empty), spaces around a field,
    ///   a country code that is not two capitals, a duplicate name, or no rows at all.
    public init(bytes: [UInt8], path: String) throws(TableError) {
        func fail(_ line: Int?, _ problem: TableError.Problem) -> TableError {
            TableError(path: path, line: line, problem: problem)
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { throw fail(1, .byteOrderMark) }
        // The whole file first: a binary file (--data /bin/ls) is "not UTF-8", whatever CR bytes
        // come before its first invalid sequence.
        if String(validating: bytes, as: UTF8.self) == nil {
            let offset = Self.firstInvalidByte(in: bytes)
            let lineStart = bytes[..<offset].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
            let line = bytes[..<lineStart].count(where: { $0 == UInt8(ascii: "\n") }) + 1
            throw fail(line, .invalidUTF8(byteOffset: offset - lineStart))
        }

        var rows: [ZoneTableRow] = []
        var firstLineOfName: [String: Int] = [:]
        var sawHeader = false
        for (index, lineBytes) in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            if lineBytes.contains(UInt8(ascii: "\r")) { throw fail(number, .carriageReturn) }
            if lineBytes.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) { continue }
            if !sawHeader {
                if lineBytes.first == UInt8(ascii: "#") { continue }
                let line = String(decoding: lineBytes, as: UTF8.self)
                guard line == Self.header else {
                    throw fail(number, line.contains("\t") ? .wrongHeader(found: line) : .missingHeader)
                }
                sawHeader = true
                continue
            }
            // Split on tab bytes: a tab never occurs inside a UTF-8 sequence.
            let fields = lineBytes.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
            guard fields.count == Self.columns.count else { throw fail(number, .wrongColumnCount(found: fields.count)) }
            for (column, field) in zip(Self.columns, fields) {
                if field.isEmpty && column != "aliases" { throw fail(number, .emptyField(column: column)) }
                if Self.hasSurroundingWhitespace(field) {
                    throw fail(number, .surroundingWhitespace(column: column))
                }
            }
            let aliases = fields[5].isEmpty ? [] : fields[5].split(separator: ";", omittingEmptySubsequences: false).map(String.init)
            if aliases.contains(where: { $0.isEmpty }) { throw fail(number, .emptyAlias) }
            if aliases.contains(where: Self.hasSurroundingWhitespace) {
                throw fail(number, .surroundingWhitespace(column: "aliases"))
            }
            let code = fields[2]
            guard code.utf8.count == 2, code.utf8.allSatisfy({ (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }) else {
                throw fail(number, .badCountryCode(code))
            }
            // String equality is canonical: an NFD 서울 duplicates an NFC 서울.
            if let first = firstLineOfName[fields[0]] { throw fail(number, .duplicateName(fields[0], firstLine: first)) }
            firstLineOfName[fields[0]] = number
            rows.append(ZoneTableRow(name: fields[0], country: fields[1], countryCode: code, zone: fields[3],
                                     english: fields[4], aliases: aliases, line: number))
        }
        if !sawHeader { throw fail(nil, .missingHeader) }
        if rows.isEmpty { throw fail(nil, .noRows) }
        self.path = path
        self.rows = rows
    }

    /// Whether `text` starts or ends with a White_Space character (space, tab, NBSP, ideographic space…).
    private static func hasSurroundingWhitespace(_ text: String) -> Bool {
        isWhitespace(text.unicodeScalars.first) || isWhitespace(text.unicodeScalars.last)
    }

    /// Unicode's White_Space property, spelled out: looking the property up was the parser's hot spot.
    static func isWhitespace(_ scalar: Unicode.Scalar?) -> Bool {
        guard let value = scalar?.value else { return false }
        return switch value {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }

    /// The offset of the first byte that breaks UTF-8 in `bytes`.
    private static func firstInvalidByte(in bytes: some Collection<UInt8>) -> Int {
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        var offset = 0
        while case .scalarValue(let scalar) = decoder.decode(&iterator) { offset += UTF8.width(scalar) }
        return offset
    }
}
