#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How a wall-clock time falls in a zone.
public enum WallClockReading: Equatable, Sendable {
    /// Exactly once.
    case unique(Int64)
    /// Twice, when the clock goes back (a DST overlap): both instants, earlier first.
    case overlap(first: Int64, second: Int64)
    /// Never, when the clock jumps forward (a DST gap): the last valid minute before and the
    /// first valid instant after, as instants.
    case gap(before: Int64, after: Int64)

    /// Reads `wall` (local seconds since 1970-01-01 00:00 in the zone) in `clock`'s zone, from its
    /// TZif rules.
    public static func reading(wall: Int64, in clock: ZoneClock) -> WallClockReading {
        // Every offset the zone uses within two days of that wall time.
        let start = TimeQuery.date(wall - 2 * 86_400), end = TimeQuery.date(wall + 2 * 86_400)
        var offsets = [clock.time(at: start).utcOffset]
        for transition in clock.transitions(after: start, through: end) where !offsets.contains(transition.utcOffsetAfter) {
            offsets.append(transition.utcOffsetAfter)
        }
        let valid = Set(offsets.map { wall - Int64($0) }.filter { Int64(clock.time(at: TimeQuery.date($0)).utcOffset) == wall - $0 }).sorted()
        if valid.count == 1 { return .unique(valid[0]) }
        if valid.count >= 2 { return .overlap(first: valid[0], second: valid[valid.count - 1]) }
        // A gap: the transition whose jump forward skipped that wall time.
        for transition in clock.transitions(after: start, through: end) {
            let at = Int64(transition.instant.timeIntervalSince1970)
            let before = Int64(clock.time(at: TimeQuery.date(at - 1)).utcOffset)
            if at + before <= wall, wall < at + Int64(transition.utcOffsetAfter) { return .gap(before: at - 60, after: at) }
        }
        return .unique(wall - Int64(offsets[0]))
    }
}
