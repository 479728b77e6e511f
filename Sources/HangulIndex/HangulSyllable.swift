/// One character of text as Hangul search sees it: a syllable with its parts, a bare consonant,
/// or anything else. NFD syllables (ᄂ + ᅲ) and NFC ones (뉴) give the same value.
enum HangulLetter: Equatable, Sendable {
    /// A syllable: indices into `Jamo.initials`, `Jamo.medials`, `Jamo.finals` (final nil when open).
    case syllable(initial: Int, medial: Int, final: Int?)
    /// A consonant typed alone (ㄱ, ᄀ, ﾡ), as an index into `Jamo.initials`.
    case consonant(Int)
    /// Anything else, compared as a lowercased character.
    case other(Character)
    /// A query character that no searchable text contains: it matches nothing, and comparing it
    /// costs nothing however many scalars it had (f + 300 combining marks is one Character).
    case absent

    init(_ character: Character) {
        let scalars = character.unicodeScalars
        let first = scalars.first!
        if scalars.index(after: scalars.startIndex) == scalars.endIndex {
            // One scalar, the common case: ASCII, a precomposed syllable or a lone jamo.
            if first.isASCII {
                self.init(ascii: UInt8(first.value))
                return
            }
            if let parts = Jamo.decompose(first) {
                self = .syllable(initial: parts.initial, medial: parts.medial, final: parts.final)
                return
            }
            if let initial = Jamo.initialIndex(of: Jamo.compatibility(Self.widened(first))) {
                self = .consonant(initial)
                return
            }
        } else if let syllable = Self.composed(Array(scalars)) {
            self = syllable
            return
        }
        if let base = LatinLetter.base(of: character) {
            self.init(ascii: base)
            return
        }
        let lowered = character.lowercased()
        self = .other(lowered.count == 1 ? Character(lowered) : character)
    }

    /// An ASCII character: lowercased, `_` as a space (NEW_YORK, america/new_york).
    init(ascii byte: UInt8) {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): self = .other(Character(Unicode.Scalar(byte + 0x20)))
        case UInt8(ascii: "_"): self = .other(" ")
        default: self = .other(Character(Unicode.Scalar(byte)))
        }
    }

    /// Spaces and punctuation, which search skips on both sides: 세계표준시 finds 세계 표준시 and
    /// 워싱턴DC finds 워싱턴 D.C.
    var isIgnored: Bool {
        guard case .other(let character) = self else { return false }
        return character.isWhitespace || character.isPunctuation
    }

    /// The initial consonant, for a syllable or a bare consonant.
    var initial: Int? {
        switch self {
        case .syllable(let initial, _, _), .consonant(let initial): return initial
        case .other, .absent: return nil
        }
    }

    /// An NFD syllable: L V, L V T, or LV T.
    private static func composed(_ scalars: [Unicode.Scalar]) -> HangulLetter? {
        let values = scalars.map { $0.value }
        var initial: Int, medial: Int, index: Int
        if let parts = Jamo.decompose(scalars[0]), parts.final == nil {
            (initial, medial, index) = (parts.initial, parts.medial, 1)
        } else if (0x1100...0x1112).contains(values[0]), (0x1161...0x1175).contains(values[1]) {
            (initial, medial, index) = (Int(values[0] - 0x1100), Int(values[1] - 0x1161), 2)
        } else {
            return nil
        }
        if index == values.count { return .syllable(initial: initial, medial: medial, final: nil) }
        guard index + 1 == values.count, (0x11A8...0x11C2).contains(values[index]) else { return nil }
        return .syllable(initial: initial, medial: medial, final: Int(values[index] - 0x11A8))
    }

    /// Halfwidth jamo (ﾡ U+FFA1 …) as compatibility jamo, by their fixed offset in Unicode's table.
    private static func widened(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        guard (0xFFA1...0xFFBE).contains(scalar.value) else { return scalar }
        return Unicode.Scalar(scalar.value - 0xFFA1 + 0x3131) ?? scalar
    }
}
