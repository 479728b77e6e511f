/// Latin letters with diacritics and the ASCII letter each is based on, for search's folding
/// (Montreal finds Montréal, Sao Paulo São Paulo) without a normalizer at run time.
///
/// A letter folds when its canonical decomposition (NFD) is an ASCII letter followed by nonspacing
/// marks only; letters that do not decompose (ß, ø, æ, ł) stay themselves. The tables cover the
/// blocks where such letters live: Latin-1 Supplement to Latin Extended-B (U+00C0…U+024F) and
/// Latin Extended Additional (U+1E00…U+1EFF). A test checks every entry against ICU's NFD.
enum LatinLetter {
    /// The ASCII base of `scalar`, or nil when it is not a decomposable Latin letter.
    static func base(of scalar: Unicode.Scalar) -> UInt8? {
        let value = scalar.value
        let byte: UInt8
        switch value {
        case 0xC0...0x24F: byte = latin1ToExtendedB[Int(value - 0xC0)]
        case 0x1E00...0x1EFF: byte = extendedAdditional[Int(value - 0x1E00)]
        default: return nil
        }
        return byte == UInt8(ascii: ".") ? nil : byte
    }

    /// The ASCII letter a character with diacritics is based on (é, Ü, ñ, ş, ǎ; precomposed, or a
    /// letter followed by combining marks), or nil.
    static func base(of character: Character) -> UInt8? {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return nil }
        let marks = scalars.dropFirst()
        guard marks.allSatisfy({ $0.properties.generalCategory == .nonspacingMark }) else { return nil }
        if first.isASCII {
            let byte = UInt8(first.value)
            return !marks.isEmpty && Character(first).isLetter ? byte : nil
        }
        return base(of: first)
    }

    // One byte per scalar: the base letter, or "." for none (from Unicode's decomposition data);
    // 64 scalars a line (U+00C0, U+0100, …; U+1E00, U+1E40, …), the lines joined by their trailing "\".
    private static let latin1ToExtendedB = Array(
        """
        AAAAAA.CEEEEIIII.NOOOOO..UUUUY..aaaaaa.ceeeeiiii.nooooo..uuuuy.y\
        AaAaAaCcCcCcCcDd..EeEeEeEeEeGgGgGgGgHh..IiIiIiIiI...JjKk.LlLlLl.\
        ...NnNnNn...OoOoOo..RrRrRrSsSsSsSsTtTt..UuUuUuUuUuUuWwYyYZzZzZz.\
        ................................Oo.............Uu...............\
        .............AaIiOoUuUuUuUuUu.AaAa....GgKkOoOo..j...Gg..NnAa....\
        AaAaEeEeIiIiOoOoRrRrUuUuSsTt..Hh......AaEeOoOoOoOoYy............\
        ................
        """
        .utf8)
    private static let extendedAdditional = Array(
        """
        AaBbBbBbCcDdDdDdDdDdEeEeEeEeEeFfGgHhHhHhHhHhIiIiKkKkKkLlLlLlLlMm\
        MmMmNnNnNnNnOoOoOoOoPpPpRrRrRrRrSsSsSsSsSsTtTtTtTtUuUuUuUuUuVvVv\
        WwWwWwWwWwXxXxYyZzZzZzhtwy......AaAaAaAaAaAaAaAaAaAaAaAaEeEeEeEe\
        EeEeEeEeIiIiOoOoOoOoOoOoOoOoOoOoOoOoUuUuUuUuUuUuUuYyYyYyYy......
        """
        .utf8)
}
