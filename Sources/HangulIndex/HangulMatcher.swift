/// The matching rules, outside the generic `SearchIndex` so that its loops need no generic metadata.
enum HangulMatcher {
    /// The best way `query` matches `text`, and the matched characters.
    static func match(_ query: [LetterCode], in text: [LetterCode]) -> (MatchKind, Range<Int>)? {
        let n = query.count
        guard n <= text.count + 1 else { return nil }
        if n <= text.count {
            let head = text[..<n]
            if head.elementsEqual(query) { return (n == text.count ? .exact : .prefix, 0..<n) }
            if zip(query, head).allSatisfy({ Self.letter($0, coversTypedAs: $1) }) {
                let consonantsOnly = query.allSatisfy { $0.isConsonant }
                return (consonantsOnly ? .choseong : .mixed, 0..<n)
            }
        }
        if let end = Self.incrementalEnd(query, in: text) { return (.incremental, 0..<end) }
        if n < text.count {
            for start in 1...(text.count - n) where text[start..<(start + n)].elementsEqual(query) {
                return (.substring, start..<(start + n))
            }
        }
        return nil
    }

    /// Whether a query letter stands for a text letter: equal, or a consonant typed for its syllable.
    private static func letter(_ typed: LetterCode, coversTypedAs actual: LetterCode) -> Bool {
        typed == actual || (typed.isConsonant && actual.initial == typed.initial)
    }

    /// Where the match ends when the query's last syllable is a state of typing the text on a
    /// 2-set keyboard: an open syllable may still take a final (뉴요 → 뉴욕), its final may be the
    /// next syllable's initial (늉 = 뉴 + ㅇ…), a double final
    /// may split (닭 = 달 + ㄱ…), a final may be the first half of a double final (달 → 닭), and an
    /// open syllable's vowel may be the first half of a compound vowel (고 → 과). 누 and 뉵 are not
    /// states of typing 뉴욕.
    private static func incrementalEnd(_ query: [LetterCode], in text: [LetterCode]) -> Int? {
        let last = query.count - 1
        guard let (initial, medial, final) = query[last].syllable, last < text.count,
            zip(query.prefix(last), text).allSatisfy({ Self.letter($0, coversTypedAs: $1) }),
            let (textInitial, textMedial, textFinal) = text[last].syllable, textInitial == initial
        else { return nil }
        guard let final else {
            // An open syllable: a final may still come (뉴요 → 뉴욕), or the vowel may still grow
            // into the text's compound vowel (고 → 과).
            return textMedial == medial || Jamo.compoundVowel(textMedial)?.first == medial ? last + 1 : nil
        }
        guard textMedial == medial else { return nil }
        let finalJamo = Jamo.finals[final]
        if let textFinal, let split = Jamo.finalClusters[Jamo.finals[textFinal]], split.stays == finalJamo { return last + 1 }
        let next = last + 1 < text.count ? text[last + 1].initial : nil
        if textFinal == nil, let next, Jamo.initials[next] == finalJamo { return last + 2 }
        if let split = Jamo.finalClusters[finalJamo], let textFinal, Jamo.finals[textFinal] == split.stays,
            let next, Jamo.initials[next] == split.moves
        {
            return last + 2
        }
        return nil
    }

    /// Compatibility clusters typed alone (ㄻ) stand for their consonants (ㄹㅁ).
    static func splittingClusters(_ letters: [HangulLetter]) -> [HangulLetter] {
        letters.flatMap { letter -> [HangulLetter] in
            guard case .other(let character) = letter, let scalar = character.unicodeScalars.first,
                character.unicodeScalars.count == 1, let split = Jamo.finalClusters[scalar]
            else { return [letter] }
            return [HangulLetter(Character(split.stays)), HangulLetter(Character(split.moves))]
        }
    }
}
