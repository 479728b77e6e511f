import TimeZoneRules
package import WireCore

#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

extension ZoneTimeline {
    /// The timeline of `clock`'s zone from `start` through `end`, from its TZif rules: the first
    /// period is the one holding at `start` (from `start`, rounded down to the second), then one
    /// for each transition. What the feed's transitions give the web module and the kit's `Feed`
    /// client (their answers then agree with `ZoneClock.time(at:)` and `TZifZoneFacts` for any
    /// instant whose window ends by `end`; the tests compare them), and what the server writes
    /// the feed from.
    package init(_ clock: ZoneClock, from start: Date, through end: Date) {
        let first = clock.time(at: start)
        var periods = [
            Period(
                start: ZoneRules.seconds(start), utcOffset: first.utcOffset, abbreviation: first.abbreviation,
                isDaylightSavingTime: first.isDaylightSavingTime)
        ]
        periods += clock.transitions(after: start, through: end)
        self.init(periods: periods)
    }
}
