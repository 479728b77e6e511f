import HangulIndex
import ICUBridge

/// The normal forms the index and the search work on.
///
/// Korean text arrives as NFC syllables, NFD jamo sequences, bare compatibility jamo, halfwidth or
/// enclosed jamo. NFKC brings all of them to one form (ﾡ, ㉠ and ㄱ become ᄀ U+1100; ᄂ + ᅡ
/// compose to 나); `Jamo.compatibility` then maps lone conjoining jamo back to the U+3131 block.
package enum KoreanText {
    /// NFKC of `text`, as UTF-16 (ICU's normalizer).
    package static func nfkc(_ text: String) throws(ICUError) -> [UInt16] { try normalized(text, form: WC_NFKC, name: "NFKC") }

    private static func normalized(_ text: String, form: Int, name: String) throws(ICUError) -> [UInt16] {
        let source = Array(text.utf16)
        return try source.withUnsafeBufferPointer { (source) throws(ICUError) -> [UInt16] in
            try withGrowingBuffer(of: UInt16.self, initialCapacity: source.count * 3 + 8, operation: "normalizing to \(name)") {
                buffer, capacity, status in
                wc_normalize(Int32(form), source.baseAddress, Int32(source.count), buffer, capacity, &status)
            }
        }
    }

    /// The text an index files a name under: NFKC, without the spaces, punctuation and invisible
    /// characters in front of its first letter (as iOS files " 서울" and "(서울)" under ㅅ).
    /// Symbols are kept: "★서울" and "😀" go to `#`, as in ICU.
    package static func indexKey(_ text: String) throws(ICUError) -> [UInt16] {
        let normalized = try nfkc(text)
        var start = 0
        var scalars = String(decoding: normalized, as: UTF16.self).unicodeScalars.makeIterator()
        while let scalar = scalars.next(), isSkippedBeforeFirstLetter(scalar) {
            start += scalar.utf16.count
        }
        return start == 0 ? normalized : Array(normalized[start...])
    }

    /// `text` without the spaces, punctuation and invisible characters in front of its first letter,
    /// not normalized: the text rows are sorted by (ICU's collator treats NFD and NFC alike).
    package static func withoutLeadingPunctuation(_ text: String) -> Substring {
        let scalars = text.unicodeScalars
        return text[(scalars.firstIndex { !isSkippedBeforeFirstLetter($0) } ?? scalars.endIndex)...]
    }

    /// Whether the index skips `scalar` in front of a name's first letter.
    static func isSkippedBeforeFirstLetter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .spaceSeparator, .lineSeparator, .paragraphSeparator, .control, .format,
            .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
            .initialPunctuation, .finalPunctuation, .otherPunctuation,
            .nonspacingMark, .enclosingMark, .spacingMark:
            return true
        default:
            return false
        }
    }
}

/// The initial consonants (choseong) of Korean text, always as compatibility jamo (U+3131…).
package enum Choseong {
    /// The initial consonant of the first letter of `name`, whatever Unicode form it arrives in
    /// (가, NFD ᄀ+ᅡ, ㄱ, ᄀ, ﾡ, ㉠, ㈀ all give ㄱ U+3131); nil when the first letter is not a
    /// Hangul consonant or syllable. Double consonants stay themselves (까 → ㄲ).
    package static func of(_ name: String) throws(ICUError) -> Unicode.Scalar? {
        let key = try KoreanText.indexKey(name)
        guard let first = String(decoding: key, as: UTF16.self).unicodeScalars.first else { return nil }
        return initial(of: first)
    }

    /// The choseong string of `name`: each syllable replaced by its initial consonant, bare
    /// consonants kept, other characters kept as they are (뉴욕 → ㄴㅇ, ㅈㅁㅈ → ㅈㅁㅈ, "LA 다저스" →
    /// "LA ㄷㅈㅅ"). Input in any form (NFD, halfwidth) gives the same result.
    package static func string(of name: String) throws(ICUError) -> String {
        var result = String.UnicodeScalarView()
        for scalar in String(decoding: try KoreanText.nfkc(name), as: UTF16.self).unicodeScalars {
            if let initial = initial(of: scalar) {
                result.append(initial)
            } else if Jamo.medialIndex(of: scalar) != nil || (0x11A8...0x11C2).contains(scalar.value) {
                continue  // a lone conjoining vowel or final left by NFKC has no initial of its own
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// The compatibility-jamo initial of one scalar: a syllable's initial, or the consonant itself.
    static func initial(of scalar: Unicode.Scalar) -> Unicode.Scalar? {
        if let parts = Jamo.decompose(scalar) { return Jamo.initials[parts.initial] }
        return Jamo.initialIndex(of: scalar).map { Jamo.initials[$0] }
    }
}
