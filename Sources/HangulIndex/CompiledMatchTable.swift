/// A match table as text, as the build compiles it into the binary: every column
/// is a `HexColumn`, every text pool a string with the UTF-8 offsets of its parts.
public struct CompiledMatchTable: Sendable, Equatable {
    /// Entries by a key: `keys` sorted, the entries of `keys[k]` at `entries[starts[k]..<starts[k+1]]`.
    public struct Postings: Sendable, Equatable {
        public let keys: HexColumn
        public let starts: HexColumn
        public let entries: HexColumn
        public init(keys: HexColumn, starts: HexColumn, entries: HexColumn) {
            (self.keys, self.starts, self.entries) = (keys, starts, entries)
        }
    }

    /// Field names in rank order, separated by commas.
    public let fieldNames: String
    /// The other characters' scalars, and where each character's scalars start (one more than characters).
    public let otherScalars: HexColumn
    public let otherStarts: HexColumn
    /// Entry texts, concatenated, and where each starts in UTF-8 (one more than entries).
    public let texts: String
    public let textStarts: HexColumn
    /// Entry labels likewise; an empty label is none.
    public let labels: String
    public let labelStarts: HexColumn
    public let fieldRanks: HexColumn
    /// Each entry's letters as `LetterCode`s, spaces and punctuation left out.
    public let letters: HexColumn
    public let letterStarts: HexColumn
    /// Each entry's items, most important first, then in item order.
    public let items: HexColumn
    public let itemStarts: HexColumn
    /// Each item's importance.
    public let importance: HexColumn
    public let byStart: Postings
    public let byFirst: Postings
    public let byLaterLetter: Postings
    public let byLaterPair: Postings

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
