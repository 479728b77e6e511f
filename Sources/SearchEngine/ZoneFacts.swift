/// What search needs from the tz rules about one zone at the instant searched, as plain data:
/// made from the TZif rules natively (WorldClockKit), or from data made at build or export time
/// (the web module).
package struct ZoneFacts: Equatable, Sendable {
    /// How far ahead of the instant an abbreviation still counts as in use: 366 days, in seconds
    /// (the feed's window of transitions).
    public static let window = 366 * 86_400

    /// Seconds east of UTC at the instant.
    public let utcOffset: Int
    /// The abbreviations tz uses for the zone at the instant (first) and after each of its
    /// transitions within `window` after it ("PST", "PDT"; "+07" where tz has no letters).
    public let abbreviations: [String]

    /// A zone's facts at an instant.
    public init(utcOffset: Int, abbreviations: [String]) {
        self.utcOffset = utcOffset
        self.abbreviations = abbreviations
    }

    /// Whether tz has letters for the zone throughout the window: "+07" is no abbreviation, so
    /// Bangkok may still be called ICT, a common name tz does not carry.
    public var hasLetters: Bool { abbreviations.allSatisfy { SearchRules.isAbbreviation($0) } }

    /// Whether the zone may be called `abbreviation` at the instant or within the window: tz uses
    /// it then, or tz has no letters for the zone then. Only a zone tz names with other letters
    /// (밴쿠버's MST where PST was) has stopped using it.
    public func mayBeCalled(_ abbreviation: String) -> Bool { !hasLetters || abbreviations.contains(abbreviation) }
}
