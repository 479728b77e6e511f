import SearchEngine

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension ZoneTimeline {
    /// The timeline of `clock`'s zone from `start` through `end`, from its TZif rules: what the
    /// feed's transitions give the web module (its facts at an instant then agree with
    /// `TZifZoneFacts` for any instant whose window ends by `end`; the tests compare the two).
    public init(_ clock: ZoneClock, from start: Date, through end: Date) {
        let first = clock.time(at: start)
        var periods = [Period(start: Int64(start.timeIntervalSince1970.rounded(.down)), utcOffset: first.utcOffset, abbreviation: first.abbreviation)]
        for transition in clock.transitions(after: start, through: end) {
            periods.append(
                Period(
                    start: Int64(transition.instant.timeIntervalSince1970), utcOffset: transition.utcOffsetAfter,
                    abbreviation: transition.abbreviationAfter))
        }
        self.init(periods: periods)
    }
}
