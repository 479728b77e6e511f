package import SearchEngine
package import TimeZoneRules

#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// The tz facts search needs (`ZoneFacts`), read from tz's TZif rules at one instant, zone by
/// zone as search asks: what `PlaceSearch` gives the search core natively. The web module gets
/// the same facts as data made at export time.
package struct TZifZoneFacts: ZoneFactsSource, Sendable {
    /// The rules read.
    public let tzdata: TZDatabase
    /// The instant the facts are for.
    public let instant: Date
    /// Clocks made already (a server's, one per zone); others are made from `tzdata` when asked.
    private let clocks: ZoneClocks?

    /// Facts at `instant` from `tzdata`.
    public init(tzdata: TZDatabase, at instant: Date) {
        self.tzdata = tzdata
        self.instant = instant
        self.clocks = nil
    }

    /// Facts at `instant` from clocks made already (a server's), and from their tzdata for a zone
    /// they lack.
    public init(clocks: ZoneClocks, at instant: Date) {
        self.tzdata = clocks.tzdata
        self.instant = instant
        self.clocks = clocks
    }

    /// The zone's offset at the instant and the abbreviations it uses then and within `ZoneFacts.window` after.
    public func facts(of zoneID: String) -> ZoneFacts? {
        guard let clock = clock(zoneID) else { return nil }
        let end = instant.addingTimeInterval(TimeInterval(ZoneFacts.window))
        let time = clock.time(at: instant)
        return ZoneFacts(
            utcOffset: time.utcOffset, abbreviations: [time.abbreviation] + clock.transitions(after: instant, through: end).map(\.abbreviation))
    }

    /// The zone's offset at the instant, without its abbreviations.
    public func utcOffset(of zoneID: String) -> Int? { clock(zoneID)?.utcOffset(at: instant) }

    private func clock(_ zoneID: String) -> ZoneClock? {
        if let clock = clocks?[zoneID] { return clock }
        return ZoneClock(zoneID: zoneID, tzdata: tzdata)
    }
}
