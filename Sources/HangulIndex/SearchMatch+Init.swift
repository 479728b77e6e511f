extension SearchMatch {
    /// A match made outside the index (a search that filters, relabels or adds results, such as
    /// an offset query answered from the zones' rules).
    package init(_ item: Item, kind: MatchKind, field: String, text: String, label: String?, range utf16Range: Range<Int>) {
        self.item = item
        self.kind = kind
        self.field = field
        self.text = text
        self.label = label
        self.utf16Range = utf16Range
    }

    /// The same match with another label (what the text means for this item).
    package func relabelled(_ label: String?) -> SearchMatch {
        SearchMatch(item, kind: kind, field: field, text: text, label: label, range: utf16Range)
    }
}

extension SearchResult {
    /// A result made outside the index (see `SearchMatch.init(_:kind:field:text:label:range:)`).
    package init(_ matches: [SearchMatch<Item>], keyboardConversion: (typed: String, converted: String)?) {
        self.matches = matches
        self.keyboardConversion = keyboardConversion
    }
}
