import FNV
public import MeetingPlanning
import WireCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A meeting as an RFC 5545 calendar file that Google Calendar, Outlook and Apple Calendar import:
/// one `VEVENT` per slot, times in UTC (so no `VTIMEZONE` is needed and no calendar's own tz data
/// is trusted), or a weekly series as one event with an `RRULE` on the organizer's clock and its
/// `VTIMEZONE` from the TZif rules (`weekly(_:organizer:summary:stamp:)`), a `UID` made from the places and the start
/// (importing again updates the event), `DTSTAMP`, and every place's local time in the description. Lines end in CRLF and are folded at
/// 75 octets without splitting a UTF-8 character (RFC 5545 §3.1).
public enum MeetingInvitation {
    /// The calendar text for `slots`, one event each (a weekly meeting is one event: `weekly`).
    /// - Parameters:
    ///   - slots: the meetings, one event each.
    ///   - summary: the event's title.
    ///   - stamp: when the file is written (`DTSTAMP`), seconds since 1970.
    public static func calendar(_ slots: [MeetingSlot], summary: String, stamp: Int64) -> String {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//worldclock//meeting planner//KO", "CALSCALE:GREGORIAN", "METHOD:PUBLISH"]
        for slot in slots {
            let places = slot.times.map {
                "\($0.place) \(KoreanTimeFormat.date($0.local)) \(KoreanTimeFormat.time($0.local, style: .twentyFourHour)) \($0.abbreviation)"
            }
            let identity = slot.times.map(\.zoneID).joined(separator: ",") + "@" + String(slot.start)
            lines += [
                "BEGIN:VEVENT",
                "UID:\(uidDigest(identity))-\(basic(slot.start))@worldclock",
                "DTSTAMP:\(basic(stamp))",
                "DTSTART:\(basic(slot.start))",
                "DTEND:\(basic(slot.end))",
                "SUMMARY:\(escaped(summary))",
                "DESCRIPTION:\(escaped(places.joined(separator: "\n")))",
                "END:VEVENT",
            ]
        }
        lines.append("END:VCALENDAR")
        return lines.map(folded).joined()
    }

    /// A weekly meeting as one event that calendars repeat themselves: `DTSTART` and `DTEND` on
    /// the organizer's wall clock (`TZID`), `RRULE:FREQ=WEEKLY;COUNT=N`, and a `VTIMEZONE` for that
    /// zone built from its TZif rules (never Foundation's): the observance in force at the first
    /// meeting and every transition until the last, so that a calendar follows the organizer's DST
    /// without its own tz data. A wall time a jump skips is read, as RFC 5545 says, with the offset
    /// before the jump: the planner's `weekly` does the same, so each occurrence is its instant.
    /// - Parameters:
    ///   - occurrences: the planner's weekly meetings (`MeetingPlanner.weekly`), first week first.
    ///   - organizer: the reference zone, whose wall clock the series keeps.
    ///   - summary: the event's title.
    ///   - stamp: when the file is written (`DTSTAMP`), seconds since 1970.
    public static func weekly(_ occurrences: [MeetingSlot], organizer: ZoneClock, summary: String, stamp: Int64) -> String {
        guard let first = occurrences.first, let last = occurrences.last else { return calendar([], summary: summary, stamp: stamp) }
        let clock = organizer.wallClock
        let zone = organizer.zoneID
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//worldclock//meeting planner//KO", "CALSCALE:GREGORIAN", "METHOD:PUBLISH"]
        lines += timeZone(organizer, from: first.start, through: last.end)
        let start = clock.local(at: first.start)
        let places = first.times.map {
            "\($0.place) \(KoreanTimeFormat.date($0.local)) \(KoreanTimeFormat.time($0.local, style: .twentyFourHour)) \($0.abbreviation)"
        }
        let rule =
            """
            매주 \(KoreanTimeFormat.weekdays[start.weekday - 1])요일 \(KoreanTimeFormat.time(start, style: .twentyFourHour)) (\(zone)), \
            \(occurrences.count)주
            """
        // A week in which a place's clock has moved (its DST, or the organizer's) says everyone's
        // times from then on: the first week's alone would be wrong for the rest.
        var changes: [String] = []
        for (previous, occurrence) in zip(occurrences, occurrences.dropFirst()) {
            func reading(_ slot: MeetingSlot) -> [String] {
                slot.times.map { "\($0.local.weekday) \(KoreanTimeFormat.time($0.local, style: .twentyFourHour)) \($0.abbreviation)" }
            }
            guard reading(previous) != reading(occurrence) else { continue }
            let times = occurrence.times.map {
                "\($0.place) \(KoreanTimeFormat.date($0.local)) \(KoreanTimeFormat.time($0.local, style: .twentyFourHour)) \($0.abbreviation)"
            }
            changes.append("\(KoreanTimeFormat.date(clock.local(at: occurrence.start)))부터: " + times.joined(separator: ", "))
        }
        let identity = first.times.map(\.zoneID).joined(separator: ",") + "@" + String(first.start) + "/weekly"
        lines += [
            "BEGIN:VEVENT",
            "UID:\(uidDigest(identity))-\(basic(first.start))@worldclock",
            "DTSTAMP:\(basic(stamp))",
            "DTSTART;TZID=\(zone):\(wall(start))",
            "DTEND;TZID=\(zone):\(wall(clock.local(at: first.end)))",
            "RRULE:FREQ=WEEKLY;COUNT=\(occurrences.count)",
            "SUMMARY:\(escaped(summary))",
            "DESCRIPTION:\(escaped(([rule] + places + changes).joined(separator: "\n")))",
            "END:VEVENT",
            "END:VCALENDAR",
        ]
        return lines.map(folded).joined()
    }

    /// The `VTIMEZONE` of `clock` from `start` through `end`: the observance in force at `start`
    /// (from the transition that began it, or 1970 for a zone without one), then one per
    /// transition, each `DTSTART` the wall time it happens at on the clock before it.
    static func timeZone(_ clock: ZoneClock, from start: Int64, through end: Int64) -> [String] {
        func date(_ seconds: Int64) -> Date { Date(timeIntervalSince1970: TimeInterval(seconds)) }
        let now = clock.time(at: date(start))
        var lines = ["BEGIN:VTIMEZONE", "TZID:\(clock.zoneID)"]
        func observance(at instant: Int64?, before: Int, after: Int, daylight: Bool, abbreviation: String) {
            let kind = daylight ? "DAYLIGHT" : "STANDARD"
            let onset = instant.map { LocalDateTime(secondsSinceEpoch: $0 + Int64(before)) } ?? LocalDateTime(secondsSinceEpoch: 0)
            lines += [
                "BEGIN:\(kind)", "DTSTART:\(wall(onset))", "TZOFFSETFROM:\(offset(before))", "TZOFFSETTO:\(offset(after))",
                "TZNAME:\(escaped(abbreviation))", "END:\(kind)",
            ]
        }
        let began = now.previousTransition.map { Int64($0.timeIntervalSince1970) }
        observance(
            at: began, before: began.map { clock.utcOffset(at: date($0 - 1)) } ?? now.utcOffset, after: now.utcOffset,
            daylight: now.isDaylightSavingTime, abbreviation: now.abbreviation)
        var before = now.utcOffset
        for transition in clock.transitions(after: date(start), through: date(end)) {
            observance(
                at: transition.start, before: before, after: transition.utcOffset, daylight: transition.isDaylightSavingTime,
                abbreviation: transition.abbreviation)
            before = transition.utcOffset
        }
        return lines + ["END:VTIMEZONE"]
    }

    /// 20261202T200000: a wall-clock DATE-TIME, no zone.
    static func wall(_ t: LocalDateTime) -> String { ISOText.basic(t) }

    /// +0900, -0500, +0530, or with seconds (+082752) when the offset has them (RFC 5545 utc-offset).
    static func offset(_ seconds: Int) -> String {
        let magnitude = abs(seconds)
        let text = "\(zeroPadded(magnitude / 3600, width: 2))\(zeroPadded(magnitude % 3600 / 60, width: 2))"
        return (seconds < 0 ? "-" : "+") + text + (magnitude % 60 == 0 ? "" : zeroPadded(magnitude % 60, width: 2))
    }

    /// 20261202T110000Z.
    package static func basic(_ seconds: Int64) -> String { ISOText.basic(LocalDateTime(secondsSinceEpoch: seconds)) + "Z" }

    /// TEXT escaping (§3.3.11): backslash, semicolon, comma, and newlines as `\n`.
    package static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "\\": result += "\\\\"
            case ";": result += "\\;"
            case ",": result += "\\,"
            case "\n", "\r\n", "\r": result += "\\n"
            default: result.append(character)
            }
        }
        return result
    }

    /// One content line, CRLF-terminated, folded so that no line exceeds 75 octets: a break goes
    /// before a UTF-8 lead byte, and each continuation starts with a space.
    package static func folded(_ line: String) -> String {
        var result: [UInt8] = []
        var count = 0
        for byte in line.utf8 {
            let isLead = byte & 0xC0 != 0x80
            if isLead, count + utf8Length(byte) > 75 {
                result += [0x0D, 0x0A, 0x20]
                count = 1
            }
            result.append(byte)
            count += 1
        }
        return String(decoding: result + [0x0D, 0x0A], as: UTF8.self)
    }

    private static func utf8Length(_ lead: UInt8) -> Int { lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4 }

    private static func uidDigest(_ text: String) -> String { FNV1a.hex(text.utf8) }
}
