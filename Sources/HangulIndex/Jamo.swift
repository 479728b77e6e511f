/// Hangul jamo tables and the arithmetic of precomposed syllables (Unicode §3.12).
///
/// Two blocks hold the same letters: the *conjoining* jamo (U+1100…), which NFD produces, and the
/// *compatibility* jamo (U+3131…), which a keyboard types alone and which index titles use.
/// They are ordered differently, so converting between them is a table lookup, never an offset.
package enum Jamo {
    /// The first precomposed syllable, 가.
    static let syllableBase: UInt32 = 0xAC00
    /// The last precomposed syllable, 힣.
    static let syllableLast: UInt32 = 0xD7A3
    static let finalCount: UInt32 = 28
    /// Syllables per initial consonant: 21 medials × 28 finals.
    static let syllablesPerInitial: UInt32 = 588

    /// The 19 initial consonants as compatibility jamo, in Unicode order:
    /// ㄱ ㄲ ㄴ ㄷ ㄸ ㄹ ㅁ ㅂ ㅃ ㅅ ㅆ ㅇ ㅈ ㅉ ㅊ ㅋ ㅌ ㅍ ㅎ.
    public static let initials: [Unicode.Scalar] = scalars("ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ")
    /// The 21 medial vowels as compatibility jamo (ㅏ … ㅣ, U+314F…U+3163).
    public static let medials: [Unicode.Scalar] = (0x314F...0x3163).map { Unicode.Scalar($0)! }
    /// The 27 final consonants as compatibility jamo; index 0 of a syllable's final means "none".
    public static let finals: [Unicode.Scalar] = scalars("ㄱㄲㄳㄴㄵㄶㄷㄹㄺㄻㄼㄽㄾㄿㅀㅁㅂㅄㅅㅆㅇㅈㅊㅋㅌㅍㅎ")

    /// The parts of a precomposed syllable, as indices into `initials`, `medials` and `finals`
    /// (`final` is nil for an open syllable); nil when `scalar` is not a precomposed syllable.
    public static func decompose(_ scalar: Unicode.Scalar) -> (initial: Int, medial: Int, final: Int?)? {
        guard (syllableBase...syllableLast).contains(scalar.value) else { return nil }
        let s = scalar.value - syllableBase
        let final = Int(s % finalCount)
        return (Int(s / syllablesPerInitial), Int((s % syllablesPerInitial) / finalCount), final == 0 ? nil : final - 1)
    }

    /// The syllable made of an initial, a medial and an optional final (indices as in `decompose`).
    public static func compose(initial: Int, medial: Int, final: Int?) -> Unicode.Scalar {
        let value = syllableBase + UInt32(initial) * syllablesPerInitial + UInt32(medial) * finalCount + UInt32(final.map { $0 + 1 } ?? 0)
        return Unicode.Scalar(value)!
    }

    /// The compatibility jamo for a conjoining jamo (ᄀ U+1100 → ㄱ U+3131, ᅡ → ㅏ, ᆨ → ㄱ);
    /// other scalars, compatibility jamo included, come back unchanged.
    public static func compatibility(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        switch scalar.value {
        case 0x1100...0x1112: return initials[Int(scalar.value - 0x1100)]
        case 0x1161...0x1175: return medials[Int(scalar.value - 0x1161)]
        case 0x11A8...0x11C2: return finals[Int(scalar.value - 0x11A8)]
        default: return scalar
        }
    }

    /// The index in `initials` of a consonant that can begin a syllable, in either block
    /// (ㄱ U+3131 and ᄀ U+1100 both give 0); nil for vowels, clusters such as ㄳ and everything else.
    public static func initialIndex(of scalar: Unicode.Scalar) -> Int? {
        switch scalar.value {
        case 0x1100...0x1112: return Int(scalar.value - 0x1100)
        case 0x3131...0x314E: return initialIndexOfCompatibility[Int(scalar.value - 0x3131)]
        default: return nil
        }
    }

    /// The index in `finals` of a compatibility consonant that can end a syllable.
    public static func finalIndex(of scalar: Unicode.Scalar) -> Int? {
        finals.firstIndex(of: compatibility(scalar))
    }

    /// The index in `medials` of a vowel, in either block.
    public static func medialIndex(of scalar: Unicode.Scalar) -> Int? {
        switch scalar.value {
        case 0x1161...0x1175: return Int(scalar.value - 0x1161)
        case 0x314F...0x3163: return Int(scalar.value - 0x314F)
        default: return nil
        }
    }

    /// How a double final splits when the next vowel takes its second half (닭 + ㅏ → 달가):
    /// the final that stays and the consonant that moves, as compatibility jamo.
    public static let finalClusters: [Unicode.Scalar: (stays: Unicode.Scalar, moves: Unicode.Scalar)] = [
        "ㄳ": ("ㄱ", "ㅅ"), "ㄵ": ("ㄴ", "ㅈ"), "ㄶ": ("ㄴ", "ㅎ"), "ㄺ": ("ㄹ", "ㄱ"),
        "ㄻ": ("ㄹ", "ㅁ"), "ㄼ": ("ㄹ", "ㅂ"), "ㄽ": ("ㄹ", "ㅅ"), "ㄾ": ("ㄹ", "ㅌ"),
        "ㄿ": ("ㄹ", "ㅍ"), "ㅀ": ("ㄹ", "ㅎ"), "ㅄ": ("ㅂ", "ㅅ"),
    ]

    /// The two vowels typed for a compound vowel (ㅘ = ㅗ + ㅏ), as indices in `medials`; nil for
    /// a simple vowel. A switch, not a dictionary: a `[Int: [Int]]` cost a run-time conformance
    /// lookup, over 1 % of a CLI search.
    public static func compoundVowel(_ medial: Int) -> (first: Int, second: Int)? {
        switch medial {
        case 9: (8, 0)  // ㅘ = ㅗ + ㅏ
        case 10: (8, 1)  // ㅙ = ㅗ + ㅐ
        case 11: (8, 20)  // ㅚ = ㅗ + ㅣ
        case 14: (13, 4)  // ㅝ = ㅜ + ㅓ
        case 15: (13, 5)  // ㅞ = ㅜ + ㅔ
        case 16: (13, 20)  // ㅟ = ㅜ + ㅣ
        case 19: (18, 20)  // ㅢ = ㅡ + ㅣ
        default: nil
        }
    }

    private static let initialIndexOfCompatibility: [Int?] = (0x3131...0x314E).map { value in
        initials.firstIndex(of: Unicode.Scalar(UInt32(value))!)
    }

    private static func scalars(_ text: String) -> [Unicode.Scalar] { Array(text.unicodeScalars) }
}
