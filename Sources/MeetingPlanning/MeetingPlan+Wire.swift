import SearchEngine
import WireCore

/// The plan's one wire shape, which every surface writes with this one function: the web page's
/// module answers with these bytes, and the CLI's `plan --json` and the kit's `Encodable` read
/// them back to print them sorted and indented. Instants are RFC 3339 in UTC, local times RFC 3339
/// with the offset they were read at, the same text as the feed's:
///
///     {"reference":"Asia/Seoul","length_seconds":3600,"step_seconds":1800,"fits_everyone":true,
///      "places":[{"place":"서울","zone":"Asia/Seoul","hours":[540,1080],"working_days":[1,2,3,4,5]},…],
///      "slots":[{"start":"2026-12-02T00:00:00Z","end":"2026-12-02T01:00:00Z",
///                "reference_local":"2026-12-02T09:00:00+09:00","worst_minutes_outside":0,
///                "total_minutes_outside":0,"fits_everyone":true,"past":false,
///                "times":[{"place":"서울","zone":"Asia/Seoul","local":"2026-12-02T09:00:00+09:00",
///                          "utc_offset_seconds":32400,"abbreviation":"KST","band":"working",
///                          "minutes_outside":0,"day_difference":0,"weekday":3,"working_day":true},…]},…],
///      "best":[0,…],
///      "weekly":[{"week":0,"slot":{…},"shifts":[{"place":"뉴욕","minutes":60}]},…]}
///
/// `hours` are minutes after midnight (start, end); `working_days` and `weekday` ISO weekdays
/// (1 = Monday … 7 = Sunday); `best` indexes `slots`, best first; `weekly` is there only when a
/// weekly series was asked for.
extension MeetingPlan {
    /// The plan, and the weekly series when one was asked for, as compact JSON in UTF-8.
    package func wireJSON(weekly: [MeetingOccurrence]? = nil) -> [UInt8] {
        var json = JSONWriter()
        json.raw("{\"reference\":")
        json.string(referenceZoneID)
        json.raw(",\"length_seconds\":")
        json.number(length)
        json.raw(",\"step_seconds\":")
        json.number(step)
        json.raw(",\"fits_everyone\":")
        json.bool(fitsEveryone)
        json.raw(",\"places\":[")
        for index in places.indices {
            let place = places[index]
            if index > 0 { json.raw(",") }
            json.raw("{\"place\":")
            json.string(place.name)
            json.raw(",\"zone\":")
            json.string(place.clock.zoneID)
            json.raw(",\"hours\":[")
            json.number(place.hours.start)
            json.raw(",")
            json.number(place.hours.end)
            json.raw("],\"working_days\":[")
            let days = place.days.weekdays
            for day in days.indices {
                if day > 0 { json.raw(",") }
                json.number(days[day])
            }
            json.raw("]}")
        }
        json.raw("],\"slots\":[")
        for index in slots.indices {
            if index > 0 { json.raw(",") }
            write(slots[index], into: &json)
        }
        json.raw("],\"best\":[")
        for index in best.indices {
            if index > 0 { json.raw(",") }
            let start = best[index].start
            json.number(slots.firstIndex { $0.start == start } ?? -1)
        }
        json.raw("]")
        if let weekly {
            json.raw(",\"weekly\":[")
            for index in weekly.indices {
                let occurrence = weekly[index]
                if index > 0 { json.raw(",") }
                json.raw("{\"week\":")
                json.number(occurrence.week)
                json.raw(",\"slot\":")
                write(occurrence.slot, into: &json)
                json.raw(",\"shifts\":[")
                for shift in occurrence.shifts.indices {
                    if shift > 0 { json.raw(",") }
                    json.raw("{\"place\":")
                    json.string(occurrence.shifts[shift].place)
                    json.raw(",\"minutes\":")
                    json.number(occurrence.shifts[shift].minutes)
                    json.raw("}")
                }
                json.raw("]}")
            }
            json.raw("]")
        }
        json.raw("}")
        return json.bytes
    }

    /// One slot: a slot of the plan and a week of the series alike.
    private func write(_ slot: MeetingSlot, into json: inout JSONWriter) {
        json.raw("{\"start\":")
        json.plainString { ISOText.appendUTC(slot.start, to: &$0) }
        json.raw(",\"end\":")
        json.plainString { ISOText.appendUTC(slot.end, to: &$0) }
        json.raw(",\"reference_local\":")
        let offset = reference.utcOffset(at: slot.start)
        json.plainString { ISOText.appendLocal(LocalDateTime(secondsSinceEpoch: slot.start + Int64(offset)), offset: offset, to: &$0) }
        json.raw(",\"worst_minutes_outside\":")
        json.number(slot.worstMinutesOutside)
        json.raw(",\"total_minutes_outside\":")
        json.number(slot.totalMinutesOutside)
        json.raw(",\"fits_everyone\":")
        json.bool(slot.fitsEveryone)
        json.raw(",\"past\":")
        json.bool(slot.isPast)
        json.raw(",\"times\":[")
        for index in slot.times.indices {
            let time = slot.times[index]
            if index > 0 { json.raw(",") }
            json.raw("{\"place\":")
            json.string(time.place)
            json.raw(",\"zone\":")
            json.string(time.zoneID)
            json.raw(",\"local\":")
            json.plainString { ISOText.appendLocal(time.local, offset: time.utcOffset, to: &$0) }
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
            json.raw(",\"weekday\":")
            json.number(time.local.weekday)
            json.raw(",\"working_day\":")
            json.bool(time.isWorkingDay)
            json.raw("}")
        }
        json.raw("]}")
    }
}
