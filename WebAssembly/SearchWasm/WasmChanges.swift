import MeetingPlanning
import SearchEngine
import WireCore

/// The changes coming to my clocks, for the page's cards: MeetingPlanning's `ClockChangeNotice`
/// (the CLI's decision and words) over the timelines the page took from the feed.
enum WasmChanges {
    /// The first change within four weeks after `instant` (seconds since 1970) of each place, a
    /// line per field: `reference TAB ZONE TAB NAME` (optional, first), then `place TAB ZONE TAB NAME`
    /// per clock. The answer: a JSON array in the places' order, each `{"at":…,"text":…}` or
    /// `null` (no change coming, or a zone the timelines lack).
    static func answer(_ request: String, instant: Int64) -> [UInt8] {
        var reference: (name: String, timeline: ZoneTimeline)?
        var places: [(zone: String, name: String)] = []
        for line in request.split(separator: "\n") {
            let cells = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard cells.count == 3 else { continue }
            if cells[0] == "reference" {
                reference = WasmPlanner.timelines[String(cells[1])].map { (String(cells[2]), $0) }
            } else if cells[0] == "place" {
                places.append((String(cells[1]), String(cells[2])))
            }
        }
        var json = JSONWriter()
        json.array(places) { json, place in
            guard let timeline = WasmPlanner.timelines[place.zone],
                let notice = ClockChangeNotice.next(
                    place: place.name, timeline: timeline, referenceName: reference?.name, reference: reference?.timeline, after: instant)
            else { return json.raw("null") }
            json.object { json in
                json.field("at") { json in json.plainString { ISOText.appendUTC(notice.after.start, to: &$0) } }
                json.field("text", notice.text)
            }
        }
        return json.bytes
    }
}
