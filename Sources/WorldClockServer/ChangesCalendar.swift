import WorldClockKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The changes of clocks as an iCalendar (RFC 5545) file a calendar app subscribes to:
/// `/v1/zones/{zone}/changes.ics` (one zone's own changes) and `/v1/changes.ics?zones=…&from=…`
/// (my clocks' changes as the reference sees them), written as `plan --ics` writes its invitations
/// (`MeetingInvitation`'s escaping and folding). One event per change in the next two years:
/// at the change's UTC instant, its Korean line as the summary (`UpcomingChange.text`, the words of
/// my clocks), a `UID` made of the zones and the instant (the same change keeps it from file to
/// file), and a `SEQUENCE` made from the tzdata release, which rises with every release, so a
/// calendar app replaces an event whose time new rules moved.
enum ChangesCalendar {
    /// How far ahead the calendar looks: two years.
    static let days = 730

    /// One clock of the calendar: its name in the lines, and its clock.
    struct Clock: Sendable {
        let name: String
        let clock: ZoneClock
    }

    /// The calendar of `clocks`' changes after `instant` (and, with `reference`, of the
    /// reference's that move a difference), named `title`.
    static func ics(
        title: String, clocks: [Clock], reference: Clock?, at instant: Date, tzdataVersion: String, days: Int = ChangesCalendar.days
    ) -> Data {
        let end = instant.addingTimeInterval(Double(days) * 86_400)
        let sequence = Self.sequence(tzdataVersion)
        // Stable within a day: DTSTAMP is the day the window starts (UTC).
        let stamp = MeetingInvitation.basic(Int64((instant.timeIntervalSince1970 / 86_400).rounded(.down)) * 86_400)
        var lines = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//worldclock//clock changes//KO", "CALSCALE:GREGORIAN", "METHOD:PUBLISH",
            "X-WR-CALNAME:" + MeetingInvitation.escaped(title),
            "X-WR-CALDESC:" + MeetingInvitation.escaped("tzdata \(tzdataVersion)에 따른 시각 변경 (worldclock)"),
            "REFRESH-INTERVAL;VALUE=DURATION:P1D", "X-PUBLISHED-TTL:P1D",
        ]
        var events: [(instant: Int64, lines: [String])] = []
        for clock in clocks {
            let changes = clock.clock.upcomingChanges(
                named: clock.name, after: instant, through: end, referenceName: reference?.name, reference: reference?.clock)
            for change in changes {
                let seconds = Int64(change.date.timeIntervalSince1970)
                let uid =
                    MeetingInvitation.basic(seconds) + "-" + clock.clock.zoneID + (reference.map { "-from-" + $0.clock.zoneID } ?? "") + "@worldclock"
                let description =
                    "\(change.zoneID): \(change.abbreviationBefore) (\(KoreanTimeFormat.isoOffset(change.utcOffsetBeforeSeconds))) → "
                    + "\(change.abbreviationAfter) (\(KoreanTimeFormat.isoOffset(change.utcOffsetAfterSeconds))), \(change.at)"
                events.append(
                    (
                        seconds,
                        [
                            "BEGIN:VEVENT", "UID:" + MeetingInvitation.escaped(uid), "DTSTAMP:" + stamp,
                            "DTSTART:" + MeetingInvitation.basic(seconds),
                            "SEQUENCE:\(sequence)", "SUMMARY:" + MeetingInvitation.escaped(change.text),
                            "DESCRIPTION:" + MeetingInvitation.escaped(description),
                            "TRANSP:TRANSPARENT", "END:VEVENT",
                        ]
                    ))
            }
        }
        for event in events.sorted(by: { $0.instant < $1.instant }) { lines += event.lines }
        lines.append("END:VCALENDAR")
        return Data(lines.map(MeetingInvitation.folded).joined().utf8)
    }

    /// The `SEQUENCE` of tzdata `version` ("2026f"): ascending with the releases
    /// ((year − 1970) × 100 + the letter's rank), 0 when unknown.
    static func sequence(_ version: String) -> Int {
        let digits = version.prefix { $0.isASCII && $0.isNumber }
        guard digits.count == 4, let year = Int(digits), year >= 1970 else { return 0 }
        let rank = version.dropFirst(4).unicodeScalars.reduce(0) { $0 * 26 + Int($1.value) - 96 }
        return (year - 1970) * 100 + min(max(rank, 0), 99)
    }
}
