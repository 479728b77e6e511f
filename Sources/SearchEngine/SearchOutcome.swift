import HangulIndex

/// What a search found: the matches shown, how many matched in all, and what was left out.
public struct SearchOutcome<Place> {
    /// The matches shown, best first, at most the limit.
    public let result: SearchResult<Place>
    /// How many matched in all (more than `result.matches.count` when the limit cut them).
    public let total: Int
    /// Places left out because their zone no longer uses the abbreviation searched for, in rank order.
    public let former: [SearchMatch<Place>]
    /// When no zone uses the abbreviation searched for now: it, and the matches are its former users.
    public let onlyFormerAbbreviation: String?
    /// The offset, when the query was one.
    package let offset: OffsetQuery?

    /// An outcome; `total` counts the matches before the limit.
    package init(
        result: SearchResult<Place>, total: Int, former: [SearchMatch<Place>] = [], onlyFormerAbbreviation: String? = nil,
        offset: OffsetQuery? = nil
    ) {
        self.result = result
        self.total = total
        self.former = former
        self.onlyFormerAbbreviation = onlyFormerAbbreviation
        self.offset = offset
    }

    /// Whether the limit cut the matches.
    public var isTruncated: Bool { total > result.matches.count }

    /// The notes on this outcome, in the order the CLI prints them.
    public var notes: [SearchNote<Place>] {
        var notes: [SearchNote<Place>] = []
        if let conversion = result.keyboardConversion {
            notes.append(.keyboardConversion(typed: conversion.typed, converted: conversion.converted))
        } else if result.matches.first?.kind == .similar {
            notes.append(.similarSpellings)
        }
        if let first = former.first { notes.append(.formerAbbreviation(abbreviation: first.text, places: former.map { $0.item })) }
        if let abbreviation = onlyFormerAbbreviation { notes.append(.onlyFormerAbbreviation(abbreviation: abbreviation)) }
        if isTruncated { notes.append(.truncated(shown: result.matches.count, total: total)) }
        return notes
    }
}

extension SearchOutcome: Sendable where Place: Sendable {}
