/// The rules of search that need no item: field names, result limits, what an abbreviation is,
/// where words and zone-id segments start, and the labels search writes.
package enum SearchRules {
    /// How many results a search shows unless asked: the CLI's and the API's default.
    public static let defaultLimit = 20
    /// The most results a search shows: the CLI's `--limit` and the API's `limit` alike.
    public static let maximumLimit = 100

    /// The field of a zone id match (Asia/Seoul).
    public static let zoneField = "zone"
    /// The field of a zone name or abbreviation match (KST, 한국 표준시).
    public static let zoneNameField = "zone_name"
    /// The field of a match found by offset (UTC+9).
    public static let offsetField = "offset"

    /// PST, CEST, AKST: two to six capitals (digits after the first allowed: ChST aside, tz's are so).
    public static func isAbbreviation(_ text: String) -> Bool {
        var count = 0
        for byte in text.utf8 {
            count += 1
            guard count <= 6, isCapital(byte) || (count > 1 && isDigit(byte)) else { return false }
        }
        return count >= 2
    }

    /// Whether a query is spelled as an abbreviation is, in any case (KST, kst, Pst): two to six
    /// ASCII letters and digits, a letter first.
    public static func isAbbreviationQuery(_ query: String) -> Bool {
        var count = 0
        for byte in query.utf8 {
            count += 1
            guard count <= 6, isCapital(byte & 0xDF) || (count > 1 && isDigit(byte)) else { return false }
        }
        return count >= 2
    }

    /// Whether a match starting at the UTF-16 offset `start` of a zone id begins one of its
    /// segments: the id's start, or after `/`, `_` or `-` (`ICN` never matches
    /// "Pacific/Noumea" across "Pacifi|c/N").
    public static func startsSegment(_ zoneID: String, at start: Int) -> Bool {
        guard start > 0 else { return true }
        guard let before = unit(zoneID, at: start - 1) else { return true }
        return before == 0x2F || before == 0x5F || before == 0x2D  // / _ -
    }

    /// Whether a match starting at the UTF-16 offset `start` of `text` begins a word: the
    /// text's start, or after a character that is not a letter or digit (a space, `/`, `(`).
    public static func startsWord(_ text: String, at start: Int) -> Bool {
        guard start > 0, let before = unit(text, at: start - 1) else { return true }
        return !isWordUnit(before)
    }

    /// Whether the UTF-16 `range` of `text` is a whole word: it starts one, and what follows is
    /// the text's end or not a letter or digit (KST in "KST", not in "AKST" or "Kstovo").
    public static func isWholeWord(_ range: Range<Int>, in text: String) -> Bool {
        guard startsWord(text, at: range.lowerBound) else { return false }
        guard let after = unit(text, at: range.upperBound) else { return true }
        return !isWordUnit(after)
    }

    /// The label of a place kept for an abbreviation its zone no longer uses, when nothing uses
    /// it now: its own label, marked as former.
    public static func formerLabel(_ label: String?) -> String { (label.map { $0 + ", " } ?? "") + "예전 약어" }

    /// The neutral label of an abbreviation whose label names another country: "tz 약어, UTC+9".
    public static func neutralLabel(utcOffset: Int) -> String { "tz 약어, " + OffsetQuery.text(utcOffset) }

    /// A letter or digit, as far as words go: ASCII letters and digits, and anything not ASCII
    /// (Hangul, accented letters), so that a match is never cut inside 태평양 or Mazatlán.
    static func isWordUnit(_ unit: UInt16) -> Bool {
        unit >= 0x80 || isDigit(UInt8(unit)) || isCapital(UInt8(unit) & 0xDF)
    }

    private static func unit(_ text: String, at offset: Int) -> UInt16? {
        let units = text.utf16
        guard offset >= 0, offset < units.count else { return nil }
        return units[units.index(units.startIndex, offsetBy: offset)]
    }

    private static func isCapital(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) }
    private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
}
