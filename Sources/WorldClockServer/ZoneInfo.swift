import MeetingPlanning
import SearchEngine
internal import WireCore
import WorldClockKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `GET /v1/zones/{zone}`'s body: WorldTimeAPI's `/api/timezone/{zone}` fields (same names and
/// meanings; times to the second) plus the Korean names of the catalogue's places in the zone.
struct ZoneInfo: WireWritable {
    /// The zone's time at the instant asked for, which every WorldTimeAPI field is written from.
    let time: ZoneTime
    /// The id the request named: written as `requested_timezone` when it was an alias (Asia/Calcutta).
    let requested: String
    /// The catalogue's places in the zone, in index order.
    let places: [Place]
    /// The transitions after the instant through `until`, in order.
    let transitions: [ZoneTimeline.Period]
    /// The end of the transitions' window.
    let until: Date
    /// The zone's POSIX TZ string, the footer of its TZif rules ("EST5EDT,M3.2.0,M11.1.0"), for
    /// devices that keep time with `TZ`; null only for rules without one.
    let posixTZ: String?
    /// From this instant on the string alone gives the rules' offset, abbreviation and DST; null
    /// when it always has. Before it a device uses `transitions`.
    let posixTZExactFrom: Date?
    /// The tz release of the rules that gave the times ("2026f").
    let tzdataVersion: String
    /// The digest of the catalogue and its zones' rules (`FeedMeta.rulesDigest`): when it differs
    /// from a client's copy, the rules changed and the transitions it holds may be wrong.
    let rulesDigest: String

    /// Null fields are written as null (WorldTimeAPI does), not left out. `dst_from` and
    /// `dst_until` (UTC) say when DST began and ends, only while it is in force.
    func write(to json: inout JSONWriter) {
        let dst = time.isDaylightSavingTime
        json.object { json in
            json.field("abbreviation", time.abbreviation)
            json.field("datetime", ISO8601.local(time.local, offset: time.utcOffset))
            // 0 = Sunday … 6 = Saturday, as WorldTimeAPI.
            json.field("day_of_week", time.local.weekday % 7)
            json.field("day_of_year", time.local.dayOfYear)
            json.field("dst", dst)
            json.field("dst_from", dst ? time.previousTransition.map(Self.utcWithOffset) : nil)
            json.field("dst_offset", time.daylightSavingOffset)
            json.field("dst_until", dst ? time.nextTransition.map { Self.utcWithOffset($0.startDate) } : nil)
            json.field("next_transition", time.nextTransition.map(FeedTransition.init))
            json.field("places", places.map { FeedPlace($0, time: nil) })
            json.field("posix_tz", posixTZ)
            json.field("posix_tz_exact_from", posixTZExactFrom.map(ISO8601.utc))
            json.field("raw_offset", time.standardOffset)
            json.field("requested_timezone", requested == time.zoneID ? nil : requested)
            json.field("rules_digest", rulesDigest)
            json.field("timezone", time.zoneID)
            json.field("transitions", transitions.map(FeedTransition.init))
            json.field("transitions_until", ISO8601.utc(until))
            json.field("tzdata_version", tzdataVersion)
            json.field("unixtime", Int64(time.instant.timeIntervalSince1970.rounded(.down)))
            json.field("utc_datetime", Self.utcWithOffset(time.instant))
            json.field("utc_offset", KoreanTimeFormat.isoOffset(time.utcOffset))
            json.field("week_number", Self.isoWeek(time.local))
        }
    }

    /// "2026-07-15T12:00:00+00:00", WorldTimeAPI's form of a UTC time.
    static func utcWithOffset(_ instant: Date) -> String {
        String(ISO8601.utc(instant).dropLast()) + "+00:00"
    }

    /// The ISO 8601 week number (1…53) of a local date: weeks start on Monday and week 1 holds
    /// the year's first Thursday.
    static func isoWeek(_ local: LocalDateTime) -> Int {
        let week = (local.dayOfYear - local.weekday + 10) / 7
        if week < 1 { return weeksInYear(local.year - 1) }
        if week > weeksInYear(local.year) { return 1 }
        return week
    }

    /// 53 when the year starts on a Thursday, or is a leap year starting on a Wednesday.
    static func weeksInYear(_ year: Int) -> Int {
        func p(_ y: Int) -> Int { ((y + floorDiv(y, 4) - floorDiv(y, 100) + floorDiv(y, 400)) % 7 + 7) % 7 }
        return p(year) == 4 || p(year - 1) == 3 ? 53 : 52
    }

    private static func floorDiv(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : -((-a + b - 1) / b) }
}
