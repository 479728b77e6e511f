import MeetingPlanning
import SearchEngine

/// The module's meeting planner: MeetingPlanning's `MeetingPlanner` (the CLI's) over the zones'
/// timelines the page takes from the feed (`wc_set_timelines`), answered as JSON the page draws
/// (Web/meeting.js).
enum WasmPlanner {
    /// Each zone's offsets and abbreviations over the feed's window (`wc_set_timelines`).
    nonisolated(unsafe) static var timelines: [String: ZoneTimeline] = [:]

    /// Reads one zone a line: `ZONE TAB START,OFFSET,ABBREVIATION;START,OFFSET,ABBREVIATION…`,
    /// periods by start (seconds since 1970), the first holding before its start too.
    /// - Returns: the timelines, or nil when a line is malformed.
    static func timelines(_ text: String) -> [String: ZoneTimeline]? {
        var timelines: [String: ZoneTimeline] = [:]
        for line in text.split(separator: "\n") {
            let cells = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard cells.count == 2, !cells[0].isEmpty else { return nil }
            var periods: [ZoneTimeline.Period] = []
            for period in cells[1].split(separator: ";") {
                let parts = period.split(separator: ",", omittingEmptySubsequences: false)
                guard parts.count == 3, let start = int64(parts[0]), let offset = Int(parts[1]), !parts[2].isEmpty,
                    periods.last.map({ $0.start < start }) ?? true
                else { return nil }
                periods.append(ZoneTimeline.Period(start: start, utcOffset: offset, abbreviation: String(parts[2])))
            }
            guard !periods.isEmpty else { return nil }
            timelines[String(cells[0])] = ZoneTimeline(periods: periods)
        }
        return timelines
    }

    /// The plan for a request, a line per field:
    /// `reference TAB ZONE`, `days TAB FIRST-DAY TAB COUNT` (days since 1970-01-01 in the reference
    /// zone), `length TAB SECONDS`, `step TAB SECONDS`, `limit TAB N`, and a line per place:
    /// `place TAB ZONE TAB START-MINUTE TAB END-MINUTE TAB NAME` (its working hours).
    static func answer(_ text: String) -> [UInt8] {
        var reference: WallClock?
        var first = 0, count = 1, length = 3600, step = 1800, limit = 5
        var places: [MeetingPlace] = []
        for line in text.split(separator: "\n") {
            let cells = line.split(separator: "\t", omittingEmptySubsequences: false).map { String($0) }
            let number = cells.count > 1 ? Int(cells[1]) : nil
            switch cells[0] {
            case "reference":
                guard cells.count == 2, let clock = clock(cells[1]) else { return error("unknown_zone", "no rules for the reference zone") }
                reference = clock
            case "days":
                // Days within ±1,000,000 of 1970: Int is 32 bits here, and LocalDateTime adds to it.
                guard cells.count == 3, let day = number, abs(day) <= 1_000_000, let days = Int(cells[2]), (1...31).contains(days) else {
                    return error("bad_request", "days: a first day within 1,000,000 days of 1970 and a count of 1 to 31")
                }
                (first, count) = (day, days)
            case "length":
                guard let seconds = number, (60...86_400).contains(seconds) else { return error("bad_request", "length: 60 to 86400 seconds") }
                length = seconds
            case "step":
                guard let seconds = number, seconds == 900 || seconds == 1800 || seconds == 3600 else {
                    return error("bad_request", "step: 900, 1800 or 3600 seconds")
                }
                step = seconds
            case "limit":
                guard let n = number, (1...20).contains(n) else { return error("bad_request", "limit: 1 to 20") }
                limit = n
            case "place":
                guard cells.count == 5, let clock = clock(cells[1]) else { return error("unknown_zone", "no rules for a place's zone") }
                guard let start = Int(cells[2]), let end = Int(cells[3]), let hours = WorkingHours(start: start, end: end) else {
                    return error("bad_request", "a place's working hours: 0 <= start < end <= 1440 minutes")
                }
                places.append(MeetingPlace(name: cells[4], clock: clock, hours: hours))
            default:
                return error("bad_request", "unknown field")
            }
        }
        guard let reference, !places.isEmpty, places.count <= 20 else { return error("bad_request", "a reference zone and 1 to 20 places") }
        let days = Array(first..<first + count)
        let plan = MeetingPlanner.plan(MeetingRequest(places: places, reference: reference, days: days, length: length, step: step, limit: limit))
        return write(plan, reference: reference)
    }

    /// A decimal of at most 18 digits, with an optional minus: `Int64(_:)` would need compiler-rt's
    /// `__multi3` on wasm32 for its overflow checks (the toolchain ships none for that target).
    static func int64(_ text: Substring) -> Int64? {
        let negative = text.first == "-"
        let digits = negative ? text.dropFirst() : text
        guard !digits.isEmpty, digits.utf8.count <= 18 else { return nil }
        var value: Int64 = 0
        for byte in digits.utf8 {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value &* 10 &+ Int64(byte - UInt8(ascii: "0"))
        }
        return negative ? -value : value
    }

    private static func clock(_ zoneID: String) -> WallClock? {
        timelines[zoneID].map { WallClock(zoneID: zoneID, timeline: $0) }
    }

    /// `{"reference":…,"length_seconds":…,"step_seconds":…,"fits_everyone":…,"slots":[{"start":…,"end":…,
    /// "reference_local":…,"worst_minutes_outside":…,"total_minutes_outside":…,"times":[{"local":…,
    /// "utc_offset_seconds":…,"abbreviation":…,"band":…,"minutes_outside":…,"day_difference":…}]}],
    /// "best":[slot indices]}`: instants in seconds since 1970, local times as seconds since 1970 on
    /// the local wall clock.
    private static func write(_ plan: MeetingPlan, reference: WallClock) -> [UInt8] {
        var json = JSONWriter()
        json.raw("{\"reference\":")
        json.string(plan.referenceZoneID)
        json.raw(",\"length_seconds\":")
        json.number(plan.length)
        json.raw(",\"step_seconds\":")
        json.number(plan.step)
        json.raw(",\"fits_everyone\":")
        if plan.fitsEveryone { json.raw("true") } else { json.raw("false") }
        json.raw(",\"slots\":[")
        for (number, slot) in plan.slots.enumerated() {
            if number > 0 { json.raw(",") }
            json.raw("{\"start\":")
            json.number(slot.start)
            json.raw(",\"end\":")
            json.number(slot.end)
            json.raw(",\"reference_local\":")
            json.number(reference.local(at: slot.start).secondsSinceEpoch)
            json.raw(",\"worst_minutes_outside\":")
            json.number(slot.worstMinutesOutside)
            json.raw(",\"total_minutes_outside\":")
            json.number(slot.totalMinutesOutside)
            json.raw(",\"times\":[")
            for (place, time) in slot.times.enumerated() {
                if place > 0 { json.raw(",") }
                json.raw("{\"local\":")
                json.number(time.local.secondsSinceEpoch)
                json.raw(",\"utc_offset_seconds\":")
                json.number(time.utcOffset)
                json.raw(",\"abbreviation\":")
                json.string(time.abbreviation)
                json.raw(",\"band\":")
                json.string(time.band.rawValue)
                json.raw(",\"minutes_outside\":")
                json.number(time.minutesOutside)
                json.raw(",\"day_difference\":")
                json.number(time.dayDifference)
                json.raw("}")
            }
            json.raw("]}")
        }
        json.raw("],\"best\":[")
        for (number, slot) in plan.best.enumerated() {
            if number > 0 { json.raw(",") }
            json.number(plan.slots.firstIndex { $0.start == slot.start } ?? -1)
        }
        json.raw("]}")
        return json.bytes
    }

    private static func error(_ code: StaticString, _ message: StaticString) -> [UInt8] {
        var json = JSONWriter()
        json.raw("{\"error\":{\"code\":\"")
        json.raw(code)
        json.raw("\",\"message\":\"")
        json.raw(message)
        json.raw("\"}}")
        return json.bytes
    }
}
