import SearchEngine
import WireCore

/// A change of a clock of mine coming soon, as my clocks warn of it: the place's own clocks
/// changing (summer time starting or ending, a new standard time), or the reference's, when that
/// changes how far the place is from it. One decision and one Korean line for every surface: the
/// CLI and the kit call it on TZif rules, the web module on the feed's timelines.
package struct ClockChangeNotice: Equatable, Sendable {
    /// Whose clocks change.
    package enum Cause: Equatable, Sendable {
        /// The place's own.
        case place
        /// The reference zone's, which moves the difference to the place.
        case reference
    }

    /// Whose clocks change.
    package let cause: Cause
    /// What the changing zone showed until the change.
    package let before: ZoneTimeline.Period
    /// What it shows from the change on; `after.start` is the instant of the change.
    package let after: ZoneTimeline.Period
    /// The changing zone's date and time just after the change, on its new clock.
    package let local: LocalDateTime
    /// Seconds the place is ahead of the reference until the change; nil without a reference.
    package let differenceBefore: Int?
    /// Seconds the place is ahead of the reference from the change on; nil without a reference.
    package let differenceAfter: Int?
    /// The Korean line: "3월 14일 (일)부터 뉴욕과의 시차 14시간 → 13시간 (서머타임 시작)".
    package let text: String

    /// How far ahead my clocks look: four weeks, enough to move a meeting.
    package static let days = 28

    /// The first change within `days` days after `instant` (seconds since 1970) of the place's
    /// clocks, or of the reference's where it changes the difference to the place; nil when none.
    /// The timelines must cover the window. At one instant the place's own change is told.
    package static func next(
        place: String, timeline: ZoneTimeline, referenceName: String? = nil, reference: ZoneTimeline? = nil,
        after instant: Int64, days: Int = ClockChangeNotice.days
    ) -> ClockChangeNotice? {
        all(
            place: place, timeline: timeline, referenceName: referenceName, reference: reference, after: instant,
            through: instant + Int64(days) * 86_400, limit: 1
        )
        .first
    }

    /// Every such change after `start` through `end`, in order (at most `limit`): what a calendar
    /// of my clocks' changes holds.
    package static func all(
        place: String, timeline: ZoneTimeline, referenceName: String? = nil, reference: ZoneTimeline? = nil,
        after start: Int64, through end: Int64, limit: Int = .max
    ) -> [ClockChangeNotice] {
        var starts = timeline.periods(after: start, through: end).map { ($0.start, Cause.place) }
        if let reference { starts += reference.periods(after: start, through: end).map { ($0.start, Cause.reference) } }
        starts.sort { $0.0 < $1.0 || ($0.0 == $1.0 && $0.1 == .place && $1.1 == .reference) }
        var notices: [ClockChangeNotice] = []
        for (instant, cause) in starts where notices.count < limit && notices.last?.after.start != instant {
            let placeBefore = timeline.period(at: instant - 1), placeAfter = timeline.period(at: instant)
            let differences = reference.map { reference in
                (placeBefore.utcOffset - reference.period(at: instant - 1).utcOffset, placeAfter.utcOffset - reference.period(at: instant).utcOffset)
            }
            let changing = cause == .place ? timeline : reference!
            let before = changing.period(at: instant - 1), after = changing.period(at: instant)
            // An abbreviation alone changing is no news; a reference's change that keeps the difference neither.
            guard before.utcOffset != after.utcOffset || before.isDaylightSavingTime != after.isDaylightSavingTime else { continue }
            if cause == .reference, let differences, differences.0 == differences.1 { continue }
            let local = LocalDateTime(secondsSinceEpoch: instant + Int64(after.utcOffset))
            let text = Self.text(
                place: place, changingName: cause == .place ? nil : referenceName ?? "기준 시간대", before: before, after: after, local: local,
                differences: differences)
            notices.append(
                ClockChangeNotice(
                    cause: cause, before: before, after: after, local: local, differenceBefore: differences?.0,
                    differenceAfter: differences?.1, text: text))
        }
        return notices
    }

    /// The line: the date the change holds from, then the difference to the place when it
    /// changes, what changes, and whose clocks when they are the reference's.
    static func text(
        place: String, changingName: String?, before: ZoneTimeline.Period, after: ZoneTimeline.Period, local: LocalDateTime,
        differences: (Int, Int)?
    ) -> String {
        let date = "\(local.month)월 \(local.day)일 (\(WorkingDays.names[local.weekday - 1]))부터 "
        let what: String
        switch (before.isDaylightSavingTime, after.isDaylightSavingTime) {
        case (false, true): what = "서머타임 시작"
        case (true, false): what = "서머타임 끝"
        default: what = "시간대 \(OffsetQuery.text(before.utcOffset)) → \(OffsetQuery.text(after.utcOffset))"
        }
        let whose = changingName.map { $0 + " " } ?? ""
        guard let (from, to) = differences, from != to else { return date + (changingName ?? place) + " " + what }
        return date + place + withParticle(place) + "의 시차 " + difference(from, signed: from.signum() * to.signum() != 1) + " → "
            + difference(to, signed: from.signum() * to.signum() != 1) + " (\(whose)\(what))"
    }

    /// A difference as the line says it: 14시간, 3시간 30분; with its sign (+30분, −1시간) when the
    /// place moves from ahead to behind or level, and 0 as 같은 시각.
    static func difference(_ seconds: Int, signed: Bool) -> String {
        if abs(seconds) < 60 { return "같은 시각" }
        let minutes = abs(seconds) / 60
        let length =
            minutes % 60 == 0 ? "\(minutes / 60)시간" : minutes < 60 ? "\(minutes)분" : "\(minutes / 60)시간 \(minutes % 60)분"
        return signed ? (seconds < 0 ? "\u{2212}" : "+") + length : length
    }

    /// 과 after a final consonant (뉴욕과, 런던과), 와 after a vowel (파리와); 과(와) after what is not Hangul.
    static func withParticle(_ name: String) -> String {
        guard let last = name.unicodeScalars.last, (0xAC00...0xD7A3).contains(last.value) else { return "과(와)" }
        return (last.value - 0xAC00) % 28 == 0 ? "와" : "과"
    }
}
