/// The title of one section of an index, as a list's right-edge index shows it: a compatibility
/// jamo (ㄱ U+3131, never the conjoining ᄀ U+1100), a Latin capital, or `#` for everything else.
package struct SectionTitle: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The title's text.
    public let text: String
    /// The position of the section in its index, which orders titles.
    public let position: Int

    package init(_ text: String, position: Int) {
        self.text = text
        self.position = position
    }

    /// The section of names that start with a digit, a symbol, an emoji, another script, or nothing.
    public static let otherText = "#"

    public var description: String { text }

    public static func < (a: SectionTitle, b: SectionTitle) -> Bool { a.position < b.position }
}
