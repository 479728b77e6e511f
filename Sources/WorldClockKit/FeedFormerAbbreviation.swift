/// An abbreviation the places searched for no longer use, and those places, left out of the results.
public struct FeedFormerAbbreviation: Codable, Equatable, Sendable {
    /// The abbreviation searched for (PST).
    public let abbreviation: String
    /// The names of the places left out, best first (밴쿠버).
    public let places: [String]

    /// An abbreviation and the places left out for it.
    package init(abbreviation: String, places: [String]) {
        self.abbreviation = abbreviation
        self.places = places
    }
}
