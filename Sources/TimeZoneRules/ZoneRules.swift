#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a zone's clocks show during one stretch of time: the offset, the part of it that is
/// daylight saving time, and tz's abbreviation. The source's own value, as `ZoneRules` reads it
/// from TZif: it keeps the standard offset (DST's amount, negative DST turned round), which no
/// other layer needs, and this module sees no other (SearchEngine's `ZoneTimeline.Period`, the
/// value every layer above asks, is made from it).
package struct ZonePeriod: Sendable, Hashable {
    /// Seconds east of UT, DST included.
    public let utcOffset: Int
    /// The offset without daylight saving time, as a user reads it (see `ZoneRules` on negative DST).
    public let standardOffset: Int
    /// tz's abbreviation: KST, EDT, CEST, IST, or "+05" where tz has none.
    public let abbreviation: String

    /// The part of `utcOffset` that is daylight saving time (3600 for an hour of summer time).
    public var daylightSavingOffset: Int { utcOffset - standardOffset }
    /// Whether clocks are ahead of the zone's standard time.
    public var isDaylightSavingTime: Bool { utcOffset != standardOffset }
}

/// A change of what a zone's clocks show: from `instant` on, `period` holds. What `ZoneRules`
/// answers when asked for changes (the footer's included), in the source's own terms.
package struct ZoneTransition: Sendable, Hashable {
    /// Seconds since 1970 UT.
    public let instant: Int64
    /// What holds from `instant` on.
    public let period: ZonePeriod
}

/// The rules of one zone, from its TZif file: the period in effect at any instant, and the
/// transitions before, after or between instants, including those the footer rule generates past
/// the last stored transition (slim files store few).
///
/// **Negative DST.** tz flags Europe/Dublin's *winter* (GMT) as daylight saving time, 1 hour
/// *behind* its standard IST, and did the same for Morocco's Ramadan time. A user reads Irish
/// summer time as the daylight-saving part of the year, as Foundation, ICU and tz's own "rearguard"
/// format say. So a period tz flags as DST with an offset *below* its standard time is shown as
/// standard time, and the neighbouring standard periods as daylight saving time ahead of it. The
/// offsets and abbreviations are tz's, untouched; only which period counts as DST is turned round.
///
/// A class, not a struct: one zone's rules are parsed once and shared (by the database's cache and
/// every clock), and a lookup then costs one reference, not a copy of its arrays.
package final class ZoneRules: Sendable {
    /// The parsed file.
    let tzif: TZif
    /// The footer's standard and daylight halves, as shown; nil without a footer.
    private let footerPeriods: (standard: ZonePeriod, daylight: ZonePeriod?)?

    /// Parses a TZif file.
    public convenience init(tzif data: Data) throws(TZifError) {
        self.init(try TZif(data: data))
    }

    /// The rules a POSIX TZ string states ("KST-9", "EST5EDT,M3.2.0,M11.1.0", "<+0530>-5:30"), for all
    /// time, as the C library reads a `TZ` that names no zone file: the same reader as a TZif footer.
    public convenience init(posixTZ string: String) throws(TZifError) {
        self.init(TZif(rule: try TZif.POSIXRule(string), text: string))
    }

    init(_ tzif: TZif) {
        self.tzif = tzif
        self.footerPeriods = tzif.footer.map { footer in
            let standard = footer.standard
            guard let daylight = footer.daylight?.type else {
                return (ZonePeriod(utcOffset: standard.utOffset, standardOffset: standard.utOffset, abbreviation: standard.abbreviation), nil)
            }
            // The lower offset is standard time, whichever half tz flags as DST (Dublin: "IST-1GMT0,…").
            let base = min(standard.utOffset, daylight.utOffset)
            return (
                ZonePeriod(utcOffset: standard.utOffset, standardOffset: base, abbreviation: standard.abbreviation),
                ZonePeriod(utcOffset: daylight.utOffset, standardOffset: base, abbreviation: daylight.abbreviation)
            )
        }
    }

    /// What the clocks show in stretch `k` of the stored transitions: before the first (k = 0), or
    /// from transition k − 1 on. Worked out when asked, from the neighbouring stretches: building
    /// every stretch of a zone up front was a sixteenth of a CLI search, which looks up a few
    /// instants in each of its zones.
    private func storedPeriod(_ k: Int) -> ZonePeriod {
        let type = storedType(k), tzStandard = tzStandard(k)
        // Negative DST (flagged DST, below its standard time) is shown as standard time.
        var standard = type.isDST && type.utOffset < tzStandard ? type.utOffset : tzStandard
        if !type.isDST {
            // A standard stretch next to negative DST is the summer of a zone whose winter is "DST".
            for n in [k - 1, k + 1] where (0...tzif.transitionTypes.count).contains(n) && isNegativeDST(n) {
                standard = min(standard, storedType(n).utOffset)
            }
        }
        return ZonePeriod(utcOffset: type.utOffset, standardOffset: standard, abbreviation: type.abbreviation)
    }

    /// The local time type of stretch `k`.
    private func storedType(_ k: Int) -> TZif.LocalTimeType {
        k == 0 ? tzif.localTimeTypes[0] : tzif.localTimeTypes[tzif.transitionTypes[k - 1]]
    }

    /// The standard offset tz means for stretch `k`. A DST stretch's is the previous standard
    /// stretch's offset, unless that equals its own (a zone that moved its standard time at the same
    /// instant, as Scoresbysund did in 2024: −01 standard, then −01 as DST over −02), where the next
    /// one (or the footer's) says it better.
    private func tzStandard(_ k: Int) -> Int {
        let type = storedType(k)
        guard type.isDST else { return type.utOffset }
        let previous = previousStandard(k)
        if let previous, previous != type.utOffset { return previous }
        return nextStandard(k) ?? previous ?? type.utOffset
    }

    /// The offset of the nearest standard (not DST) stretch before `k`, or nil.
    private func previousStandard(_ k: Int) -> Int? {
        for i in stride(from: k - 1, through: 0, by: -1) where !storedType(i).isDST { return storedType(i).utOffset }
        return nil
    }

    /// The offset of the nearest standard stretch after `k`, else the footer's standard time.
    private func nextStandard(_ k: Int) -> Int? {
        for i in stride(from: k + 1, through: tzif.transitionTypes.count, by: 1) where !storedType(i).isDST {
            return storedType(i).utOffset
        }
        return tzif.footer?.standard.utOffset
    }

    /// Whether stretch `k` is flagged DST with an offset below its standard time (Dublin's winter).
    private func isNegativeDST(_ k: Int) -> Bool {
        let type = storedType(k)
        return type.isDST && type.utOffset < tzStandard(k)
    }

    /// What these rules make the clocks show, as bytes: the period before any change, every change
    /// (its instant, offset, standard offset and abbreviation) through `fingerprintHorizon` (2100), and
    /// the footer rule that governs after. Two copies of the same rules give the same bytes however
    /// they were compiled: zic's `-b fat` stores transitions through 2037 that `-b slim` leaves to
    /// the footer, and transitions or local time types that change nothing; neither shows here.
    /// A recompiled zone (new DST, new offset, new abbreviation) gives other bytes. What
    /// `TZDatabase.rulesDigest(of:)` hashes.
    package func appendFingerprint(to bytes: inout [UInt8]) {
        func append(_ value: Int64) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
        func append(_ period: ZonePeriod) {
            append(Int64(period.utcOffset))
            append(Int64(period.standardOffset))
            bytes += period.abbreviation.utf8
            bytes.append(0)
        }
        let start = -Int64(1) << 56
        append(period(at: start))
        // A zone with no stored transition is its footer for all time: its switches from 1900 on
        // (from 2^56 seconds before 1970 they would be billions of years of them).
        let changes = transitions(after: tzif.transitionTimes.isEmpty ? Self.fingerprintFloor : start, through: Self.fingerprintHorizon)
        append(Int64(changes.count))
        for change in changes {
            append(change.instant)
            append(change.period)
        }
        bytes += String(describing: tzif.footer).utf8
        bytes.append(0)
    }

    /// How far `appendFingerprint` lists the changes: to 2100, one instant for every copy. Past
    /// every transition zic stores for a footer's sake (a fat file's run to 2037) and past tz's
    /// explicit predictions (Gaza's and Morocco's to 2087), which a slim file stores only as far as
    /// its footer cannot say them: a horizon taken from the last stored transition differed between
    /// the two builds of one zone. What lies past it is the footer's, which is hashed too.
    package static let fingerprintHorizon: Int64 = 4_102_444_800
    /// Where `appendFingerprint` begins the footer's switches of a zone that stores no transition: 1900.
    static let fingerprintFloor: Int64 = -2_208_988_800

    /// `date` as whole seconds since 1970 UT, rounded down, clamped far beyond any calendar (±2^56 s).
    public static func seconds(_ date: Date) -> Int64 { TZif.clamp(date.timeIntervalSince1970) }

    /// The instant of the last stored transition; the footer governs from there on.
    private var footerStart: Int64 { tzif.transitionTimes.last ?? .min }

    /// What the zone's clocks show `t` seconds after 1970 UT.
    /// - Complexity: O(log n) in the stored transitions, then the run of DST stretches around
    /// the one found (a few).
    public func period(at t: Int64) -> ZonePeriod {
        let t = TZif.clamp(t)
        if t >= footerStart, let footer = tzif.footer, let footerPeriods {
            return footer.isDaylight(at: t) ? footerPeriods.daylight ?? footerPeriods.standard : footerPeriods.standard
        }
        guard let index = tzif.lastTransition(atOrBefore: t) else { return storedPeriod(0) }
        return storedPeriod(index + 1)
    }

    /// The first transition strictly after `t`, however far ahead; nil when the clocks never change again.
    public func nextTransition(after t: Int64) -> ZoneTransition? {
        let t = TZif.clamp(t)
        let times = tzif.transitionTimes
        var index = (tzif.lastTransition(atOrBefore: t) ?? -1) + 1
        while index < times.count {
            if let change = transition(at: times[index]) { return change }
            index += 1
        }
        // Past the stored transitions, the footer switches at least once a year if it switches at all.
        let from = max(t, footerStart)
        return footerSwitches(after: from, through: from + 2 * Self.yearSeconds).lazy.compactMap { self.transition(at: $0) }.first
    }

    /// The last transition at or before `t`; nil when the clocks never changed before it.
    public func previousTransition(atOrBefore t: Int64) -> ZoneTransition? {
        let t = TZif.clamp(t)
        if t > footerStart {
            // Latest first, stopping at the first that changes something: each costs two periods.
            for instant in footerSwitches(after: max(footerStart, t - 2 * Self.yearSeconds), through: t).reversed() {
                if let change = transition(at: instant) { return change }
            }
        }
        var index = tzif.lastTransition(atOrBefore: t) ?? -1
        while index >= 0 {
            if let change = transition(at: tzif.transitionTimes[index]) { return change }
            index -= 1
        }
        return nil
    }

    /// Every transition after `start` up to and including `end`, in order.
    public func transitions(after start: Int64, through end: Int64) -> [ZoneTransition] {
        let start = TZif.clamp(start), end = TZif.clamp(end)
        guard start < end else { return [] }
        let times = tzif.transitionTimes
        var result: [ZoneTransition] = []
        var index = (tzif.lastTransition(atOrBefore: start) ?? -1) + 1
        while index < times.count, times[index] <= end {
            if let change = transition(at: times[index]) { result.append(change) }
            index += 1
        }
        return result + footerTransitions(after: max(start, footerStart), through: end)
    }

    /// The transition at `t` if the clocks show something else from `t` on than just before.
    private func transition(at t: Int64) -> ZoneTransition? {
        let after = period(at: t)
        return after == period(at: t - 1) ? nil : ZoneTransition(instant: t, period: after)
    }

    /// The footer's transitions after `start` through `end` (both past the stored transitions).
    private func footerTransitions(after start: Int64, through end: Int64) -> [ZoneTransition] {
        footerSwitches(after: start, through: end).compactMap { transition(at: $0) }
    }

    /// The instants after `start` through `end` at which the footer's rule may switch, in order
    /// and each once; `transition(at:)` says which of them change what the clocks show.
    func footerSwitches(after start: Int64, through end: Int64) -> [Int64] {
        let start = TZif.clamp(start), end = TZif.clamp(end)
        guard let footer = tzif.footer, footer.daylight != nil, start < end else { return [] }
        let years = (TZif.POSIXRule.year(of: start) - 1)...(TZif.POSIXRule.year(of: end) + 1)
        // Switch times may run past the new year (±167 h), so take the neighbouring years' too, and
        // let `period(at:)` settle ties such as year-round DST's end-and-start at the same instant.
        var instants = years.flatMap { footer.switches(inYear: $0) }.filter { $0 > start && $0 <= end }
        instants.sort()
        var previous: Int64?
        return instants.filter { instant in
            defer { previous = instant }
            return instant != previous
        }
    }

    /// A generous year in seconds, for windows that must hold at least one whole year of switches.
    private static let yearSeconds: Int64 = 366 * 86_400
}
