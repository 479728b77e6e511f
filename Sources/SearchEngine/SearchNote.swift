/// What a search says beside its matches: how it read the query and what it left out. The CLI
/// prints these as notes; the feed carries them as fields.
public enum SearchNote<Place> {
    /// Nothing matched as typed, and the query was read as Hangul typed with the keyboard in
    /// Latin mode (sbdyr → 뉴욕).
    case keyboardConversion(typed: String, converted: String)
    /// Nothing matched as typed: the matches are similar spellings (보스톤 → 보스턴).
    case similarSpellings
    /// Places whose zone no longer uses `abbreviation` were left out (밴쿠버 for PST, on MST
    /// since 2026), in rank order.
    case formerAbbreviation(abbreviation: String, places: [Place])
    /// No zone uses `abbreviation` now: the places shown are those that used it (labelled so).
    case onlyFormerAbbreviation(abbreviation: String)
    /// More matched than shown: `total` in all, `shown` shown.
    case truncated(shown: Int, total: Int)
}

extension SearchNote: Sendable where Place: Sendable {}
