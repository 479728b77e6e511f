/// Where search gets the tz facts of a zone at the instant it searches at. A search asks only for
/// the zones it judges: an abbreviation's zones, or every place's zone for an offset query (and
/// then only the offset, which a source may give more cheaply).
package protocol ZoneFactsSource {
    /// The zone's facts at the instant; nil for a zone the rules lack.
    func facts(of zoneID: String) -> ZoneFacts?
    /// The zone's UTC offset at the instant; nil for a zone the rules lack. By default from `facts(of:)`.
    func utcOffset(of zoneID: String) -> Int?
}

extension ZoneFactsSource {
    /// The offset of `facts(of:)`.
    public func utcOffset(of zoneID: String) -> Int? { facts(of: zoneID)?.utcOffset }
}
