import MeetingPlanning
import SearchEngine
package import WireCore
import WorldClockKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `GET /v1/zones/{zone}`'s body: WorldTimeAPI's `/api/timezone/{zone}` fields (same names and
/// meanings; times to the second) plus the Korean names of the catalogue's places in the zone.
struct ZoneInfo: WireWritable, Equatable {
    let abbreviation: String
    /// Local date and time with offset: "2026-07-15T08:00:00-04:00".
    let datetime: String
    /// 0 = Sunday … 6 = Saturday, as WorldTimeAPI.
    let dayOfWeek: Int
    let dayOfYear: Int
    let dst: Bool
    /// When DST began and ends (UTC), only while `dst`; else null.
    let dstFrom: String?
    let dstUntil: String?
    /// The DST part of the offset, seconds.
    let dstOffset: Int
    /// The standard offset, seconds.
    let rawOffset: Int
    /// The canonical zone id.
    let timezone: String
    /// The id the request named when it was an alias (Asia/Calcutta), else null.
    let requestedTimezone: String?
    let unixtime: Int64
    let utcDatetime: String
    let utcOffset: String
    /// The ISO 8601 week of the local date.
    let weekNumber: Int
    /// The next change of offset or DST, or null.
    let nextTransition: FeedTransition?
    /// The catalogue's places in the zone (Korean names first), in index order.
    let places: [FeedPlace]
    /// The transitions after the instant through `transitionsUntil`, in order.
    let transitions: [FeedTransition]
    /// The end of the transitions' window (UTC).
    let transitionsUntil: String
    /// The zone's POSIX TZ string, the footer of its TZif rules ("EST5EDT,M3.2.0,M11.1.0"), for
    /// devices that keep time with `TZ`; null only for rules without one.
    let posixTz: String?
    /// From this instant on (UTC) the string alone gives the rules' offset, abbreviation and DST;
    /// null when it always has. Before it a device uses `transitions`.
    let posixTzExactFrom: String?
    /// The tz release of the rules that gave the times ("2026f").
    let tzdataVersion: String
    /// The digest of the catalogue and its zones' rules (`FeedMeta.rulesDigest`): when it differs
    /// from a client's copy, the rules changed and the transitions it holds may be wrong.
    let rulesDigest: String

    init(
        time: ZoneTime, requested: String, places: [Place], transitions: [ZoneTimeline.Period], until: Date, posixTZ: String?,
        posixTZExactFrom: Date?, tzdataVersion: String, rulesDigest: String
    ) {
        self.posixTz = posixTZ
        self.posixTzExactFrom = posixTZExactFrom.map(ISO8601.utc)
        self.tzdataVersion = tzdataVersion
        self.rulesDigest = rulesDigest
        abbreviation = time.abbreviation
        datetime = ISO8601.local(time.local, offset: time.utcOffset)
        dayOfWeek = time.local.weekday % 7
        dayOfYear = time.local.dayOfYear
        dst = time.isDaylightSavingTime
        dstFrom = time.isDaylightSavingTime ? time.previousTransition.map(Self.utcWithOffset) : nil
        dstUntil = time.isDaylightSavingTime ? time.nextTransition.map { Self.utcWithOffset($0.startDate) } : nil
        dstOffset = time.daylightSavingOffset
        rawOffset = time.standardOffset
        timezone = time.zoneID
        requestedTimezone = requested == time.zoneID ? nil : requested
        unixtime = Int64(time.instant.timeIntervalSince1970.rounded(.down))
        utcDatetime = Self.utcWithOffset(time.instant)
        utcOffset = KoreanTimeFormat.isoOffset(time.utcOffset)
        weekNumber = Self.isoWeek(time.local)
        nextTransition = time.nextTransition.map(FeedTransition.init)
        self.places = places.map { FeedPlace($0, time: nil) }
        self.transitions = transitions.map(FeedTransition.init)
        transitionsUntil = ISO8601.utc(until)
    }

    /// Null fields are written as null (WorldTimeAPI does), not left out.
    func write(to json: inout JSONWriter) {
        json.object { json in
            json.field("abbreviation", abbreviation)
            json.field("datetime", datetime)
            json.field("day_of_week", dayOfWeek)
            json.field("day_of_year", dayOfYear)
            json.field("dst", dst)
            json.field("dst_from", dstFrom)
            json.field("dst_offset", dstOffset)
            json.field("dst_until", dstUntil)
            json.field("next_transition", nextTransition)
            json.field("places", places)
            json.field("posix_tz", posixTz)
            json.field("posix_tz_exact_from", posixTzExactFrom)
            json.field("raw_offset", rawOffset)
            json.field("requested_timezone", requestedTimezone)
            json.field("rules_digest", rulesDigest)
            json.field("timezone", timezone)
            json.field("transitions", transitions)
            json.field("transitions_until", transitionsUntil)
            json.field("tzdata_version", tzdataVersion)
            json.field("unixtime", unixtime)
            json.field("utc_datetime", utcDatetime)
            json.field("utc_offset", utcOffset)
            json.field("week_number", weekNumber)
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
