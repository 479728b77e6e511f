/// Spellings that differ by a little: 워싱톤 for 워싱턴, 쿠알라룸프르 for 쿠알라룸푸르, 프놈뻰 for
/// 프놈펜, 암스텔담 for 암스테르담. Korean renderings of foreign names vary by a vowel, a tense or
/// aspirated consonant, or an inserted ㅡ, so texts are compared letter by letter of their jamo
/// (a syllable's initial, vowel and final; a double final as its two consonants), with a weighted
/// edit distance: a vowel for a vowel, a consonant for one of its family (ㄱㄲㅋ, ㄷㄸㅌ, ㅂㅃㅍ,
/// ㅅㅆ, ㅈㅉㅊ), or an ㅡ more or less costs 1; any other substitution, insertion or deletion costs 2.
enum SimilarSpelling {
    /// The cost a query of `length` jamo may differ by: nothing under 4 jamo (one syllable is too
    /// short to guess at), 1 for two syllables (a vowel or a consonant of the family: 벳부 → 벳푸),
    /// then 2 (two weak changes or one other), 3, and 4 from 13 jamo.
    static func budget(forLength length: Int) -> Int {
        switch length {
        case ..<4: 0
        case ..<6: 1
        case ..<10: 2
        case ..<13: 3
        default: 4
        }
    }

    /// Queries longer than this are not compared (their cost would grow with them).
    static let maximumLength = 40

    /// The jamo of `letters` as symbols into `symbols` (reusing its storage): compatibility jamo
    /// scalars for syllables, the code itself for any other letter. False when a letter is a bare
    /// consonant (ㄴㅇ is an abbreviation, not a spelling).
    static func symbols(of letters: some Sequence<LetterCode>, into symbols: inout [UInt32]) -> Bool {
        symbols.removeAll(keepingCapacity: true)
        for letter in letters {
            if letter.isConsonant { return false }
            guard let (initial, medial, final) = letter.syllable else {
                symbols.append(letter.value)
                continue
            }
            symbols.append(Jamo.initials[initial].value)
            symbols.append(Jamo.medials[medial].value)
            if let final {
                let scalar = Jamo.finals[final]
                if let split = Jamo.finalClusters[scalar] {
                    symbols.append(split.stays.value)
                    symbols.append(split.moves.value)
                } else {
                    symbols.append(scalar.value)
                }
            }
        }
        return true
    }

    /// The weighted edit distance of `a` and `b`, or nil when it is over `budget`. O(|a| × |b|)
    /// at most, and stops at the first row whose every cell is over the budget.
    static func distance(_ a: [UInt32], _ b: [UInt32], budget: Int, row: inout [Int], previous: inout [Int]) -> Int? {
        guard !a.isEmpty, !b.isEmpty, abs(a.count - b.count) <= budget else { return nil }
        previous.removeAll(keepingCapacity: true)
        previous.append(0)
        for j in 1...b.count { previous.append(previous[j - 1] + indel(b[j - 1])) }
        for i in 1...a.count {
            row.removeAll(keepingCapacity: true)
            row.append(previous[0] + indel(a[i - 1]))
            var smallest = row[0]
            for j in 1...b.count {
                let cell = min(previous[j - 1] + substitution(a[i - 1], b[j - 1]), previous[j] + indel(a[i - 1]), row[j - 1] + indel(b[j - 1]))
                row.append(cell)
                smallest = min(smallest, cell)
            }
            if smallest > budget { return nil }
            swap(&row, &previous)
        }
        let total = previous[b.count]
        return total <= budget ? total : nil
    }

    /// The family of a syllable's initial consonant, as a number (ㄱ, ㄲ and ㅋ share one); nil for
    /// any other letter.
    static func initialFamily(_ letter: LetterCode) -> UInt32? {
        guard let initial = letter.syllable?.initial else { return nil }
        let scalar = Jamo.initials[initial].value
        return familyNumber[scalar].map { 0x1_0000 + UInt32($0) } ?? scalar
    }

    /// A consonant's family, itself included (ㅊ → ㅈㅉㅊ; ㅇ → ㅇ).
    static func family(of consonant: Unicode.Scalar) -> [Unicode.Scalar] {
        families.first { $0.contains(consonant) } ?? [consonant]
    }

    private static let families: [[Unicode.Scalar]] = ["ㄱㄲㅋ", "ㄷㄸㅌ", "ㅂㅃㅍ", "ㅅㅆ", "ㅈㅉㅊ"].map { Array($0.unicodeScalars) }

    /// ㅡ is the vowel Korean adds to a foreign consonant (욕 and 요크, 롭 and 로프, 텔 and 테르):
    /// one more or less costs 1, any other jamo 2.
    private static func indel(_ symbol: UInt32) -> Int { symbol == 0x3161 ? 1 : 2 }

    private static func substitution(_ a: UInt32, _ b: UInt32) -> Int {
        if a == b { return 0 }
        if isVowel(a) && isVowel(b) { return 1 }
        if let family = familyNumber[a], family == familyNumber[b] { return 1 }
        return 2
    }

    private static func isVowel(_ value: UInt32) -> Bool { (0x314F...0x3163).contains(value) }

    /// A loop, not `Dictionary(_:uniquingKeysWith:)`, which casts dynamically (refused by Embedded Swift).
    private static let familyNumber: [UInt32: Int] = {
        var numbers: [UInt32: Int] = [:]
        for (number, members) in families.enumerated() {
            for member in members where numbers[member.value] == nil { numbers[member.value] = number }
        }
        return numbers
    }()
}

extension MatchTable {
    /// The items with a text spelled like `query` within its budget (`SimilarSpelling`): the
    /// closest first, then ranked like any match (field, importance, order). What search answers
    /// when nothing else matched.
    ///
    /// Cost: the texts whose first sound is the query's (or of its family) and whose length is
    /// within a letter of it are compared jamo by jamo, O(q²) each with q ≤ `SimilarSpelling.maximumLength`.
    func similar(_ query: [LetterCode], limit: Int?) -> [RankedMatch] {
        var querySymbols: [UInt32] = []
        guard SimilarSpelling.symbols(of: query, into: &querySymbols),
            querySymbols.count <= SimilarSpelling.maximumLength
        else { return [] }
        let budget = SimilarSpelling.budget(forLength: querySymbols.count)
        guard budget > 0 else { return [] }
        var best: [Int32: (distance: Int, match: RankedMatch)] = [:]
        var text: [LetterCode] = [], symbols: [UInt32] = [], row: [Int] = [], previous: [Int] = []
        // People misspell vowels and the sounds of a consonant's family, rarely a name's first
        // consonants: only texts whose first letter starts with the query's first consonant or one
        // of its family (까오슝 → 가오슝, 쮜리히 → 취리히) are read, a tenth of the table, and of
        // those only the ones whose second syllable starts alike (바로셀로나 → 바르셀로나) are compared.
        let second = query.count > 1 ? SimilarSpelling.initialFamily(query[1]) : nil
        let firstKeys =
            query[0].initial.map { initial in
                SimilarSpelling.family(of: Jamo.initials[initial]).compactMap(Jamo.initialIndex(of:)).map { LetterCode.consonant($0).startKey }
            } ?? [query[0].startKey]
        for key in firstKeys {
            byStart.forEachEntry(in: byStart.postings(key)) { entry in
                let start = Int(compiled.letterStarts[entry]), end = Int(compiled.letterStarts[entry + 1])
                // A syllable is two to four jamo, so a syllable more or less costs at least 3 (ㅣ → 이);
                // two more (ㅡ twice: 텔 → 테르, 롭 → 로프) are not worth the time.
                guard abs((end - start) - query.count) <= 1 else { return }
                if let second, end - start > 1, let family = SimilarSpelling.initialFamily(LetterCode(value: compiled.letters[start + 1])),
                    family != second
                {
                    return
                }
                letters(of: entry, into: &text)
                guard SimilarSpelling.symbols(of: text, into: &symbols),
                    let distance = SimilarSpelling.distance(querySymbols, symbols, budget: budget, row: &row, previous: &previous)
                else { return }
                let first = Int(compiled.itemStarts[entry]), last = Int(compiled.itemStarts[entry + 1])
                compiled.items.forEach(in: first..<min(last, first + (limit ?? last - first))) { value in
                    let item = Int32(value)
                    let match = RankedMatch(
                        kind: .similar, partial: 0, field: fieldRank(of: entry), importance: Int(compiled.importance[Int(item)]),
                        position: Int(item), entry: entry, range: 0..<text.count)
                    if let known = best[item], (known.distance, known.match) <= (distance, match) { return }
                    best[item] = (distance, match)
                }
            }
        }
        let sorted = best.values.sorted { ($0.distance, $0.match) < ($1.distance, $1.match) }.map { $0.match }
        return limit.map { Array(sorted.prefix($0)) } ?? sorted
    }
}
