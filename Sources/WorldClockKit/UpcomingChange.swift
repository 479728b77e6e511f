import MeetingPlanning
import SearchEngine
import TimeZoneRules
import WireCore

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// A change coming to one of my clocks within a few weeks, as data and as the Korean line the CLI,
/// the web page and an app show: the place's own clocks changing (summer time starting or ending,
/// a new standard time), or the reference zone's, when that moves the difference to the place.
/// Made by `ZoneClock.upcomingChange(named:after:referenceName:reference:days:)`; in `--json` it is
/// a place's `upcoming_change`.
public struct UpcomingChange: Codable, Equatable, Sendable {
    /// When the change happens (UTC, ISO 8601).
    public let at: String
    /// Whose clocks change: "place" or "reference".
    public let cause: String
    /// The zone whose clocks change.
    public let zoneID: String
    /// The changing zone's local date from which the change holds ("2027-03-14").
    public let localDate: String
    /// The changing zone's offset from UTC until the change, seconds, DST included.
    public let utcOffsetBeforeSeconds: Int
    /// The changing zone's offset from UTC from the change on, seconds, DST included.
    public let utcOffsetAfterSeconds: Int
    /// Its abbreviation until the change (EST).
    public let abbreviationBefore: String
    /// Its abbreviation from the change on (EDT).
    public let abbreviationAfter: String
    /// Whether daylight saving time is in effect until the change.
    public let dstBefore: Bool
    /// Whether daylight saving time is in effect from the change on.
    public let dstAfter: Bool
    /// Seconds the place is ahead of the reference until the change; nil without a reference.
    public let offsetDifferenceBeforeSeconds: Int?
    /// Seconds the place is ahead of the reference from the change on; nil without a reference.
    public let offsetDifferenceAfterSeconds: Int?
    /// The Korean line: "3월 14일 (일)부터 뉴욕과의 시차 14시간 → 13시간 (서머타임 시작)".
    public let text: String

    enum CodingKeys: String, CodingKey {
        case at, cause, zoneID = "zone", localDate = "local_date", utcOffsetBeforeSeconds = "utc_offset_before_seconds"
        case utcOffsetAfterSeconds = "utc_offset_after_seconds", abbreviationBefore = "abbreviation_before"
        case abbreviationAfter = "abbreviation_after", dstBefore = "dst_before", dstAfter = "dst_after"
        case offsetDifferenceBeforeSeconds = "offset_difference_before_seconds"
        case offsetDifferenceAfterSeconds = "offset_difference_after_seconds", text
    }

    /// How many days ahead my clocks look by default: four weeks.
    @usableFromInline package static let defaultDays = ClockChangeNotice.days

    init(_ notice: ClockChangeNotice, zoneID: String) {
        at = ISO8601.utc(Date(timeIntervalSince1970: Double(notice.after.start)))
        cause = notice.cause == .place ? "place" : "reference"
        self.zoneID = zoneID
        localDate = String(ISOText.local(notice.local, offset: 0).prefix(10))
        utcOffsetBeforeSeconds = notice.before.utcOffset
        utcOffsetAfterSeconds = notice.after.utcOffset
        abbreviationBefore = notice.before.abbreviation
        abbreviationAfter = notice.after.abbreviation
        dstBefore = notice.before.isDaylightSavingTime
        dstAfter = notice.after.isDaylightSavingTime
        offsetDifferenceBeforeSeconds = notice.differenceBefore
        offsetDifferenceAfterSeconds = notice.differenceAfter
        text = notice.text
    }

    /// When the change happens.
    public var date: Date { Date(timeIntervalSince1970: Double((try? ISO8601.parseSeconds(at)) ?? 0)) }
}

extension ZoneClock {
    /// The first change within `days` days after `instant` of this zone's clocks, or of
    /// `reference`'s where it moves the difference to this place; nil when none is coming.
    /// - Parameters:
    ///   - name: the place as the line names it (뉴욕).
    ///   - instant: where the window starts (now, or `--at`'s instant).
    ///   - referenceName: the reference as the line names it (서울), when it is the one changing.
    ///   - reference: the reference zone's clock; nil for no difference in the line.
    ///   - days: how far ahead to look; four weeks by default.
    public func upcomingChange(
        named name: String, after instant: Date, referenceName: String? = nil, reference: ZoneClock? = nil,
        days: Int = UpcomingChange.defaultDays
    ) -> UpcomingChange? {
        let start = ZoneRules.seconds(instant), end = start + Int64(days) * 86_400
        let notice = ClockChangeNotice.next(
            place: name, timeline: timeline(from: start, through: end), referenceName: referenceName,
            reference: reference?.timeline(from: start, through: end), after: start, days: days)
        return notice.map { UpcomingChange($0, zoneID: $0.cause == .place ? zoneID : reference?.zoneID ?? zoneID) }
    }
}

extension ZoneClock {
    /// Every change after `instant` through `end` of this zone's clocks, or of `reference`'s where
    /// it moves the difference to this place, in order: what a calendar of changes holds
    /// (`/v1/zones/{zone}/changes.ics`, `/v1/changes.ics`).
    package func upcomingChanges(
        named name: String, after instant: Date, through end: Date, referenceName: String? = nil, reference: ZoneClock? = nil
    ) -> [UpcomingChange] {
        let start = ZoneRules.seconds(instant), last = ZoneRules.seconds(end)
        let notices = ClockChangeNotice.all(
            place: name, timeline: timeline(from: start, through: last), referenceName: referenceName,
            reference: reference?.timeline(from: start, through: last), after: start, through: last)
        return notices.map { UpcomingChange($0, zoneID: $0.cause == .place ? zoneID : reference?.zoneID ?? zoneID) }
    }
}
