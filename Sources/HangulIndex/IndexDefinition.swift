/// The titles of a Korean section index (ㄱ … ㅎ, A … Z, #) and the section of every initial
/// consonant and Latin letter: the index as plain data, computed once with ICU's collator
/// (`SectionIndexer` in HangulCollation) and compiled into the binary. It answers the section of
/// a name that starts with a Hangul syllable, a consonant or a Latin letter, and resolves what a
/// user types for a title, with no ICU at run time.
package struct IndexDefinition: Sendable, Equatable {
    /// The section titles in index order; the last one is `#`.
    public let titles: [SectionTitle]
    /// The section of each of the 19 initial consonants (ㄱ ㄲ ㄴ … ㅎ), in `Jamo.initials` order:
    /// double consonants fall into their base section (ㄲ → ㄱ).
    public let initialSections: [Int]
    /// The section of each Latin letter A … Z.
    public let latinSections: [Int]
    /// The collation locale the titles and sections were computed with ("ko").
    public let collationLocale: String

    /// - Parameters:
    ///   - titles: the titles without `#`, in index order.
    ///   - initialSections: the section of each initial consonant, 19 positions into `titles`.
    ///   - latinSections: the section of each Latin letter, 26 positions into `titles`.
    ///   - collationLocale: the collator they come from.
    public init(titles: [String], initialSections: [Int], latinSections: [Int], collationLocale: String) {
        precondition(
            initialSections.count == Jamo.initials.count && latinSections.count == 26, "one section per initial consonant and per Latin letter")
        self.titles = titles.enumerated().map { SectionTitle($1, position: $0) } + [SectionTitle(SectionTitle.otherText, position: titles.count)]
        self.initialSections = initialSections
        self.latinSections = latinSections
        self.collationLocale = collationLocale
    }

    /// The position of `#` in `titles`.
    public var otherPosition: Int { titles.count - 1 }

    /// The titles without `#`, as `init` takes them.
    public var labelTexts: [String] { titles.dropLast().map { $0.text } }

    /// The section of a name whose first character decides it alone — a precomposed syllable, a
    /// conjoining or compatibility initial, an ASCII letter or digit, a symbol or emoji that NFKC
    /// leaves alone — or nil when only the collator can tell (Greek, ㉠, ⅍, ﾡ). The tests check that
    /// every answer agrees with ICU's collator.
    /// - Complexity: O(1).
    public func section(forFirstLetterOf name: String) -> Int? {
        // The common first characters, straight from the UTF-8 bytes: an ASCII letter or digit, or
        // a precomposed syllable (three bytes EA…ED). This is the index's hot path.
        let quick: Int? =
            name.utf8.withContiguousStorageIfAvailable { bytes in
                guard let lead = bytes.first else { return nil }
                if lead < 0x80 { return asciiSection(lead) }
                guard lead >= 0xEA, lead <= 0xED, bytes.count >= 3 else { return nil }
                let value = (UInt32(lead & 0x0F) << 12) | (UInt32(bytes[1] & 0x3F) << 6) | UInt32(bytes[2] & 0x3F)
                guard value >= 0xAC00, value <= 0xD7A3 else { return nil }
                return initialSections[Int((value - 0xAC00) / 588)]
            } ?? nil
        if let quick { return quick }
        guard let first = name.unicodeScalars.first else { return nil }
        let value = first.value
        switch value {
        case 0xAC00...0xD7A3: return initialSections[Int((value - 0xAC00) / 588)]
        case 0x1100...0x1112: return initialSections[Int(value - 0x1100)]
        case 0x3131...0x314E: return Jamo.initialIndex(of: first).map { initialSections[$0] }
        case 0...0x7F: return asciiSection(UInt8(value))
        // Hangul jamo, and symbols that collate as letters (⅍ → A/S, 🅐 → A): the collator decides.
        case 0x1100...0x11FF, 0x3130...0x318F, 0xA960...0xA97F, 0xD7B0...0xD7FF, 0x2100...0x214F, 0x1F100...0x1F1FF:
            return nil
        default:
            // A symbol, emoji or digit that NFKC leaves alone sorts before every label, whatever
            // follows it: the tests check each such scalar c, alone and as c + U+FFFF (the greatest
            // primary), against the collator. Anything with a compatibility form (㉠, ⓐ, ①) or
            // case goes to the collator.
            let properties = first.properties
            switch properties.generalCategory {
            case .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol, .decimalNumber, .otherNumber:
                return properties.changesWhenNFKCCaseFolded ? nil : otherPosition
            default:
                return nil
            }
        }
    }

    /// The section of an ASCII letter or digit; nil for other ASCII (space, punctuation), which
    /// the index skips or the collator decides.
    private func asciiSection(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return latinSections[Int(byte - 0x41)]
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return latinSections[Int(byte - 0x61)]
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return otherPosition  // digits sort before every label
        default: return nil
        }
    }

    /// Resolves what a user typed for a section: the compatibility jamo (ㄱ), the conjoining jamo
    /// (ᄀ), halfwidth jamo (ﾡ), a Latin letter in either case (n → N), or `#`. A double consonant
    /// resolves to its base section (ㄲ → ㄱ) and a single syllable to the section it is filed under
    /// (가 → ㄱ), both with `resolvedFrom` set. Anything else — empty, two letters, a vowel, a
    /// digit — is an error listing the valid titles.
    public func resolveTitle(_ input: String) throws(SectionTitleError) -> ResolvedTitle {
        // Trimmed by index, not through reversed views: their generic metadata, built at run time,
        // was a twentieth of a `list --section` run.
        var start = input.startIndex, end = input.endIndex
        while start < end, input[start].isWhitespace { start = input.index(after: start) }
        while end > start, input[input.index(before: end)].isWhitespace { end = input.index(before: end) }
        let trimmed = String(input[start..<end])
        let failure = SectionTitleError(input: trimmed, validTitles: titles.map { $0.text })
        if let exact = titles.first(where: { $0.text == trimmed }) { return ResolvedTitle(title: exact, resolvedFrom: nil) }
        guard trimmed.count == 1, let character = trimmed.first else { throw failure }
        let section: Int
        switch HangulLetter(character) {
        case .consonant(let initial), .syllable(let initial, _, _):
            section = initialSections[initial]
        case .other where character.isASCII && character.isLetter:
            // The character as typed: search folds é to e, but é names no section.
            guard let latin = asciiSection(character.asciiValue!) else { throw failure }
            section = latin
        case .other, .absent:
            throw failure
        }
        return ResolvedTitle(title: titles[section], resolvedFrom: trimmed)
    }

    /// The title whose text is `text`, if the index has one.
    public func title(_ text: String) -> SectionTitle? { titles.first { $0.text == text } }
}

extension IndexDefinition {
    /// The Korean index as ICU 72's collator and index characters for "ko" and "en" define it:
    /// ㄱ ㄴ ㄷ ㄹ ㅁ ㅂ ㅅ ㅇ ㅈ ㅊ ㅋ ㅌ ㅍ ㅎ, A … Z, #, double consonants under their base.
    /// HangulCollation's tests check that ICU still computes exactly this.
    public static let korean = IndexDefinition(
        titles: ["ㄱ", "ㄴ", "ㄷ", "ㄹ", "ㅁ", "ㅂ", "ㅅ", "ㅇ", "ㅈ", "ㅊ", "ㅋ", "ㅌ", "ㅍ", "ㅎ"]
            + (UInt8(ascii: "A")...UInt8(ascii: "Z")).map { String(UnicodeScalar($0)) },
        initialSections: [0, 0, 1, 2, 2, 3, 4, 5, 5, 6, 6, 7, 8, 8, 9, 10, 11, 12, 13],
        latinSections: Array(14..<40),
        collationLocale: "ko")
}
