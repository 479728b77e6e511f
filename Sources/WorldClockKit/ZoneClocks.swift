public import TimeZoneRules

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// One `ZoneClock` per zone of a catalogue, built once from one tzdata, so per request or per
/// command only the instant changes.
public struct ZoneClocks: Sendable {
    /// The tzdata the clocks read.
    public let tzdata: TZDatabase
    private let clocks: [String: ZoneClock]

    /// Clocks for `zoneIDs` (the catalogue's zones, or only those a command shows).
    public init(zoneIDs: some Sequence<String>, tzdata: TZDatabase = .automatic) {
        var clocks: [String: ZoneClock] = [:]
        for id in zoneIDs where clocks[id] == nil { clocks[id] = ZoneClock(zoneID: id, tzdata: tzdata) }
        self.clocks = clocks
        self.tzdata = tzdata
    }

    /// The clock for `zoneID`, if it was built.
    public subscript(zoneID: String) -> ZoneClock? { clocks[zoneID] }

    /// The time of `place` at `instant`; nil only for a zone these clocks were not built for.
    public func time(of place: Place, at instant: Date) -> ZoneTime? {
        clocks[place.zoneID]?.time(at: instant)
    }
}
