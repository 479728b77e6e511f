/// One row of a zone table, as written (its zone not yet checked or made canonical), with its line.
package struct ZoneTableRow: Equatable, Sendable {
    /// The place the row describes.
    public let place: Place
    /// The 1-based line the row is on.
    public let line: Int
}

/// The parsed text of a zone table: a tab-separated file with a header, one row per Korean name.
///
/// `#` lines before the header are comments, and blank lines anywhere are skipped; everything else
/// must be a well-formed row, or parsing fails with the file, the line and what is wrong.
package struct ZoneTable: Sendable {
    /// The columns, in order. `population` may be left out of a whole table (the header then ends
    /// at `aliases`), as in tables written before it existed.
    public static let columns = ["name", "country", "country_code", "zone", "english", "aliases", "population"]
    /// The header line.
    public static var header: String { columns.joined(separator: "\t") }

    /// How errors name the file.
    public let path: String
    /// The rows, in file order.
    public let rows: [ZoneTableRow]

    /// Parses a table's bytes.
    /// - Parameter bytes: the file's contents, UTF-8.
    /// - Parameter path: how errors name the file.
    /// - Throws: `TableError` for a BOM, invalid UTF-8, CR line ends, a missing or wrong header, a
    ///   wrong column count, an empty field (only `aliases` may be empty), spaces around a field,
    ///   a country code that is not two capitals, a population that is not a whole number, a
    ///   duplicate name, or no rows at all.
    public init(bytes: [UInt8], path: String) throws(TableError) {
        func fail(_ line: Int?, _ problem: TableError.Problem) -> TableError {
            TableError(path: path, line: line, problem: problem)
        }
        var rows: [ZoneTableRow] = []
        var firstLineOfName: [String: Int] = [:]
        let withoutPopulation = Array(Self.columns.dropLast())
        try TabSeparated.parse(bytes, path: path, headers: [Self.columns, withoutPopulation], optional: ["aliases"]) {
            (number, fields) throws(TableError) in
            let aliases = fields[5].isEmpty ? [] : fields[5].split(separator: ";", omittingEmptySubsequences: false).map(String.init)
            if aliases.contains(where: { $0.isEmpty }) { throw fail(number, .emptyAlias) }
            if aliases.contains(where: TabSeparated.hasSurroundingWhitespace) {
                throw fail(number, .surroundingWhitespace(column: "aliases"))
            }
            let code = fields[2]
            guard code.utf8.count == 2, code.utf8.allSatisfy({ (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }) else {
                throw fail(number, .badCountryCode(code))
            }
            var population = 0
            if fields.count > 6 {
                guard fields[6].utf8.count <= 12, fields[6].utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
                    let value = Int(fields[6])
                else { throw fail(number, .badPopulation(fields[6])) }
                population = value
            }
            // String equality is canonical: an NFD 서울 duplicates an NFC 서울.
            if let first = firstLineOfName[fields[0]] { throw fail(number, .duplicateName(fields[0], firstLine: first)) }
            firstLineOfName[fields[0]] = number
            rows.append(
                ZoneTableRow(
                    place: Place(
                        name: fields[0], country: fields[1], countryCode: code, zoneID: fields[3],
                        englishName: fields[4], aliases: aliases, population: population), line: number))
        }
        if rows.isEmpty { throw fail(nil, .noRows) }
        self.path = path
        self.rows = rows
    }

    /// A table already checked by `init(bytes:path:)` when the catalogue was compiled (its digest
    /// matches the compiled catalogue's): split into rows without checking again, in a third of
    /// the time — the check, hashing every name for duplicates, was most of a CLI run's table phase.
    init(checked bytes: [UInt8], path: String) {
        // One pass over the bytes, each field decoded once from its range: splitting into arrays
        // of slices, and the aliases as Characters, was a sixth of a `list` run.
        var rows: [ZoneTableRow] = []
        rows.reserveCapacity(bytes.count / 64)
        bytes.withUnsafeBufferPointer { buffer in
            var fields: [Range<Int>] = []
            var seenHeader = false
            var start = 0, number = 0
            while start < buffer.count {
                number += 1
                var end = start
                while end < buffer.count, buffer[end] != UInt8(ascii: "\n") { end += 1 }
                defer { start = end + 1 }
                guard seenHeader else {
                    seenHeader = end > start && buffer[start] != UInt8(ascii: "#")
                    continue
                }
                if end == start { continue }
                let place = Self.place(checkedLine: UnsafeBufferPointer(rebasing: buffer[start..<end]), fields: &fields)
                rows.append(ZoneTableRow(place: place, line: number))
            }
        }
        self.path = path
        self.rows = rows
    }

    /// The place of one data line already checked (see `init(checked:path:)`), without its newline.
    /// - Parameter fields: scratch space for the fields' ranges, kept from line to line.
    static func place(checkedLine line: UnsafeBufferPointer<UInt8>, fields: inout [Range<Int>]) -> Place {
        func text(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: line[range]), as: UTF8.self) }
        fields.removeAll(keepingCapacity: true)
        var fieldStart = 0
        for index in 0..<line.count where line[index] == UInt8(ascii: "\t") {
            fields.append(fieldStart..<index)
            fieldStart = index + 1
        }
        fields.append(fieldStart..<line.count)
        var aliases: [String] = []
        var aliasStart = fields[5].lowerBound
        for index in fields[5] where line[index] == UInt8(ascii: ";") {
            aliases.append(text(aliasStart..<index))
            aliasStart = index + 1
        }
        if !fields[5].isEmpty { aliases.append(text(aliasStart..<fields[5].upperBound)) }
        var population = 0
        if fields.count > 6 {
            for index in fields[6] { population = population * 10 + Int(line[index] &- UInt8(ascii: "0")) }
        }
        return Place(
            name: text(fields[0]), country: text(fields[1]), countryCode: text(fields[2]), zoneID: text(fields[3]),
            englishName: text(fields[4]), aliases: aliases, population: population)
    }

    /// Unicode's White_Space property, spelled out: looking the property up was the parser's hot spot.
    static func isWhitespace(_ scalar: Unicode.Scalar?) -> Bool {
        guard let value = scalar?.value else { return false }
        return switch value {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }
}

/// The lines of a tab-separated table: header, comments, blank lines, and the checks every field gets.
enum TabSeparated {
    /// Calls `row` with each data line's number and fields, after checking the bytes (BOM, UTF-8, CR),
    /// the header (one of `headers`; a row must have as many fields as it), and that no field but
    /// those in `optional` is empty and none has spaces around it.
    static func parse(
        _ bytes: [UInt8], path: String, headers: [[String]], optional: Set<String>,
        row: (Int, [String]) throws(TableError) -> Void
    ) throws(TableError) {
        func fail(_ line: Int?, _ problem: TableError.Problem) -> TableError {
            TableError(path: path, line: line, problem: problem)
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { throw fail(1, .byteOrderMark) }
        // The whole file first: a binary file (--data /bin/ls) is "not UTF-8", whatever CR bytes
        // come before its first invalid sequence.
        if String(validating: bytes, as: UTF8.self) == nil {
            let offset = firstInvalidByte(in: bytes)
            let lineStart = bytes[..<offset].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
            let line = bytes[..<lineStart].count(where: { $0 == UInt8(ascii: "\n") }) + 1
            throw fail(line, .invalidUTF8(byteOffset: offset - lineStart))
        }
        var columns: [String]?
        for (index, lineBytes) in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            if lineBytes.contains(UInt8(ascii: "\r")) { throw fail(number, .carriageReturn) }
            if lineBytes.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) { continue }
            guard let columns else {
                if lineBytes.first == UInt8(ascii: "#") { continue }
                let line = String(decoding: lineBytes, as: UTF8.self)
                guard let header = headers.first(where: { $0.joined(separator: "\t") == line }) else {
                    throw fail(
                        number,
                        line.contains("\t")
                            ? .wrongHeader(found: line, expected: headers[0].joined(separator: "\t"))
                            : .missingHeader(expected: headers[0].joined(separator: "\t")))
                }
                columns = header
                continue
            }
            // Split on tab bytes: a tab never occurs inside a UTF-8 sequence.
            let fields = lineBytes.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
            guard fields.count == columns.count else { throw fail(number, .wrongColumnCount(found: fields.count, expected: columns)) }
            for (column, field) in zip(columns, fields) {
                if field.isEmpty && !optional.contains(column) { throw fail(number, .emptyField(column: column)) }
                if hasSurroundingWhitespace(field) { throw fail(number, .surroundingWhitespace(column: column)) }
            }
            try row(number, fields)
        }
        if columns == nil { throw fail(nil, .missingHeader(expected: headers[0].joined(separator: "\t"))) }
    }

    /// Whether `text` starts or ends with a White_Space character (space, tab, NBSP, ideographic space…).
    static func hasSurroundingWhitespace(_ text: String) -> Bool {
        ZoneTable.isWhitespace(text.unicodeScalars.first) || ZoneTable.isWhitespace(text.unicodeScalars.last)
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
