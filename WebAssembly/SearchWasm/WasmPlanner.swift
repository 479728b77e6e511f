import MeetingPlanning
import SearchEngine
import WireCore

/// The module's meeting planner: MeetingPlanning's `MeetingPlanner` (the CLI's) over the zones'
/// timelines the page takes from the feed (`wc_set_timelines`), answered as JSON the page draws
/// (Web/meeting.js).
enum WasmPlanner {
    /// Each zone's offsets and abbreviations over the feed's window (`wc_set_timelines`).
    nonisolated(unsafe) static var timelines: [String: ZoneTimeline] = [:]

    /// Reads one zone a line: `ZONE TAB START,OFFSET,ABBREVIATION,DST;START,OFFSET,ABBREVIATION,DST…`,
    /// periods by start (seconds since 1970), the first holding before its start too, DST `1` or
    /// `0` (the page's `ZoneRules.timelines()`, the same periods its ticking clock reads).
    /// - Returns: the timelines, or nil when a line is malformed.
    static func timelines(_ text: String) -> [String: ZoneTimeline]? {
        var timelines: [String: ZoneTimeline] = [:]
        for line in text.split(separator: "\n") {
            let cells = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard cells.count == 2, !cells[0].isEmpty else { return nil }
            var periods: [ZoneTimeline.Period] = []
            for period in cells[1].split(separator: ";") {
                let parts = period.split(separator: ",", omittingEmptySubsequences: false)
                guard parts.count == 4, let start = int64(parts[0]), let offset = Int(parts[1]), !parts[2].isEmpty,
                    parts[3] == "0" || parts[3] == "1", periods.last.map({ $0.start < start }) ?? true
                else { return nil }
                periods.append(
                    ZoneTimeline.Period(start: start, utcOffset: offset, abbreviation: String(parts[2]), isDaylightSavingTime: parts[3] == "1"))
            }
            guard !periods.isEmpty else { return nil }
            timelines[String(cells[0])] = ZoneTimeline(periods: periods)
        }
        return timelines
    }

    /// The plan for a request, a line per field:
    /// `reference TAB ZONE`, `days TAB FIRST-DAY TAB COUNT [TAB planned]` (days since 1970-01-01 in
    /// the reference zone; `planned`: FIRST-DAY is today and no date was chosen, so the plan starts on
    /// `MeetingPlanner.plannedDay`, the CLI's rule), `length TAB SECONDS`, `step TAB SECONDS`, `limit TAB N`, and a line per place:
    /// `place TAB ZONE TAB START-MINUTE TAB END-MINUTE TAB NAME [TAB DAYS]` (its working hours, and
    /// its working days as a bit per ISO weekday, bit 0 Monday, or as its country's ISO 3166 code
    /// (`KR`, `SA`: `WorkingDays.forCountry`, the CLI's default); 31, Monday to Friday, without),
    /// and optionally `now TAB SECONDS` (slots starting before it are past and never ranked) and
    /// `weekly TAB START TAB WEEKS` (the same start's wall time every week, with the places whose
    /// local time moves: `MeetingPlanner.weekly`, the CLI's `--weekly`).
    static func answer(_ text: String) -> [UInt8] {
        var reference: WallClock?
        var first = 0, count = 1, length = 3600, step = 1800, limit = 5
        var planned = false
        var now: Int64?
        var weekly: (start: Int64, weeks: Int)?
        var places: [MeetingPlace] = []
        for line in text.split(separator: "\n") {
            let cells = line.split(separator: "\t", omittingEmptySubsequences: false).map { String($0) }
            let number = cells.count > 1 ? Int(cells[1]) : nil
            switch cells[0] {
            case "reference":
                guard cells.count == 2, let clock = clock(cells[1]) else { return refusalJSON(.unknownZone, "no rules for the reference zone") }
                reference = clock
            // The ranges are MeetingRequest's rules (validate), the CLI's and the kit's: only the
            // form of each line is checked here.
            case "days":
                guard cells.count == 3 || (cells.count == 4 && cells[3] == "planned"), let day = number, let days = Int(cells[2]) else {
                    return refusalJSON(.badRequest, "days: a first day and a count, and `planned` when no date was chosen")
                }
                (first, count, planned) = (day, days, cells.count == 4)
            case "length":
                guard let seconds = number else { return refusalJSON(.badRequest, "length: seconds") }
                length = seconds
            case "step":
                guard let seconds = number else { return refusalJSON(.badRequest, "step: seconds") }
                step = seconds
            case "limit":
                guard let n = number else { return refusalJSON(.badRequest, "limit: a count") }
                limit = n
            case "now":
                guard cells.count == 2, let seconds = int64(Substring(cells[1])) else { return refusalJSON(.badRequest, "now: seconds since 1970") }
                now = seconds
            case "weekly":
                guard cells.count == 3, let start = int64(Substring(cells[1])), let weeks = Int(cells[2]) else {
                    return refusalJSON(.badRequest, "weekly: a start (seconds since 1970) and a count of weeks")
                }
                weekly = (start, weeks)
            case "place":
                guard cells.count == 5 || cells.count == 6, let clock = clock(cells[1]) else {
                    return refusalJSON(.unknownZone, "no rules for a place's zone")
                }
                guard let start = Int(cells[2]), let end = Int(cells[3]), let hours = WorkingHours(start: start, end: end) else {
                    return refusalJSON(.badRequest, "a place's working hours: 0 <= start < end <= 1440 minutes")
                }
                var days = WorkingDays.mondayToFriday
                if cells.count == 6, cells[5].utf8.count == 2, cells[5].utf8.allSatisfy({ (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }) {
                    days = WorkingDays.forCountry(cells[5])
                } else if cells.count == 6 {
                    guard let mask = UInt8(cells[5]), let given = WorkingDays(mask: mask) else {
                        return refusalJSON(.badRequest, "a place's working days: 1 to 127, a bit per weekday from Monday")
                    }
                    days = given
                }
                places.append(MeetingPlace(name: cells[4], clock: clock, hours: hours, days: days))
            default:
                return refusalJSON(.badRequest, "unknown field")
            }
        }
        guard let reference else { return refusalJSON(.badRequest, "a reference zone") }
        if planned { first = MeetingPlanner.plannedDay(today: first, places: places, reference: reference.zoneID) }
        // The count is checked before the days are listed (a count of a million is refused, not built).
        do throws(MeetingRequestError) {
            try MeetingRequest.validateDays(first: first, count: count)
            let request = MeetingRequest(
                places: places, reference: reference, days: Array(first..<first + count), length: length, step: step, limit: limit,
                now: now)
            try request.validate()
            if let weekly { try MeetingRequest.validateWeeks(weekly.weeks) }
            // The plan's one wire shape, as the CLI's --json and the kit write it.
            let occurrences = weekly.map { MeetingPlanner.weekly(request, start: $0.start, weeks: $0.weeks) }
            return MeetingPlanner.plan(request).wireJSON(weekly: occurrences)
        } catch {
            return refusalJSON(error.refusal, error.message)
        }
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

    /// `MeetingRequest`'s limits, which the page plans within (`wc_plan_limits`), keys sorted:
    /// `{"days":[1,31],"length_seconds":[300,86400],"places":[1,20],"slots":[1,20],"steps_seconds":[900,1800,3600],"weeks":[1,104]}`.
    static func limits() -> [UInt8] {
        var json = JSONWriter()
        json.object { json in
            json.field("days", [MeetingRequest.dayCounts.lowerBound, MeetingRequest.dayCounts.upperBound])
            json.field("length_seconds", [MeetingRequest.lengths.lowerBound, MeetingRequest.lengths.upperBound])
            json.field("places", [MeetingRequest.placeCounts.lowerBound, MeetingRequest.placeCounts.upperBound])
            json.field("slots", [MeetingRequest.limits.lowerBound, MeetingRequest.limits.upperBound])
            json.field("steps_seconds", MeetingRequest.steps)
            json.field("weeks", [MeetingRequest.weekCounts.lowerBound, MeetingRequest.weekCounts.upperBound])
        }
        return json.bytes
    }
}
