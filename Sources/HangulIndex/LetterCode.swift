/// A `HangulLetter` as one number, the form the match table stores and compares: equal letters
/// have equal codes, and a code says what its letter is (syllable parts, consonant) without a table.
///
/// Any other character is numbered by its position in the table's list of characters
/// (`CompiledMatchTable.otherStarts`), so that a character with many scalars compares as one integer.
struct LetterCode: Hashable, Sendable {
    let value: UInt32

    private static let syllableTag: UInt32 = 0x4000_0000
    private static let consonantTag: UInt32 = 0x8000_0000
    private static let otherTag: UInt32 = 0x2000_0000
    private static let payload: UInt32 = 0x00FF_FFFF

    /// A query character that no text holds: it equals no stored code.
    static let absent = LetterCode(value: UInt32.max)

    init(value: UInt32) { self.value = value }

    /// The code of a syllable or a consonant, which needs no table; nil for any other letter.
    init?(hangul letter: HangulLetter) {
        switch letter {
        case .syllable(let initial, let medial, let final): self = .syllable(initial: initial, medial: medial, final: final)
        case .consonant(let initial): self = .consonant(initial)
        case .other, .absent: return nil
        }
    }

    static func syllable(initial: Int, medial: Int, final: Int?) -> LetterCode {
        LetterCode(value: syllableTag | UInt32((initial * 21 + medial) * 28 + (final.map { $0 + 1 } ?? 0)))
    }

    static func consonant(_ initial: Int) -> LetterCode { LetterCode(value: consonantTag | UInt32(initial)) }

    /// The character at `index` of the table's other characters.
    static func other(_ index: Int) -> LetterCode { LetterCode(value: otherTag | UInt32(index)) }

    /// The syllable's parts (indices into `Jamo.initials`, `medials`, `finals`), or nil.
    var syllable: (initial: Int, medial: Int, final: Int?)? {
        guard value != Self.absent.value, value & Self.syllableTag != 0 else { return nil }
        let number = Int(value & Self.payload)
        let final = number % 28
        return (number / 28 / 21, number / 28 % 21, final == 0 ? nil : final - 1)
    }

    var isConsonant: Bool { value != Self.absent.value && value & Self.consonantTag != 0 }

    /// The initial consonant of a syllable or a bare consonant.
    var initial: Int? {
        if isConsonant { return Int(value & Self.payload) }
        return syllable?.initial
    }

    /// The key every kind of match at a text's start agrees on: the initial consonant of a syllable
    /// or bare consonant (ㄴ, 뉴 and 늉 all start 뉴욕), else the letter itself.
    var startKey: UInt32 { initial.map { Self.consonantTag | UInt32($0) } ?? value }
}
