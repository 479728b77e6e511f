/// A section title a user typed, resolved to a title of the index.
package struct ResolvedTitle: Equatable, Sendable {
    /// The index title the input stands for.
    public let title: SectionTitle
    /// Set when the input was not a title itself but stands for one (ㄲ → ㄱ, 가 → ㄱ, n → N):
    /// the input, so the caller can say what it did.
    public let resolvedFrom: String?
}

/// A typed section title that names no section.
package struct SectionTitleError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What the user typed.
    public let input: String
    /// The index's titles, to list in the error message.
    public let validTitles: [String]

    public var description: String {
        let what = input.isEmpty ? "an empty section" : "\"\(input)\" is not a section"
        return "\(what); valid sections: \(validTitles.joined(separator: " "))"
    }
}
