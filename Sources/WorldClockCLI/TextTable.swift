/// Rows of cells laid out to fit a terminal: columns aligned by display width (Hangul counts
/// two), the most important columns always shown, the others only when there is room, cells cut
/// with `…` rather than a row ever wrapping.
struct TextTable {
    /// How a column behaves when the terminal is narrow.
    struct Column {
        /// 0: always shown; otherwise shown in increasing order of this number while there is room.
        var priority = 0
        /// Its cells may be cut with `…`, down to this many columns (nil: never cut).
        var minimumWidth: Int?
        /// Printed dimmed when colour is on.
        var dimmed = false
    }

    let columns: [Column]
    /// Cells as shown: already made printable (see `Terminal.printable`).
    let rows: [[String]]
    /// Colour for one cell (row, column), applied after the layout so escape codes never count
    /// as width; only called when colour is on.
    var colour: ((_ row: Int, _ column: Int) -> Terminal.Colour?)? = nil
    /// Each cell's display width, measured once: the layout and every line need them.
    private let cellWidths: [[Int]]
    /// Each column's widest cell.
    private let naturalWidths: [Int]

    init(columns: [Column], rows: [[String]]) {
        self.columns = columns
        self.rows = rows
        let cellWidths = rows.map { $0.map(Terminal.displayWidth) }
        self.cellWidths = cellWidths
        naturalWidths = columns.indices.map { column in cellWidths.map { column < $0.count ? $0[column] : 0 }.max() ?? 0 }
    }

    /// Every column always shown, none cut (a table whose cells are short by nature).
    init(rows: [[String]]) {
        self.init(columns: Array(repeating: Column(), count: rows.map(\.count).max() ?? 0), rows: rows)
    }

    /// The width of each column as shown, nil for a column left out.
    func widths(fitting width: Int?) -> [Int?] {
        let natural = naturalWidths
        guard let width else { return natural }
        var shown: [Int?] = columns.map { $0.priority == 0 ? 0 : nil }
        for column in columns.indices where shown[column] != nil { shown[column] = natural[column] }
        func used() -> Int {
            let widths = shown.compactMap { $0 }
            return widths.reduce(0, +) + 2 * max(0, widths.count - 1)
        }
        // Too wide with the essential columns alone: cut the ones that may be cut, widest first.
        for column in columns.indices.sorted(by: { natural[$0] > natural[$1] }) where used() > width {
            guard let minimum = columns[column].minimumWidth, let current = shown[column] else { continue }
            shown[column] = max(minimum, current - (used() - width))
        }
        // Then the others, most important first, whole or cut to the room left.
        let optional = columns.indices.filter { columns[$0].priority > 0 }.sorted { columns[$0].priority < columns[$1].priority }
        for column in optional {
            let room = width - used() - 2
            if natural[column] <= room {
                shown[column] = natural[column]
            } else if let minimum = columns[column].minimumWidth, room >= minimum {
                shown[column] = room
            }
        }
        return shown
    }

    /// The rows as lines of at most `width` display columns (nil: no limit), each prefixed with
    /// `indent`; trailing spaces trimmed.
    func lines(fitting width: Int?, indent: String = "") -> [String] {
        let widths = self.widths(fitting: width.map { $0 - Terminal.displayWidth(indent) })
        let last = widths.lastIndex { $0 != nil }
        let space = UInt8(ascii: " ")
        // Built as UTF-8 bytes: appending to a String cell by cell was half the cost of a search's output.
        return rows.enumerated().map { number, row in
            var line = Array(indent.utf8), plain = line, plainWidth = Terminal.displayWidth(indent)
            for (column, columnWidth) in widths.enumerated() {
                guard let columnWidth else { continue }
                var cell = column < row.count ? row[column] : "", cellWidth = column < row.count ? cellWidths[number][column] : 0
                if cellWidth > columnWidth {
                    cell = Terminal.truncate(cell, to: columnWidth)
                    cellWidth = Terminal.displayWidth(cell)
                }
                let padding = column == last ? 0 : columnWidth - cellWidth + 2
                var shown = columns[column].dimmed && !cell.isEmpty ? Terminal.dim(cell) : cell
                if Terminal.usesColour, !cell.isEmpty, let colour = colour?(number, column) { shown = Terminal.coloured(cell, colour) }
                line.append(contentsOf: shown.utf8)
                line.append(contentsOf: repeatElement(space, count: padding))
                // The plain row (no escape codes) is needed only to cut a row that is too wide.
                if width != nil {
                    plain.append(contentsOf: cell.utf8)
                    plain.append(contentsOf: repeatElement(space, count: padding))
                    plainWidth += cellWidth + padding
                }
            }
            while line.last == space { line.removeLast() }
            // Narrower than the essential columns: cut the row itself rather than let it wrap.
            if let width {
                while plain.last == space {
                    plain.removeLast()
                    plainWidth -= 1
                }
                if plainWidth > width { return Terminal.truncate(String(decoding: plain, as: UTF8.self), to: width) }
            }
            return String(decoding: line, as: UTF8.self)
        }
    }
}
