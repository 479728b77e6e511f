import SearchEngine
import WireCore

/// The plan's one wire shape, which every surface writes with this one function: the web page's
/// module answers with these bytes, and the CLI's `plan --json` indents them (`JSONWriter.pretty`).
/// Keys are sorted, as the feed's are. Instants are RFC 3339 in UTC, local times RFC 3339 with the
/// offset they were read at, the same text as the feed's:
///
///     {"best":[0,…],"fits_everyone":true,"length_seconds":3600,
///      "places":[{"hours":[540,1080],"place":"서울","working_days":[1,2,3,4,5],"zone":"Asia/Seoul"},…],
///      "reference":"Asia/Seoul",
///      "slots":[{"end":"2026-12-02T01:00:00Z","fits_everyone":true,"past":false,
///                "reference_local":"2026-12-02T09:00:00+09:00","start":"2026-12-02T00:00:00Z",
///                "times":[{"abbreviation":"KST","band":"working","day_difference":0,
///                          "local":"2026-12-02T09:00:00+09:00","minutes_outside":0,"place":"서울",
///                          "utc_offset_seconds":32400,"weekday":3,"working_day":true,"zone":"Asia/Seoul"},…],
///                "total_minutes_outside":0,"worst_minutes_outside":0},…],
///      "step_seconds":1800,
///      "weekly":[{"shifts":[{"minutes":60,"place":"뉴욕"}],"slot":{…},"week":0},…]}
///
/// `hours` are minutes after midnight (start, end); `working_days` and `weekday` ISO weekdays
/// (1 = Monday … 7 = Sunday); `best` indexes `slots`, best first; `weekly` is there only when a
/// weekly series was asked for.
extension MeetingPlan {
    /// The plan, and the weekly series when one was asked for, as compact JSON in UTF-8.
    package func wireJSON(weekly: [MeetingOccurrence]? = nil) -> [UInt8] {
        var json = JSONWriter()
        json.raw("{\"best\":[")
        for index in best.indices {
            if index > 0 { json.raw(",") }
            let start = best[index].start
            json.number(slots.firstIndex { $0.start == start } ?? -1)
        }
        json.raw("],\"fits_everyone\":")
        json.bool(fitsEveryone)
        json.raw(",\"length_seconds\":")
        json.number(length)
        json.raw(",\"places\":[")
        for index in places.indices {
            let place = places[index]
            if index > 0 { json.raw(",") }
            json.raw("{\"hours\":[")
            json.number(place.hours.start)
            json.raw(",")
            json.number(place.hours.end)
            json.raw("],\"place\":")
            json.string(place.name)
            json.raw(",\"working_days\":[")
            let days = place.days.weekdays
            for day in days.indices {
                if day > 0 { json.raw(",") }
                json.number(days[day])
            }
            json.raw("],\"zone\":")
            json.string(place.clock.zoneID)
            json.raw("}")
        }
        json.raw("],\"reference\":")
        json.string(referenceZoneID)
        json.raw(",\"slots\":[")
        for index in slots.indices {
            if index > 0 { json.raw(",") }
            write(slots[index], into: &json)
        }
        json.raw("],\"step_seconds\":")
        json.number(step)
        if let weekly {
            json.raw(",\"weekly\":[")
            for index in weekly.indices {
                let occurrence = weekly[index]
                if index > 0 { json.raw(",") }
                json.raw("{\"shifts\":[")
                for shift in occurrence.shifts.indices {
                    if shift > 0 { json.raw(",") }
                    json.raw("{\"minutes\":")
                    json.number(occurrence.shifts[shift].minutes)
                    json.raw(",\"place\":")
                    json.string(occurrence.shifts[shift].place)
                    json.raw("}")
                }
                json.raw("],\"slot\":")
                write(occurrence.slot, into: &json)
                json.raw(",\"week\":")
                json.number(occurrence.week)
                json.raw("}")
            }
            json.raw("]")
        }
        json.raw("}")
        return json.bytes
    }

    /// One slot: a slot of the plan and a week of the series alike.
    private func write(_ slot: MeetingSlot, into json: inout JSONWriter) {
        json.raw("{\"end\":")
        json.plainString { ISOText.appendUTC(slot.end, to: &$0) }
        json.raw(",\"fits_everyone\":")
        json.bool(slot.fitsEveryone)
        json.raw(",\"past\":")
        json.bool(slot.isPast)
        json.raw(",\"reference_local\":")
        let offset = reference.utcOffset(at: slot.start)
        json.plainString { ISOText.appendLocal(LocalDateTime(secondsSinceEpoch: slot.start + Int64(offset)), offset: offset, to: &$0) }
        json.raw(",\"start\":")
        json.plainString { ISOText.appendUTC(slot.start, to: &$0) }
        json.raw(",\"times\":[")
        for index in slot.times.indices {
            let time = slot.times[index]
            if index > 0 { json.raw(",") }
            json.raw("{\"abbreviation\":")
            json.string(time.abbreviation)
            json.raw(",\"band\":")
            json.string(time.band.rawValue)
            json.raw(",\"day_difference\":")
            json.number(time.dayDifference)
            json.raw(",\"local\":")
            json.plainString { ISOText.appendLocal(time.local, offset: time.utcOffset, to: &$0) }
            json.raw(",\"minutes_outside\":")
            json.number(time.minutesOutside)
            json.raw(",\"place\":")
            json.string(time.place)
            json.raw(",\"utc_offset_seconds\":")
            json.number(time.utcOffset)
            json.raw(",\"weekday\":")
            json.number(time.local.weekday)
            json.raw(",\"working_day\":")
            json.bool(time.isWorkingDay)
            json.raw(",\"zone\":")
            json.string(time.zoneID)
            json.raw("}")
        }
        json.raw("],\"total_minutes_outside\":")
        json.number(slot.totalMinutesOutside)
        json.raw(",\"worst_minutes_outside\":")
        json.number(slot.worstMinutesOutside)
        json.raw("}")
    }
}
