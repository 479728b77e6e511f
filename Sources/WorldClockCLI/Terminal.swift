import TimeZoneRules
import WireCore
import WorldClockKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Text for a terminal: its width, display widths of Hangul and other wide characters, control
/// characters made visible, and colour only where it is wanted.
package enum Terminal {
    /// Colour only on a terminal, never with NO_COLOR set or TERM=dumb (and never in JSON, which
    /// does not call this).
    static let usesColour = isatty(STDOUT_FILENO) == 1 && Environment.value("NO_COLOR") == nil && Environment.value("TERM") != "dumb"

    /// The columns output may use: the terminal's width when standard output is one, else
    /// `COLUMNS` when it is set, else nil — piped output keeps every column, whole.
    static let width: Int? = {
        if isatty(STDOUT_FILENO) == 1 {
            var size = winsize()
            if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        }
        if let columns = Environment.value("COLUMNS").flatMap(Int.init), columns > 0 { return columns }
        return nil
    }()

    /// The columns a message on standard error may use: its terminal's width when it is one, else
    /// `COLUMNS`, else nil (a log file keeps each message on one line).
    static let errorWidth: Int? = {
        if isatty(STDERR_FILENO) == 1 {
            var size = winsize()
            if ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        }
        if let columns = Environment.value("COLUMNS").flatMap(Int.init), columns > 0 { return columns }
        return nil
    }()

    /// "worldclock: " and `message` as lines for standard error, each wrapped at `errorWidth`
    /// between words (a syllable group, 어절, is never split), continuations indented; every
    /// line made printable. Ends with a newline.
    static func errorText(_ message: String) -> String {
        let lines = ("worldclock: " + message).split(separator: "\n", omittingEmptySubsequences: false)
        return lines.flatMap { wrap(printable(String($0)), width: errorWidth, hangingIndent: 4) }.joined(separator: "\n") + "\n"
    }

    /// `text` in bold, when colour is on.
    static func heading(_ text: String) -> String { usesColour ? "\u{1B}[1;36m\(text)\u{1B}[0m" : text }

    /// The colours output uses to set things apart, as iOS Clock does: another day, daylight saving time.
    enum Colour: String {
        /// 어제
        case yesterday = "34"
        /// 내일
        case tomorrow = "33"
        /// Daylight saving time in effect.
        case daylightSaving = "32"
    }

    /// `text` in `colour`, when colour is on.
    static func coloured(_ text: String, _ colour: Colour) -> String { usesColour ? "\u{1B}[\(colour.rawValue)m\(text)\u{1B}[0m" : text }

    /// The colour of a relative day: 어제 and 내일 set apart, 오늘 plain.
    static func colour(ofDay days: Int) -> Colour? { days < 0 ? .yesterday : days > 0 ? .tomorrow : nil }

    /// `text` dimmed, when colour is on.
    static func dim(_ text: String) -> String { usesColour ? "\u{1B}[2m\(text)\u{1B}[0m" : text }

    /// `text` with every control and format character (C0, DEL, C1, bidirectional overrides,
    /// zero-width characters) shown as `\u{1B}` instead of acting on the terminal: text from the
    /// command line or a `--data` table must never move the cursor, recolour or reorder what
    /// follows. At most `limit` scalars, cut with `…` (an argument echoed back in an error).
    /// `PrintableText` is the rule; this is its name in the CLI.
    package static func printable(_ text: String, limit: Int = .max) -> String {
        // One rule for every message that quotes input, the CLI's and the library's and server's.
        PrintableText.escaped(text, limit: limit)
    }

    /// The columns `text` takes in a terminal: 2 for East Asian Wide and Fullwidth characters
    /// (Hangul, Han, kana, fullwidth forms, most emoji), 0 for combining marks and the conjoining
    /// vowels and finals that join a preceding initial, 1 otherwise.
    /// The colour codes this output writes itself (ESC [ … m) take no columns.
    static func displayWidth(_ text: String) -> Int {
        var total = 0, inEscape = false
        for scalar in text.unicodeScalars {
            if inEscape {
                if scalar == "m" { inEscape = false }
                continue
            }
            if scalar == "\u{1B}" {
                inEscape = true
                continue
            }
            total += width(of: scalar)
        }
        return total
    }

    static func width(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        switch value {
        case 0x20..<0x7F: return 1  // printable ASCII, most of what is measured: no property lookup
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

    /// `text` cut to at most `width` display columns, ending in `…` when cut; never splits a
    /// character (a Hangul syllable with its combining jamo stays whole).
    static func truncate(_ text: String, to width: Int) -> String {
        guard displayWidth(text) > width else { return text }
        guard width > 0 else { return "" }
        var kept = "", used = 0
        for character in text {
            let columns = displayWidth(String(character))
            if used + columns > width - 1 { break }
            kept.append(character)
            used += columns
        }
        return kept + "…"
    }

    /// `text` broken into lines of at most `width` display columns at spaces (a word wider than a
    /// line is cut between characters), continuation lines indented by `hangingIndent` columns.
    /// Korean wraps between words (어절) as it is typeset, not between syllables.
    static func wrap(_ text: String, width: Int?, hangingIndent: Int = 0) -> [String] {
        guard let width else { return [text] }
        let indent = String(repeating: " ", count: hangingIndent)
        var lines: [String] = [], line = ""
        func room() -> Int { width - (lines.isEmpty ? 0 : hangingIndent) }
        for word in text.split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
            let candidate = line.isEmpty ? word : line + " " + word
            if Terminal.displayWidth(candidate) <= room() || line.isEmpty && word.isEmpty {
                line = candidate
                continue
            }
            if !line.isEmpty {
                lines.append(line)
                line = ""
            }
            var rest = word
            while Terminal.displayWidth(rest) > room() {
                var head = "", used = 0
                for character in rest {
                    let columns = displayWidth(String(character))
                    if used + columns > max(1, room()) { break }
                    head.append(character)
                    used += columns
                }
                if head.isEmpty { break }
                lines.append(head)
                rest.removeFirst(head.count)
            }
            line = rest
        }
        lines.append(line)
        return lines.enumerated().map { $0 == 0 ? $1 : indent + $1 }
    }

    /// A remark on standard error, out of the way of the output.
    static func note(_ text: String) {
        StandardStream.error.write(errorText(text))
    }

    /// `text` padded with spaces to `width` display columns.
    static func pad(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - displayWidth(text)))
    }
}

/// Writes to standard output.
package enum Output {
    package static func line(_ text: String = "") { print(text) }

    /// `value` as JSON and a newline: indented unless `pretty` is false (`feed` without `--pretty`).
    static func json(_ value: some WireWritable, pretty: Bool = true, to stream: StandardStream = .output) {
        stream.write(FeedJSON.encode(value, pretty: pretty) + [0x0A])
    }

    /// Compact wire bytes and a newline, indented by the one pretty-printer (`JSONWriter.pretty`)
    /// unless `pretty` is false.
    static func wire(_ compact: [UInt8], pretty: Bool = true, to stream: StandardStream = .output) {
        stream.write((pretty ? JSONWriter.pretty(compact) : compact) + [0x0A])
    }
}

/// Standard output or error, written with write(2): FoundationEssentials has no `FileHandle`, and the
/// CLI links no more of Foundation than that (full Foundation loads its own ICU, 30 MB).
struct StandardStream {
    let descriptor: Int32

    static let output = StandardStream(descriptor: 1)
    static let error = StandardStream(descriptor: 2)

    /// Writes all of `bytes`, retrying short writes and interruptions; a closed pipe ends it.
    func write(_ bytes: some Collection<UInt8>) {
        var bytes = Array(bytes)
        var written = 0
        bytes.withUnsafeMutableBytes { buffer in
            while written < buffer.count {
                let result = systemWrite(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if result > 0 { written += result } else if result < 0 && errno == EINTR { continue } else { return }
            }
        }
    }

    /// Writes `text` as UTF-8.
    func write(_ text: String) { write(Array(text.utf8)) }
}

/// write(2), by a name `StandardStream.write` does not hide.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
