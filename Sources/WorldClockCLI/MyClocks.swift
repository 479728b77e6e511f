import TimeZoneRules

/// "My clocks": the places a person checks every day, in their order, and the reference they keep
/// (`worldclock from`), in `$XDG_CONFIG_HOME/worldclock/clocks.tsv` (default
/// `~/.config/worldclock/`). A text file a person may edit: one line per entry, tab-separated,
/// `clock`, the place's name and its zone; `reference` the same way; `#` comments.
///
/// The file's own lines are kept: comments, blank lines, CRLF endings and a byte-order mark come
/// back as they were, and an edit changes only the lines of the entries it touches. Reading and
/// writing (under a lock, atomically) is `ClocksFile`'s.
struct MyClocks: Equatable {
    /// One saved place: its name when saved, and its zone (what the clock needs if the name goes).
    struct Entry: Equatable {
        let name: String
        let zoneID: String
    }

    /// A line of the file: an entry, or text kept as it was written (a comment, a blank line, or a
    /// line that does not read, with what is wrong with it).
    enum Line: Equatable {
        case clock(Entry)
        case reference(Entry)
        case text(String)
        case unreadable(String, problem: String)
    }

    /// The file's lines, in order; line n of the file is `lines[n - 1]` until an edit.
    private(set) var lines: [Line] = []
    /// How the file ends its lines ("\r\n" for a file from a Windows editor), kept on writing.
    var lineEnding = "\n"
    /// Whether the file starts with a UTF-8 byte-order mark, kept on writing.
    var hasByteOrderMark = false

    /// What the tool writes at the top of a new file.
    static let header = "# worldclock: 내 시계. worldclock add/remove/move/from이 고칩니다(종류<탭>이름<탭>시간대)."

    /// The clocks in their order, each once (a line repeated by hand counts once).
    var clocks: [Entry] {
        var seen: [Entry] = []
        for case .clock(let entry) in lines where !seen.contains(entry) { seen.append(entry) }
        return seen
    }

    /// The lines that do not read, with their numbers: the other lines still count (a bad clock
    /// line never drops the saved reference), but no edit writes the file until they are mended.
    var problems: [ParseError] {
        lines.enumerated().compactMap { index, line in
            if case .unreadable(_, let problem) = line { ParseError(line: index + 1, problem: problem) } else { nil }
        }
    }

    /// More than one `reference` line: the numbers of all of them (the last is the one used).
    var referenceLines: [Int] {
        lines.enumerated().compactMap { index, line in if case .reference = line { index + 1 } else { nil } }
    }

    /// The saved reference: the last `reference` line.
    var reference: Entry? {
        lines.reversed().lazy.compactMap { line -> Entry? in if case .reference(let entry) = line { entry } else { nil } }.first
    }

    /// Every entry with the number of its line in the file, the reference marked.
    var numberedEntries: [(line: Int, entry: Entry, isReference: Bool)] {
        lines.enumerated().compactMap { index, line in
            switch line {
            case .clock(let entry): (index + 1, entry, false)
            case .reference(let entry): (index + 1, entry, true)
            case .text, .unreadable: nil
            }
        }
    }

    /// Whether a place is among the clocks, by its saved name.
    func contains(name: String) -> Bool { clocks.contains { $0.name == name } }

    /// Appends a clock; false when it is already there.
    mutating func add(_ entry: Entry) -> Bool {
        guard !clocks.contains(entry) else { return false }
        if lines.isEmpty { lines.append(.text(Self.header)) }
        lines.append(.clock(entry))
        return true
    }

    /// Takes out every line of the clocks called `name`.
    mutating func remove(named name: String) {
        lines.removeAll { if case .clock(let entry) = $0 { entry.name == name } else { false } }
    }

    /// Puts the clock called `name` at `position` (0-based, clamped) among the clocks; the other
    /// lines keep their places.
    mutating func move(named name: String, to position: Int) {
        var order = clocks
        guard let from = order.firstIndex(where: { $0.name == name }) else { return }
        let entry = order.remove(at: from)
        order.insert(entry, at: min(max(0, position), order.count))
        // The clock lines' slots are refilled in the new order; repeats of a clock go.
        var next = order.makeIterator()
        var kept: [Line] = []
        for line in lines {
            guard case .clock = line else {
                kept.append(line)
                continue
            }
            if let entry = next.next() { kept.append(.clock(entry)) }
        }
        lines = kept
    }

    /// Sets or (nil) forgets the reference, in place of the saved one or after the header comment.
    mutating func setReference(_ entry: Entry?) {
        let at = lines.firstIndex { if case .reference = $0 { true } else { false } }
        lines.removeAll { if case .reference = $0 { true } else { false } }
        guard let entry else { return }
        if lines.isEmpty { lines.append(.text(Self.header)) }
        let leadingText = lines.prefix { if case .text(let text) = $0 { text.hasPrefix("#") } else { false } }.count
        lines.insert(.reference(entry), at: min(at ?? leadingText, lines.count))
    }

    /// Where a line of the file does not read.
    struct ParseError: Error, Equatable {
        /// 1-based; nil for the file as a whole (not UTF-8).
        let line: Int?
        let problem: String
    }

    /// No clocks, no reference: a file that does not exist yet.
    init() {}

    /// Reads the file's bytes. Lines end at LF, a CR before it is the line ending, not part of
    /// the zone; a leading UTF-8 byte-order mark is a mark, not text.
    init(parsing bytes: [UInt8]) throws(ParseError) {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) {
            hasByteOrderMark = true
            body = body.dropFirst(3)
        }
        // Split on the byte, not on Characters: "\r\n" is one Character and never equals "\n".
        var rawLines = body.split(separator: 0x0A, omittingEmptySubsequences: false)
        if rawLines.last?.isEmpty == true { rawLines.removeLast() }
        if rawLines.contains(where: { $0.last == 0x0D }) { lineEnding = "\r\n" }
        for (index, raw) in rawLines.enumerated() {
            let number = index + 1
            let content = raw.last == 0x0D ? raw.dropLast() : raw
            // A line that is not UTF-8 is one that does not read, like any other: the rest still
            // counts. Its text is kept only to be shown: no edit writes a file with such a line.
            guard let line = String(validating: content, as: UTF8.self) else {
                lines.append(.unreadable(String(decoding: content, as: UTF8.self), problem: "UTF-8 텍스트가 아닙니다"))
                continue
            }
            do { lines.append(try Self.line(line, number: number)) } catch { lines.append(.unreadable(line, problem: error.problem)) }
        }
    }

    private static func line(_ line: String, number: Int) throws(ParseError) -> Line {
        if line.allSatisfy({ $0 == " " || $0 == "\t" }) || line.hasPrefix("#") { return .text(line) }
        var fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        // Spaces where the tabs go, as a hand edit types them: the kind is the first word and the
        // zone id the last (neither has a space); the name is what is between.
        if fields.count == 1 {
            let words = line.split(whereSeparator: { $0 == " " }).map(String.init)
            if words.count >= 3, ["clock", "reference"].contains(words[0]) {
                fields = [words[0], words.dropFirst().dropLast().joined(separator: " "), words[words.count - 1]]
            }
        }
        guard fields.count == 3 else {
            throw ParseError(line: number, problem: "탭으로 나눈 칸이 \(fields.count)개입니다(종류, 이름, 시간대의 3개여야 합니다)")
        }
        guard !fields[1].isEmpty else { throw ParseError(line: number, problem: "이름 칸이 비었습니다") }
        guard !fields[2].isEmpty, !fields[2].contains(where: \.isWhitespace) else {
            throw ParseError(
                line: number,
                problem: "\(KoreanParticle.attach(.topic, to: "\"\(Terminal.printable(fields[2], limit: 40))\"")) 시간대 id가 아닙니다(Asia/Seoul처럼)")
        }
        let entry = Entry(name: fields[1], zoneID: fields[2])
        switch fields[0] {
        case "clock": return .clock(entry)
        case "reference": return .reference(entry)
        default:
            throw ParseError(
                line: number,
                problem: "\(KoreanParticle.attach(.topic, to: "\"\(Terminal.printable(fields[0], limit: 20))\"")) 알 수 없는 종류입니다(clock이나 reference)")
        }
    }

    /// The file's bytes: its lines with the line ending it had, the mark if it had one.
    var bytes: [UInt8] {
        var text = ""
        for line in lines {
            switch line {
            case .clock(let entry): text += "clock\t\(entry.name)\t\(entry.zoneID)"
            case .reference(let entry): text += "reference\t\(entry.name)\t\(entry.zoneID)"
            case .text(let line), .unreadable(let line, _): text += line
            }
            text += lineEnding
        }
        return (hasByteOrderMark ? [0xEF, 0xBB, 0xBF] : []) + Array(text.utf8)
    }

    /// The entries whose zone `tzdata` has no rules for, with their lines.
    func unknownZones(in tzdata: TZDatabase) -> [(line: Int, entry: Entry, isReference: Bool)] {
        numberedEntries.filter { tzdata.rules(for: $0.entry.zoneID) == nil }
    }
}
