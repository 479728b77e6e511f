import NIOCore
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

/// One zone's transitions over a fixed span of years, computed once per tzdata choice, with what
/// the feed writes for each already in JSON: a feed's window of transitions is then a slice of
/// bytes, and the time at an instant a binary search, whatever `?at=` a request names.
///
/// The bytes are exactly what `FeedJSON.encode` writes for `FeedTransition` and `FeedTime`
/// (`SectionsBodyTests` compares them with the encoder's for many instants).
struct ZoneTimeline: Sendable {
    /// What a zone shows between two transitions, in the pieces of `FeedTime`'s JSON around the
    /// local date and time: `{"abbreviation":…,"dst":…,"local":"` and `+09:00"`, then
    /// `,"utc_offset":"+09:00","utc_offset_seconds":32400}`.
    struct Period: Sendable {
        let utcOffset: Int
        let head: [UInt8]
        let offsetAndQuote: [UInt8]
        let tail: [UInt8]
    }

    /// The seconds since 1970 of each transition in the span, ascending.
    let instants: [Int64]
    /// The period in force after each transition (`periods` indices), and before the first.
    private let periodAfter: [Int32]
    private let initialPeriod: Int32
    private let periods: [Period]
    /// Every transition's `FeedTransition` JSON, one after another with a comma between.
    private let fragments: [UInt8]
    /// Where transition `i`'s JSON starts in `fragments` (and `count` more: the end).
    private let starts: [Int32]
    /// The instants the timeline answers for: after `span.lowerBound`, through `span.upperBound`.
    let span: ClosedRange<Int64>
    /// Whether the zone has a transition after the span: past the last one in it, the next is
    /// then unknown here.
    private let continuesAfterSpan: Bool

    init(clock: ZoneClock, span: ClosedRange<Int64>) {
        self.span = span
        let start = Date(timeIntervalSince1970: Double(span.lowerBound))
        let end = Date(timeIntervalSince1970: Double(span.upperBound))
        let transitions = clock.transitions(after: start, through: end)
        var periods: [Period] = []
        var interned: [PeriodKey: Int32] = [:]
        func period(offset: Int, dst: Bool, abbreviation: String) -> Int32 {
            let key = PeriodKey(offset: offset, dst: dst, abbreviation: abbreviation)
            if let index = interned[key] { return index }
            let offsetText = KoreanTimeFormat.isoOffset(offset)
            periods.append(
                Period(
                    utcOffset: offset,
                    head: Array("{\"abbreviation\":\(JSONText.string(abbreviation)),\"dst\":\(dst),\"local\":\"".utf8),
                    offsetAndQuote: Array((offsetText + "\"").utf8),
                    tail: Array(",\"utc_offset\":\"\(offsetText)\",\"utc_offset_seconds\":\(offset)}".utf8)))
            interned[key] = Int32(periods.count - 1)
            return Int32(periods.count - 1)
        }
        let initial = clock.time(at: start)
        initialPeriod = period(offset: initial.utcOffset, dst: initial.isDaylightSavingTime, abbreviation: initial.abbreviation)
        var fragments: [UInt8] = []
        fragments.reserveCapacity(transitions.count * 112)
        var starts: [Int32] = []
        starts.reserveCapacity(transitions.count + 1)
        var after: [Int32] = []
        after.reserveCapacity(transitions.count)
        for (index, transition) in transitions.enumerated() {
            after.append(
                period(offset: transition.utcOffsetAfter, dst: transition.isDaylightSavingTimeAfter, abbreviation: transition.abbreviationAfter))
            if index > 0 { fragments.append(UInt8(ascii: ",")) }
            starts.append(Int32(fragments.count))
            fragments += Self.transitionJSON(transition).utf8
        }
        starts.append(Int32(fragments.count))
        instants = transitions.map { Int64($0.instant.timeIntervalSince1970) }
        periodAfter = after
        self.periods = periods
        self.fragments = fragments
        self.starts = starts
        continuesAfterSpan = clock.nextTransition(after: end) != nil
    }

    private struct PeriodKey: Hashable {
        let offset: Int
        let dst: Bool
        let abbreviation: String
    }

    /// `FeedTransition`'s JSON, keys in the encoder's sorted order.
    static func transitionJSON(_ transition: ZoneTime.Transition) -> String {
        let offset = transition.utcOffsetAfter
        return "{\"abbreviation\":\(JSONText.string(transition.abbreviationAfter)),\"at\":\"\(ISO8601.utc(transition.instant))\","
            + "\"dst\":\(transition.isDaylightSavingTimeAfter),\"utc_offset\":\"\(KoreanTimeFormat.isoOffset(offset))\",\"utc_offset_seconds\":\(offset)}"
    }

    /// Whether the timeline answers for `seconds` and a window through `end`.
    func covers(_ seconds: Int64, through end: Int64) -> Bool {
        span.lowerBound <= seconds && end <= span.upperBound && seconds <= end
    }

    /// The number of transitions at or before `seconds`.
    func passed(_ seconds: Int64) -> Int {
        var low = 0, high = instants.count
        while low < high {
            let middle = (low + high) / 2
            if instants[middle] <= seconds { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Whether the next transition after the `index`th is known: in the span, or none at all.
    func knowsNext(passed index: Int) -> Bool { index < instants.count || !continuesAfterSpan }

    /// The next transition's instant after `passed(seconds)` transitions, if the zone has one
    /// (only when `knowsNext(passed:)`).
    func nextInstant(passed index: Int) -> Int64? { index < instants.count ? instants[index] : nil }

    /// Writes `FeedTime`'s JSON at `seconds`, `index` being `passed(seconds)` (within the span,
    /// and only when `knowsNext(passed: index)`).
    func writeTime(at seconds: Int64, passed index: Int, into buffer: inout ByteBuffer) {
        let period = periods[Int(index == 0 ? initialPeriod : periodAfter[index - 1])]
        buffer.writeBytes(period.head)
        JSONText.writeDateTime(seconds + Int64(period.utcOffset), into: &buffer)
        buffer.writeBytes(period.offsetAndQuote)
        if index < instants.count {
            buffer.writeStaticString(",\"next_transition\":")
            writeTransitions(index..<(index + 1), into: &buffer)
        }
        buffer.writeBytes(period.tail)
    }

    /// Writes the JSON of transitions `range`, separated by commas.
    func writeTransitions(_ range: Range<Int>, into buffer: inout ByteBuffer) {
        guard !range.isEmpty else { return }
        let from = Int(starts[range.lowerBound]), to = Int(starts[range.upperBound]) - (range.upperBound < instants.count ? 1 : 0)
        fragments.withUnsafeBytes { bytes in
            _ = buffer.writeBytes(UnsafeRawBufferPointer(rebasing: bytes[from..<to]))
        }
    }
}
