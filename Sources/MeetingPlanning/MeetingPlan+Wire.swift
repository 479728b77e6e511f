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
        json.object { json in
            json.field("best", best.map { best in slots.firstIndex { $0.start == best.start } ?? -1 })
            json.field("fits_everyone", fitsEveryone)
            json.field("length_seconds", length)
            json.field("places") { json in
                json.array(places) { json, place in
                    json.object { json in
                        json.field("hours", [place.hours.start, place.hours.end])
                        json.field("place", place.name)
                        json.field("working_days", place.days.weekdays)
                        json.field("zone", place.clock.zoneID)
                    }
                }
            }
            json.field("reference", referenceZoneID)
            json.field("slots") { json in json.array(slots) { write($1, into: &$0) } }
            json.field("step_seconds", step)
            guard let weekly else { return }
            json.field("weekly") { json in
                json.array(weekly) { json, occurrence in
                    json.object { json in
                        json.field("shifts") { json in
                            json.array(occurrence.shifts) { json, shift in
                                json.object { json in
                                    json.field("minutes", shift.minutes)
                                    json.field("place", shift.place)
                                }
                            }
                        }
                        json.field("slot") { write(occurrence.slot, into: &$0) }
                        json.field("week", occurrence.week)
                    }
                }
            }
        }
        return json.bytes
    }

    /// One slot: a slot of the plan and a week of the series alike.
    private func write(_ slot: MeetingSlot, into json: inout JSONWriter) {
        let offset = reference.utcOffset(at: slot.start)
        json.object { json in
            json.field("end") { $0.plainString { ISOText.appendUTC(slot.end, to: &$0) } }
            json.field("fits_everyone", slot.fitsEveryone)
            json.field("past", slot.isPast)
            json.field("reference_local") { json in
                json.plainString { ISOText.appendLocal(LocalDateTime(secondsSinceEpoch: slot.start + Int64(offset)), offset: offset, to: &$0) }
            }
            json.field("start") { $0.plainString { ISOText.appendUTC(slot.start, to: &$0) } }
            json.field("times") { json in
                json.array(slot.times) { json, time in
                    json.object { json in
                        json.field("abbreviation", time.abbreviation)
                        json.field("band", time.band.rawValue)
                        json.field("day_difference", time.dayDifference)
                        json.field("local") { $0.plainString { ISOText.appendLocal(time.local, offset: time.utcOffset, to: &$0) } }
                        json.field("minutes_outside", time.minutesOutside)
                        json.field("place", time.place)
                        json.field("utc_offset_seconds", time.utcOffset)
                        json.field("weekday", time.local.weekday)
                        json.field("working_day", time.isWorkingDay)
                        json.field("zone", time.zoneID)
                    }
                }
            }
            json.field("total_minutes_outside", slot.totalMinutesOutside)
            json.field("worst_minutes_outside", slot.worstMinutesOutside)
        }
    }
}
