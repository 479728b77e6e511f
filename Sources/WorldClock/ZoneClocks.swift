import Foundation

/// One `ZoneClock` per zone of a catalogue, built once (each reads its TZif file), so per request
/// or per command only the instant changes.
public struct ZoneClocks: Sendable {
    private let clocks: [String: ZoneClock]

    /// Clocks for `zoneIDs` (the catalogue's zones, or only those a command shows).
    public init(zoneIDs: some Sequence<String>) {
        var clocks: [String: ZoneClock] = [:]
        for id in zoneIDs where clocks[id] == nil { clocks[id] = ZoneClock(zoneID: id) }
        self.clocks = clocks
    }

    /// The clock for `zoneID`, if it was built.
    public subscript(zoneID: String) -> ZoneClock? { clocks[zoneID] }

    /// The time of `place` at `instant`; nil only for a zone these clocks were not built for.
    public func time(of place: Place, at instant: Date) -> ZoneTime? {
        clocks[place.zoneID]?.time(at: instant)
    }
}
