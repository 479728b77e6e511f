/// A section title a user typed, resolved to a title of the index.
public struct ResolvedTitle: Equatable, Sendable {
    public let title: SectionTitle
    /// Set when the input was not a title itself but stands for one (ㄲ → ㄱ, 가 → ㄱ, n → N):
    /// the input, so the caller can say what it did.
    public let resolvedFrom: String?
}

/// A typed section title that names no section.
public struct SectionTitleError: Error, Equatable, Sendable, CustomStringConvertible {
    public let input: String
    public let validTitles: [String]

    public var description: String {
        let what = input.isEmpty ? "an empty section" : "\"\(input)\" is not a section"
        return "\(what); valid sections: \(validTitles.joined(separator: " "))"
    }
}

extension SectionIndexer {
    /// Resolves what a user typed for a section: the compatibility jamo (ㄱ), the conjoining jamo
    /// (ᄀ), halfwidth jamo (ﾡ), a Latin letter in either case (n → N), or `#`. A double consonant
    /// resolves to its base section (ㄲ → ㄱ) and a single syllable to the section it is filed under
    /// (가 → ㄱ), both with `resolvedFrom` set. Anything else — empty, two letters, a vowel, a
    /// digit — is an error listing the valid titles.
    public func resolveTitle(_ input: String) throws(SectionTitleError) -> ResolvedTitle {
        let trimmed = String(input.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
        let failure = SectionTitleError(input: trimmed, validTitles: titles.map(\.text))
        if let exact = titles.first(where: { $0.text == trimmed }) { return ResolvedTitle(title: exact, resolvedFrom: nil) }
        guard trimmed.count == 1, let character = trimmed.first else { throw failure }
        let letter = HangulLetter(character)
        switch letter {
        case .consonant, .syllable:
            break
        case .other where character.isASCII && character.isLetter:
            // The character as typed: search folds é to e, but é names no section.
            break
        case .other, .absent:
            throw failure
        }
        return ResolvedTitle(title: title(for: trimmed), resolvedFrom: trimmed)
    }
}
