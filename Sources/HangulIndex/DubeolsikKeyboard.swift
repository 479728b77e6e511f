/// The Korean 2-set (dubeolsik) keyboard: what a query typed with the keyboard left in Latin mode
/// was meant to be (sbdyr → 뉴욕).
package enum DubeolsikKeyboard {
    /// The jamo on each key; shifted keys differ only for ㅃ ㅉ ㄸ ㄲ ㅆ ㅒ ㅖ.
    static let keys: [Character: Character] = {
        let plain = Array("qwertyuiopasdfghjklzxcvbnm"), jamo = Array("ㅂㅈㄷㄱㅅㅛㅕㅑㅐㅔㅁㄴㅇㄹㅎㅗㅓㅏㅣㅋㅌㅊㅍㅠㅜㅡ")
        var keys = Dictionary(uniqueKeysWithValues: zip(plain, jamo))
        for (key, value) in zip(plain, jamo) { keys[Character(key.uppercased())] = value }
        for (key, value) in zip(Array("QWERTOP"), Array("ㅃㅉㄸㄲㅆㅒㅖ")) { keys[key] = value }
        return keys
    }()

    /// The Hangul that `latin` types on a 2-set keyboard, composed into syllables as an IME does;
    /// nil unless `latin` is ASCII letters (and spaces) only.
    public static func hangul(fromLatin latin: String) -> String? {
        guard latin.contains(where: { $0.isLetter }), latin.allSatisfy({ $0 == " " || keys[$0] != nil }) else { return nil }
        var composer = SyllableComposer()
        for character in latin {
            if character == " " {
                composer.flush()
                composer.output.append(" ")
            } else {
                composer.type(keys[character]!)
            }
        }
        composer.flush()
        return composer.output
    }

    /// What a field shows after each key while `text` is typed on a 2-set keyboard, the syllable
    /// being composed included: 뉴욕 gives ㄴ, 뉴, 늉, 뉴요, 뉴욕 (what an incremental search sees
    /// at every keystroke). A compound vowel takes two keys (과: ㄱ, 고, 과), a double final two
    /// (닭: ㄷ, 다, 달, 닭), a doubled consonant one (ㄲ is shifted ㄱ); anything not Hangul is one key
    /// that ends the syllable before it.
    public static func composingStates(typing text: String) -> [String] {
        var composer = SyllableComposer()
        var states: [String] = []
        for scalar in text.unicodeScalars {
            for key in keys(typing: scalar) {
                if let key {
                    composer.type(Character(key))
                } else {
                    composer.flush()
                    composer.output.unicodeScalars.append(scalar)
                }
                states.append(composer.shown)
            }
        }
        return states
    }

    /// The jamo keys that type `scalar`: nil for a character typed as itself.
    private static func keys(typing scalar: Unicode.Scalar) -> [Unicode.Scalar?] {
        guard let (initial, medial, final) = Jamo.decompose(scalar) else {
            let jamo = Jamo.compatibility(scalar)
            if let split = Jamo.finalClusters[jamo] { return [split.stays, split.moves] }
            if Jamo.initialIndex(of: jamo) != nil { return [jamo] }
            if let vowel = Jamo.medialIndex(of: jamo) {
                return Jamo.compoundVowel(vowel).map { [Jamo.medials[$0.first], Jamo.medials[$0.second]] } ?? [jamo]
            }
            return [nil]
        }
        var keys: [Unicode.Scalar?] = [Jamo.initials[initial]]
        keys += Jamo.compoundVowel(medial).map { [Jamo.medials[$0.first], Jamo.medials[$0.second]] } ?? [Jamo.medials[medial]]
        if let final {
            let jamo = Jamo.finals[final]
            keys += Jamo.finalClusters[jamo].map { [$0.stays, $0.moves] } ?? [jamo]
        }
        return keys
    }
}

/// The 2-set IME automaton: consonants and vowels in, syllables out.
private struct SyllableComposer {
    var output = ""
    private var initial: Int?
    private var medial: Int?
    private var final: Unicode.Scalar?  // a compatibility jamo: a single final or a cluster

    mutating func type(_ jamo: Character) {
        let scalar = jamo.unicodeScalars.first!
        if let vowel = Jamo.medialIndex(of: scalar) { typeVowel(vowel, scalar) } else { typeConsonant(scalar) }
    }

    private mutating func typeConsonant(_ consonant: Unicode.Scalar) {
        if initial != nil, medial != nil {
            if final == nil, Jamo.finalIndex(of: consonant) != nil {
                final = consonant
                return
            }
            if let current = final, let cluster = Jamo.finalClusters.first(where: { $0.value.stays == current && $0.value.moves == consonant })?.key {
                final = cluster
                return
            }
        }
        flush()
        initial = Jamo.initialIndex(of: consonant)
        if initial == nil { output.unicodeScalars.append(consonant) }
    }

    private mutating func typeVowel(_ vowel: Int, _ scalar: Unicode.Scalar) {
        if let current = final, let start = initial, let open = medial {
            // The final moves to the new syllable (or, for a cluster, its second half does).
            let (stays, moves): (Unicode.Scalar?, Unicode.Scalar) = Jamo.finalClusters[current].map { ($0.stays, $0.moves) } ?? (nil, current)
            output.unicodeScalars.append(Jamo.compose(initial: start, medial: open, final: stays.flatMap(Jamo.finalIndex)))
            (initial, medial, final) = (Jamo.initialIndex(of: moves), vowel, nil)
            return
        }
        if initial != nil, let open = medial, final == nil,
            let compound = Jamo.medials.indices.first(where: { Jamo.compoundVowel($0).map { $0 == (open, vowel) } ?? false })
        {
            medial = compound
            return
        }
        if initial != nil, medial == nil {
            medial = vowel
            return
        }
        flush()
        output.unicodeScalars.append(scalar)
    }

    /// The output with the syllable being composed.
    var shown: String {
        var copy = self
        copy.flush()
        return copy.output
    }

    mutating func flush() {
        if let start = initial, let open = medial {
            output.unicodeScalars.append(Jamo.compose(initial: start, medial: open, final: final.flatMap(Jamo.finalIndex)))
        } else if let start = initial {
            output.unicodeScalars.append(Jamo.initials[start])
        }
        (initial, medial, final) = (nil, nil, nil)
    }
}
