#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// The planner's answers as the CLI's `plan --json` prints them (the planner itself, in
// MeetingPlanning, is Foundation-free for the web module).

extension MeetingSlot: Encodable {
    private enum CodingKeys: String, CodingKey {
        case start, end, places, past
        case worstMinutesOutside = "worst_minutes_outside"
        case totalMinutesOutside = "total_minutes_outside"
        case fitsEveryone = "fits_everyone"
    }

    /// Instants in UTC (`2026-12-02T11:00:00Z`), then each place's clock and the scores.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(ISO8601.utc(Date(timeIntervalSince1970: TimeInterval(start))), forKey: .start)
        try container.encode(ISO8601.utc(Date(timeIntervalSince1970: TimeInterval(end))), forKey: .end)
        try container.encode(times, forKey: .places)
        try container.encode(worstMinutesOutside, forKey: .worstMinutesOutside)
        try container.encode(totalMinutesOutside, forKey: .totalMinutesOutside)
        try container.encode(fitsEveryone, forKey: .fitsEveryone)
        try container.encode(isPast, forKey: .past)
    }
}

extension MeetingLocalTime: Encodable {
    private enum CodingKeys: String, CodingKey {
        case place, zone, local, abbreviation, band
        case minutesOutside = "minutes_outside"
        case dayDifference = "day_difference"
        case weekday
        case workingDay = "working_day"
    }

    /// `{"place":"뉴욕","zone":"America/New_York","local":"2026-12-02T06:00:00-05:00",…}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(place, forKey: .place)
        try container.encode(zoneID, forKey: .zone)
        try container.encode(ISO8601.local(local, offset: utcOffset), forKey: .local)
        try container.encode(abbreviation, forKey: .abbreviation)
        try container.encode(band, forKey: .band)
        try container.encode(minutesOutside, forKey: .minutesOutside)
        try container.encode(dayDifference, forKey: .dayDifference)
        try container.encode(local.weekday, forKey: .weekday)
        try container.encode(isWorkingDay, forKey: .workingDay)
    }
}

extension MeetingPlan: Encodable {
    private enum CodingKeys: String, CodingKey {
        case referenceZoneID = "reference", length = "length_seconds", step = "step_seconds", slots, best
        case fitsEveryone = "fits_everyone"
    }

    /// The plan as the CLI's `--json` prints it.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(referenceZoneID, forKey: .referenceZoneID)
        try container.encode(length, forKey: .length)
        try container.encode(step, forKey: .step)
        try container.encode(slots, forKey: .slots)
        try container.encode(best, forKey: .best)
        try container.encode(fitsEveryone, forKey: .fitsEveryone)
    }
}

extension MeetingOccurrence: Encodable {
    private enum CodingKeys: String, CodingKey { case week, slot, shifts }

    /// `{"week":1,"slot":{…},"shifts":[{"place":"뉴욕","minutes":60}]}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(week, forKey: .week)
        try container.encode(slot, forKey: .slot)
        try container.encode(shifts, forKey: .shifts)
    }
}

extension MeetingOccurrence.Shift: Encodable {
    private enum CodingKeys: String, CodingKey { case place, minutes }

    /// `{"place":"뉴욕","minutes":60}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(place, forKey: .place)
        try container.encode(minutes, forKey: .minutes)
    }
}

/// `"working"`, `"waking"`, `"night"`.
extension DayBand: Encodable {}
