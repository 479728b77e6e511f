import SearchEngine

/// Zone facts at one instant, by zone id, as plain data: for a caller that has them ready (made at
/// build or export time, or by a test).
package struct ZoneFactsTable: ZoneFactsSource, Sendable {
    /// The facts by canonical zone id.
    public let facts: [String: ZoneFacts]

    /// A table of the given facts.
    public init(_ facts: [String: ZoneFacts]) { self.facts = facts }

    /// The facts of `zoneID`, nil when the table lacks it.
    public func facts(of zoneID: String) -> ZoneFacts? { facts[zoneID] }
}
