/// A tz release name such as "2026f": a year and one or more letters, ordered as tz orders them
/// (2025b < 2026a < 2026f < 2026z < 2026za).
package struct TZDataVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The year, 4 digits.
    public let year: Int
    /// The release letters: "a" for a year's first release, "za" after "z".
    public let letters: String

    /// Parses "2026f" (surrounding white space allowed); nil for anything else.
    public init?(_ text: some StringProtocol) {
        // Trimmed by hand: Foundation's trimmingCharacters bridges through NSString, a tenth of a CLI run.
        var trimmed = String(text)[...]
        while trimmed.first?.isWhitespace == true { trimmed.removeFirst() }
        while trimmed.last?.isWhitespace == true { trimmed.removeLast() }
        let digits = trimmed.prefix { $0.isASCII && $0.isNumber }
        let letters = trimmed.dropFirst(digits.count)
        guard digits.count == 4, let year = Int(digits), !letters.isEmpty,
            letters.allSatisfy({ ("a"..."z").contains($0) })
        else { return nil }
        self.year = year
        self.letters = String(letters)
    }

    public var description: String { "\(year)\(letters)" }

    public static func < (a: TZDataVersion, b: TZDataVersion) -> Bool {
        (a.year, a.letters.count, a.letters) < (b.year, b.letters.count, b.letters)
    }
}
