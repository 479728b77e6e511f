import WireCore

/// "When can we all meet?": candidate meeting starts on the reference zone's clock, each place's
/// local time for them from its zone's rules, and a ranking by fairness. Pure: the same request
/// gives the same plan. The one planner of every surface: the CLI and the kit read the rules
/// from TZif files, the web clock's module from the feed's transitions (`WallClock`).
/// Int64 products wrap (`&*`) where they cannot overflow: on wasm32 a checked one needs
/// compiler-rt's `__multi3`, which the toolchain does not ship for that target.
///
/// **Candidates.** Every `step` (15 or 30 minutes) of real time from the reference zone's local
/// 00:00 of each date to the next day's: a day with a DST jump forward has fewer, one with a jump
/// back more, and each place's time is read from its own rules at that instant, so a meeting that
/// crosses a place's DST change is right on both sides.
///
/// **Bands.** At a slot's start each place is in its working hours (default 9–18, per place, on
/// its working days: Monday to Friday, or its country's), its waking hours (7–23) or at night. A
/// day off has no working hours: its distance outside counts to the nearest working day's.
///
/// **Past.** With the request's `now`, a slot starting before it is marked past and never ranked.
///
/// **Ranking rule.** A slot's fairness score is the worst participant's distance outside their
/// working hours: the minutes of the meeting before the start or after the end of that place's
/// nearest working day (서울 20:00–21:00 against 9–18 is 180). Slots rank by that score, smallest
/// first; ties by the minutes outside summed over everyone, then by how many places are at night,
/// then the earlier start. A slot that fits everyone scores 0.
public enum MeetingPlanner {
    /// The plan for `request`: every candidate in time order and the best `request.limit` ranked.
    /// A request that breaks `MeetingRequest`'s rules (`validate()` says which) plans no slots.
    /// - Complexity: O(d · (86 400 / step) · p) for d dates and p places, plus the sort.
    public static func plan(_ request: MeetingRequest) -> MeetingPlan {
        var slots: [MeetingSlot] = []
        do { try request.validate() } catch {
            return MeetingPlan(places: request.places, reference: request.reference, length: request.length, step: request.step, slots: [], best: [])
        }
        for day in request.days {
            var t = dayStart(day, in: request.reference)
            let end = dayStart(day + 1, in: request.reference)
            while t < end {
                slots.append(slot(at: t, request))
                t += Int64(request.step)
            }
        }
        // A past slot is shown but never suggested.
        let best = slots.filter { !$0.isPast }.sorted { $0.ranks(before: $1) }.prefix(max(0, request.limit))
        return MeetingPlan(
            places: request.places, reference: request.reference, length: request.length, step: request.step, slots: slots, best: Array(best))
    }

    /// Every place's clock for a meeting starting at `start` (seconds since 1970).
    package static func slot(at start: Int64, _ request: MeetingRequest) -> MeetingSlot {
        let end = start + Int64(request.length)
        let referenceDay = request.reference.local(at: start).daysSinceEpoch
        let times = request.places.map { place -> MeetingLocalTime in
            let period = place.clock.offset(at: start)
            let first = LocalDateTime(secondsSinceEpoch: start + Int64(period.utcOffset))
            let last = place.clock.local(at: end)
            let from = first.hour * 60 + first.minute
            // The end on the same count of minutes as the start: past midnight it passes 1440.
            let to = (last.daysSinceEpoch - first.daysSinceEpoch) * 1440 + last.hour * 60 + last.minute
            let workingDay = place.days.contains(weekday: first.weekday)
            return MeetingLocalTime(
                place: place.name, zoneID: place.clock.zoneID, local: first, utcOffset: period.utcOffset, abbreviation: period.abbreviation,
                band: DayBand(minute: from, hours: place.hours, workingDay: workingDay),
                minutesOutside: place.hours.minutesOutside(from: from, to: to, weekday: first.weekday, days: place.days),
                dayDifference: first.daysSinceEpoch - referenceDay, isWorkingDay: workingDay)
        }
        return MeetingSlot(start: start, end: end, times: times, isPast: request.now.map { start < $0 } ?? false)
    }

    /// A weekly meeting at `start`'s wall-clock time in the reference zone, for `weeks` weeks: each
    /// week's slot, and which places' local times moved since the week before (a DST change in one
    /// place but not the reference), by how much. A count of weeks outside
    /// `MeetingRequest.weekCounts` (`validateWeeks` says so) plans no weeks.
    public static func weekly(_ request: MeetingRequest, start: Int64, weeks: Int) -> [MeetingOccurrence] {
        do { try MeetingRequest.validateWeeks(weeks) } catch { return [] }
        let wall = request.reference.local(at: start)
        let wallSeconds = wall.secondsSinceEpoch
        var occurrences: [MeetingOccurrence] = []
        for week in 0..<weeks {
            let slot = slot(at: recurring(wall: wallSeconds + Int64(week) &* (7 * 86_400), in: request.reference), request)
            var shifts: [MeetingOccurrence.Shift] = []
            if let previous = occurrences.last?.slot {
                for (before, now) in zip(previous.times, slot.times) {
                    let moved = (now.local.secondsSinceEpoch - before.local.secondsSinceEpoch - 7 * 86_400) / 60
                    if moved != 0 { shifts.append(.init(place: now.place, minutes: Int(moved))) }
                }
            }
            occurrences.append(MeetingOccurrence(week: week, slot: slot, shifts: shifts))
        }
        return occurrences
    }

    /// A recurring wall time as an instant, as calendars do (RFC 5545): the earlier of an overlap;
    /// in a gap, the same wall time read with the offset before the jump (02:30 → 03:30).
    private static func recurring(wall: Int64, in clock: WallClock) -> Int64 {
        switch WallClockReading.reading(wall: wall, in: clock) {
        case .unique(let t), .overlap(let t, _): t
        case .gap(let before, _): wall - Int64(clock.utcOffset(at: before))
        }
    }

    /// The first instant of a local day: its 00:00, or the first instant after a gap that skips it.
    package static func dayStart(_ day: Int, in clock: WallClock) -> Int64 { instant(wall: Int64(day) &* 86_400, in: clock) }

    /// A wall-clock time as one instant: the earlier of an overlap, the end of a gap.
    static func instant(wall: Int64, in clock: WallClock) -> Int64 {
        switch WallClockReading.reading(wall: wall, in: clock) {
        case .unique(let t), .overlap(let t, _), .gap(_, let t): t
        }
    }
}
