/// tz links (alias → target) read in place: the byte ranges of each alias and its target, sorted
/// by alias, so that one lookup is a binary search. A machine whose own tzdata is in use reads
/// its `tzdata.zi` for a command's one lookup (its zone's name): a dictionary of every link
/// cost a twelfth of a `search` run.
struct LinkTable: Sendable {
    private let bytes: [UInt8]
    /// Sorted by alias in byte order, one entry per alias: where a text links an alias twice, the last line.
    private let entries: [(alias: Range<Int>, target: Range<Int>)]

    /// - Parameter lines: the aliases and targets in `bytes`, in the order of their lines.
    private init(bytes: [UInt8], lines: [(alias: Range<Int>, target: Range<Int>)]) {
        self.bytes = bytes
        entries = bytes.withUnsafeBufferPointer { buffer in
            func alias(_ index: Int) -> UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: buffer[lines[index].alias]) }
            // By alias, the later line first, then one entry per alias.
            let order = lines.indices.sorted {
                let order = CLibrary.compare(alias($0), alias($1))
                return order != 0 ? order < 0 : $0 > $1
            }
            var kept: [(alias: Range<Int>, target: Range<Int>)] = []
            kept.reserveCapacity(order.count)
            for (position, index) in order.enumerated()
            where position == 0 || CLibrary.compare(alias(order[position - 1]), alias(index)) != 0 {
                kept.append(lines[index])
            }
            return kept
        }
    }

    /// The "ALIAS TAB TARGET" lines of the bundled copy's links.
    init(tabSeparated text: String) {
        let bytes = Array(text.utf8)
        var lines: [(alias: Range<Int>, target: Range<Int>)] = []
        bytes.withUnsafeBufferPointer { buffer in
            Self.forEachLine(in: buffer) { line in
                guard let tab = CLibrary.firstIndex(of: UInt8(ascii: "\t"), in: buffer, from: line.lowerBound), tab < line.upperBound else {
                    return
                }
                lines.append((line.lowerBound..<tab, (tab + 1)..<line.upperBound))
            }
        }
        self.init(bytes: bytes, lines: lines)
    }

    /// The "L TARGET ALIAS" lines of a `tzdata.zi`, as zic writes them (single spaces, LF line
    /// ends); any other line is passed over.
    init(zi bytes: [UInt8]) {
        var lines: [(alias: Range<Int>, target: Range<Int>)] = []
        let space = UInt8(ascii: " ")
        bytes.withUnsafeBufferPointer { buffer in
            Self.forEachLine(in: buffer) { line in
                // "L " then two words, each non-empty, and nothing more.
                guard line.count > 2, buffer[line.lowerBound] == UInt8(ascii: "L"), buffer[line.lowerBound + 1] == space else { return }
                let words = (line.lowerBound + 2)..<line.upperBound
                guard let gap = buffer[words].firstIndex(of: space), gap > words.lowerBound, gap + 1 < words.upperBound,
                    !buffer[(gap + 1)..<words.upperBound].contains(space)
                else { return }
                lines.append((alias: (gap + 1)..<words.upperBound, target: words.lowerBound..<gap))
            }
        }
        self.init(bytes: bytes, lines: lines)
    }

    /// The target `alias` links to, or nil.
    func target(of alias: String) -> String? {
        var alias = alias
        return alias.withUTF8 { key in
            bytes.withUnsafeBufferPointer { buffer in
                var low = 0, high = entries.count
                while low < high {
                    let middle = (low + high) / 2
                    let order = CLibrary.compare(UnsafeBufferPointer(rebasing: buffer[entries[middle].alias]), key)
                    if order == 0 { return String(decoding: buffer[entries[middle].target], as: UTF8.self) }
                    if order < 0 { low = middle + 1 } else { high = middle }
                }
                return nil
            }
        }
    }

    /// The aliases that link to `target` (one link deep), in alias order: a pass over every link,
    /// comparing bytes, with a string made only for a match.
    func aliases(of target: String) -> [String] {
        var target = target
        return target.withUTF8 { key in
            bytes.withUnsafeBufferPointer { buffer in
                entries.compactMap { entry in
                    CLibrary.compare(UnsafeBufferPointer(rebasing: buffer[entry.target]), key) == 0
                        ? String(decoding: buffer[entry.alias], as: UTF8.self) : nil
                }
            }
        }
    }

    /// Every link, alias → target.
    var dictionary: [String: String] {
        var links = [String: String](minimumCapacity: entries.count)
        for entry in entries { links[String(decoding: bytes[entry.alias], as: UTF8.self)] = String(decoding: bytes[entry.target], as: UTF8.self) }
        return links
    }

    /// Each line's range (without its newline), found with `memchr`.
    private static func forEachLine(in bytes: UnsafeBufferPointer<UInt8>, _ body: (Range<Int>) -> Void) {
        var start = 0
        while start < bytes.count {
            let end = CLibrary.firstIndex(of: UInt8(ascii: "\n"), in: bytes, from: start) ?? bytes.count
            body(start..<end)
            start = end + 1
        }
    }
}
