import SearchEngine
import WireCore

/// How a wall-clock time falls in a zone.
public enum WallClockReading: Equatable, Sendable {
    /// Exactly once.
    case unique(Int64)
    /// Twice, when the clock goes back (a DST overlap): both instants, earlier first.
    case overlap(first: Int64, second: Int64)
    /// Never, when the clock jumps forward (a DST gap): the last valid minute before and the
    /// first valid instant after, as instants.
    case gap(before: Int64, after: Int64)

    /// Reads `wall` (local seconds since 1970-01-01 00:00 in the zone) in `clock`'s zone.
    package static func reading(wall: Int64, in clock: WallClock) -> WallClockReading {
        // Every offset the zone uses within two days of that wall time.
        let start = wall - 2 * 86_400, end = wall + 2 * 86_400
        let changes = clock.changes(after: start, through: end)
        var offsets = [clock.utcOffset(at: start)]
        for change in changes where !offsets.contains(change.utcOffset) { offsets.append(change.utcOffset) }
        var valid: [Int64] = []
        for offset in offsets {
            let instant = wall - Int64(offset)
            if Int64(clock.utcOffset(at: instant)) == wall - instant && !valid.contains(instant) { valid.append(instant) }
        }
        valid.sort()
        if valid.count == 1 { return .unique(valid[0]) }
        if valid.count >= 2 { return .overlap(first: valid[0], second: valid[valid.count - 1]) }
        // A gap: the change whose jump forward skipped that wall time.
        for change in changes {
            let before = Int64(clock.utcOffset(at: change.start - 1))
            if change.start + before <= wall, wall < change.start + Int64(change.utcOffset) {
                return .gap(before: change.start - 60, after: change.start)
            }
        }
        return .unique(wall - Int64(offsets[0]))
    }
}
