import Foundation
import WorldClock

/// Text for a terminal: display widths of Hangul and other wide characters, aligned columns,
/// and colour only where it is wanted.
enum Terminal {
    /// Colour only on a terminal, never with NO_COLOR set or TERM=dumb (and never in JSON, which
    /// does not call this).
    static let usesColour: Bool = {
        let environment = ProcessInfo.processInfo.environment
        return isatty(STDOUT_FILENO) == 1 && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb"
    }()

    /// `text` in bold, when colour is on.
    static func heading(_ text: String) -> String { usesColour ? "\u{1B}[1;36m\(text)\u{1B}[0m" : text }

    /// `text` dimmed, when colour is on.
    static func dim(_ text: String) -> String { usesColour ? "\u{1B}[2m\(text)\u{1B}[0m" : text }

    /// The columns `text` takes in a terminal: 2 for East Asian Wide and Fullwidth characters
    /// (Hangul, Han, kana, fullwidth forms, most emoji), 0 for combining marks and the conjoining
    /// vowels and finals that join a preceding initial, 1 otherwise.
    static func displayWidth(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + width(of: $1) }
    }

    static func width(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        switch value {
        case 0x1160...0x11FF, 0xD7B0...0xD7FF, 0x200B...0x200F, 0xFE00...0xFE0F: return 0
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
             0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return 2
        default:
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .format, .control: return 0
            default: return 1
            }
        }
    }

    /// A remark on standard error, out of the way of the output.
    static func note(_ text: String) {
        FileHandle.standardError.write(Data("worldclock: \(text)\n".utf8))
    }

    /// `text` padded with spaces to `width` display columns.
    static func pad(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - displayWidth(text)))
    }

    /// Rows of cells as aligned columns (two spaces apart, trailing spaces trimmed), widths taken
    /// over all `rows` so that several blocks printed from one call line up.
    static func columns(_ rows: [[String]]) -> [String] {
        let count = rows.map(\.count).max() ?? 0
        let widths = (0..<count).map { column in rows.map { column < $0.count ? displayWidth($0[column]) : 0 }.max() ?? 0 }
        return rows.map { row in
            var line = ""
            for (column, cell) in row.enumerated() {
                line += column == row.count - 1 ? cell : pad(cell, to: widths[column]) + "  "
            }
            return line
        }
    }
}

/// Writes to standard output.
enum Output {
    static func line(_ text: String = "") { print(text) }

    static func json<Value: Encodable>(_ value: Value) {
        FileHandle.standardOutput.write(FeedJSON.encodeLine(value))
    }
}
