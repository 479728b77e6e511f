/// A match table as text, as the build compiles it into the binary: every column
/// is a `HexColumn`, every text pool a string with the UTF-8 offsets of its parts.
package struct CompiledMatchTable: Sendable, Equatable {
    /// Entries by a key: `keys` sorted, the entries of `keys[k]` at `entries[starts[k]..<starts[k+1]]`.
    public struct Postings: Sendable, Equatable {
        /// The keys, sorted.
        public let keys: HexColumn
        /// Where each key's entries start in `entries` (one more than keys).
        public let starts: HexColumn
        /// The entries of every key, key after key.
        public let entries: HexColumn
        /// Postings from their three columns.
        public init(keys: HexColumn, starts: HexColumn, entries: HexColumn) {
            (self.keys, self.starts, self.entries) = (keys, starts, entries)
        }
    }

    /// Field names in rank order, separated by commas.
    public let fieldNames: String
    /// The other characters' scalars, and where each character's scalars start (one more than characters).
    public let otherScalars: HexColumn
    /// Where each other character's scalars start in `otherScalars`.
    public let otherStarts: HexColumn
    /// Entry texts, concatenated, and where each starts in UTF-8 (one more than entries).
    public let texts: String
    /// Where each entry's text starts in `texts`, in UTF-8 bytes.
    public let textStarts: HexColumn
    /// Entry labels likewise; an empty label is none.
    public let labels: String
    /// Where each entry's label starts in `labels`, in UTF-8 bytes.
    public let labelStarts: HexColumn
    /// Each entry's field, as its rank in `fieldNames`.
    public let fieldRanks: HexColumn
    /// Each entry's letters as `LetterCode`s, spaces and punctuation left out.
    public let letters: HexColumn
    /// Where each entry's letters start in `letters`.
    public let letterStarts: HexColumn
    /// Each entry's items, most important first, then in item order.
    public let items: HexColumn
    /// Where each entry's items start in `items`.
    public let itemStarts: HexColumn
    /// Each item's importance.
    public let importance: HexColumn
    /// Entries by their first letter, for a query matched from the start of a text.
    public let byStart: Postings
    /// Entries by the first letter of each of their words.
    public let byFirst: Postings
    /// Entries by each letter after the first, for a match inside a word.
    public let byLaterLetter: Postings
    /// Entries by each pair of letters after the first, the narrower key for a longer query.
    public let byLaterPair: Postings

    /// A table from its columns, as the build wrote them.
    public init(
        fieldNames: String, otherScalars: HexColumn, otherStarts: HexColumn, texts: String, textStarts: HexColumn,
        labels: String, labelStarts: HexColumn, fieldRanks: HexColumn, letters: HexColumn, letterStarts: HexColumn,
        items: HexColumn, itemStarts: HexColumn, importance: HexColumn,
        byStart: Postings, byFirst: Postings, byLaterLetter: Postings, byLaterPair: Postings
    ) {
        self.fieldNames = fieldNames
        self.otherScalars = otherScalars
        self.otherStarts = otherStarts
        self.texts = texts
        self.textStarts = textStarts
        self.labels = labels
        self.labelStarts = labelStarts
        self.fieldRanks = fieldRanks
        self.letters = letters
        self.letterStarts = letterStarts
        self.items = items
        self.itemStarts = itemStarts
        self.importance = importance
        self.byStart = byStart
        self.byFirst = byFirst
        self.byLaterLetter = byLaterLetter
        self.byLaterPair = byLaterPair
    }
}
