extension CompiledMatchTable {
    /// The postings of the entries' first letters (`byStart`, by `LetterCode.startKey`, and
    /// `byFirst`), of the letters after the first (`byLaterLetter`) and of the pairs of letters
    /// after the first (`byLaterPair`), derived from the entries' letters: the table's builder and
    /// the web module, which derives them when it loads rather than carry them, call this one
    /// function. Each key's entries are distinct and in entry order, the keys sorted.
    public static func postings(
        letters: HexColumn, letterStarts: HexColumn
    ) -> (byStart: Postings, byFirst: Postings, byLaterLetter: Postings, byLaterPair: Postings) {
        // (key, entry) as one number, sorted and made distinct: the keys in order, each key's
        // entries in order and once, with no map of lists to build.
        var startKeys: [UInt64] = [], firstKeys: [UInt64] = [], letterKeys: [UInt64] = [], pairKeys: [UInt64] = []
        letterKeys.reserveCapacity(letters.count)
        pairKeys.reserveCapacity(letters.count)
        var codes: [UInt32] = []
        for entry in 0..<max(0, letterStarts.count - 1) {
            codes.removeAll(keepingCapacity: true)
            letters.forEach(in: Int(letterStarts[entry])..<Int(letterStarts[entry + 1])) { codes.append($0) }
            guard let first = codes.first else { continue }
            let low = UInt64(entry)
            startKeys.append(UInt64(LetterCode(value: first).startKey) << 32 | low)
            firstKeys.append(UInt64(first) << 32 | low)
            guard codes.count > 1 else { continue }
            for position in 1..<codes.count {
                letterKeys.append(UInt64(codes[position]) << 32 | low)
                if position + 1 < codes.count {
                    pairKeys.append(UInt64(MatchTable.pairKey(codes[position], codes[position + 1])) << 32 | low)
                }
            }
        }
        return (postings(&startKeys), postings(&firstKeys), postings(&letterKeys), postings(&pairKeys))
    }

    private static func postings(_ pairs: inout [UInt64]) -> Postings {
        radixSort(&pairs)
        var keys: [UInt32] = [], starts: [UInt32] = [0], entries: [UInt32] = []
        entries.reserveCapacity(pairs.count)
        var previous: UInt64? = nil
        for pair in pairs where pair != previous {
            previous = pair
            let key = UInt32(truncatingIfNeeded: pair >> 32)
            if keys.last != key {
                if !keys.isEmpty { starts.append(UInt32(entries.count)) }
                keys.append(key)
            }
            entries.append(UInt32(truncatingIfNeeded: pair))
        }
        if !keys.isEmpty { starts.append(UInt32(entries.count)) }
        return Postings(keys: HexColumn(keys), starts: HexColumn(starts), entries: HexColumn(entries))
    }
}

extension CompiledMatchTable {
    /// Each entry's letters as `LetterCode`s and where each entry's start (`letters` and
    /// `letterStarts`), derived from the entries' texts and the table's other characters as the
    /// builder codes them: the web module derives them when it loads rather than carry them.
    public static func letters(
        texts: String, textStarts: HexColumn, otherScalars: HexColumn, otherStarts: HexColumn
    ) -> (letters: HexColumn, letterStarts: HexColumn) {
        var otherCodes: [Character: LetterCode] = [:]
        for number in 0..<max(0, otherStarts.count - 1) {
            var text = String.UnicodeScalarView()
            let scalars = otherScalars.values(Int(otherStarts[number])..<Int(otherStarts[number + 1]))
            text.append(contentsOf: scalars.compactMap(Unicode.Scalar.init))
            let character = Character(String(text))
            if otherCodes[character] == nil { otherCodes[character] = .other(number) }
        }
        // The code of a letter as the table codes it: `.absent` for a character no text holds.
        func code(_ letter: HangulLetter) -> UInt32 {
            if let code = LetterCode(hangul: letter) { return code.value }
            if case .other(let character) = letter, let code = otherCodes[character] { return code.value }
            return LetterCode.absent.value
        }
        // Each ASCII byte's code as `SearchField` reads it (`HangulLetter(ascii:)`), or `skipped`
        // for one search skips: most texts are ASCII and precomposed syllables, which are coded
        // here byte by byte, with no string, no `SearchField` and no `Character` to hash (the
        // web module's start was mostly those).
        let skipped = UInt32.max
        let asciiCodes = (0..<UInt8(0x80)).map { byte in
            let letter = HangulLetter(ascii: byte)
            return letter.isIgnored ? skipped : code(letter)
        }
        var letters: [UInt32] = [], letterStarts: [UInt32] = [0]
        letters.reserveCapacity(texts.utf8.count)
        letterStarts.reserveCapacity(textStarts.count)
        var texts = texts
        texts.withUTF8 { bytes in
            for entry in 0..<max(0, textStarts.count - 1) {
                let start = Int(textStarts[entry]), end = Int(textStarts[entry + 1])
                // ASCII other than CR and precomposed syllables (U+AC00…U+D7A3, three bytes led by
                // EA…ED), read as `SearchField` reads a text of only those: scalar by scalar.
                var at = start
                while at < end {
                    let byte = bytes[at]
                    if byte < 0x80, byte != UInt8(ascii: "\r") {
                        if asciiCodes[Int(byte)] != skipped { letters.append(asciiCodes[Int(byte)]) }
                        at += 1
                    } else if (0xEA...0xED).contains(byte), at + 2 < end,
                        let scalar = Unicode.Scalar(UInt32(byte & 0x0F) << 12 | UInt32(bytes[at + 1] & 0x3F) << 6 | UInt32(bytes[at + 2] & 0x3F)),
                        let parts = Jamo.decompose(scalar)
                    {
                        letters.append(LetterCode.syllable(initial: parts.initial, medial: parts.medial, final: parts.final).value)
                        at += 3
                    } else {
                        break
                    }
                }
                if at < end {
                    // Any other text: as `SearchField` reads it, from its start.
                    letters.removeSubrange(Int(letterStarts[entry])...)
                    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
                    for letter in SearchField(text).letters { letters.append(code(letter)) }
                }
                letterStarts.append(UInt32(letters.count))
            }
        }
        return (HexColumn(letters), HexColumn(letterStarts))
    }

    /// Sorts `values` as `sort()` does, by 16 bits at a time from the lowest (a stable counting
    /// sort each), skipping the digits every value shares: the web module sorts four lists of up to
    /// a few hundred thousand (key, entry) pairs when it loads, and `sort()` was a fifth of its start.
    static func radixSort(_ values: inout [UInt64]) {
        guard values.count > 1 else { return }
        var counts = [Int](repeating: 0, count: 4 << 16)
        for value in values {
            for digit in 0..<4 { counts[digit << 16 | Int(truncatingIfNeeded: value >> UInt64(16 * digit)) & 0xFFFF] += 1 }
        }
        var other = [UInt64](repeating: 0, count: values.count)
        for digit in 0..<4 {
            let base = digit << 16
            // A digit that every value shares does not reorder anything.
            if counts[base | Int(truncatingIfNeeded: values[0] >> UInt64(16 * digit)) & 0xFFFF] == values.count { continue }
            var start = 0
            for bucket in base..<(base + (1 << 16)) {
                let count = counts[bucket]
                counts[bucket] = start
                start += count
            }
            for value in values {
                let bucket = base | Int(truncatingIfNeeded: value >> UInt64(16 * digit)) & 0xFFFF
                other[counts[bucket]] = value
                counts[bucket] += 1
            }
            swap(&values, &other)
        }
    }
}
