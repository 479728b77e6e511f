import FNV

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A meeting as an RFC 5545 calendar file that Google Calendar, Outlook and Apple Calendar import:
/// one `VEVENT` per slot, times in UTC (so no `VTIMEZONE` is needed and no calendar's own tz data
/// is trusted), a `UID` made from the places and the start (importing again updates the event),
/// `DTSTAMP`, and every place's local time in the description. Lines end in CRLF and are folded at
/// 75 octets without splitting a UTF-8 character (RFC 5545 §3.1).
public enum MeetingInvitation {
    /// The calendar text for `slots` (one event each: a weekly meeting is written week by week, so
    /// that each week's instant is the one the reference zone's rules give).
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

    /// 20261202T110000Z.
    static func basic(_ seconds: Int64) -> String {
        let t = LocalDateTime(secondsSinceEpoch: seconds)
        return "\(zeroPadded(t.year, width: 4))\(zeroPadded(t.month, width: 2))\(zeroPadded(t.day, width: 2))T"
            + "\(zeroPadded(t.hour, width: 2))\(zeroPadded(t.minute, width: 2))\(zeroPadded(t.second, width: 2))Z"
    }

    /// TEXT escaping (§3.3.11): backslash, semicolon, comma, and newlines as `\n`.
    static func escaped(_ text: String) -> String {
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
    static func folded(_ line: String) -> String {
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
