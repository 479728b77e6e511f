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
        pairs.sort()
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
        var letters: [UInt32] = [], letterStarts: [UInt32] = [0]
        letters.reserveCapacity(texts.utf8.count)
        let utf8 = texts.utf8
        for entry in 0..<max(0, textStarts.count - 1) {
            let start = utf8.index(utf8.startIndex, offsetBy: Int(textStarts[entry]))
            let end = utf8.index(utf8.startIndex, offsetBy: Int(textStarts[entry + 1]))
            for letter in SearchField(String(Substring(utf8[start..<end]))).letters {
                if let code = LetterCode(hangul: letter) {
                    letters.append(code.value)
                } else if case .other(let character) = letter, let code = otherCodes[character] {
                    letters.append(code.value)
                } else {
                    letters.append(LetterCode.absent.value)
                }
            }
            letterStarts.append(UInt32(letters.count))
        }
        return (HexColumn(letters), HexColumn(letterStarts))
    }
}
