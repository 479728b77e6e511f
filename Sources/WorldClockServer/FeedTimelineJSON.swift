import NIOCore
import SearchEngine
internal import WireCore
import WorldClockKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One zone's `ZoneTimeline` over a fixed span of years, computed once per tzdata choice, with
/// what the feed writes for each period already in JSON: a feed's window of transitions is then
/// a slice of bytes, and the time at an instant the timeline's own search
/// (`ZoneTimeline.periodIndex(at:)`), whatever `?at=` a request names. The JSON rendering of a
/// timeline, not another timeline: which period holds when is the timeline's answer alone.
///
/// The bytes are WireCore's (`JSONWriter.transition`, `JSONWriter.time`), cut into pieces once:
/// the one writer of a time and a transition, which the kit's `FeedTransition` and `FeedTime`
/// read (`SectionsBodyTests` compares them with the encoder's for many instants).
struct FeedTimelineJSON: Sendable {
    /// The zone's periods over the span: the one at the span's start, then one per transition
    /// (period `i` ≥ 1 is the `i`th transition).
    let timeline: ZoneTimeline
    /// The instants the timeline answers for: after `span.lowerBound`, through `span.upperBound`.
    let span: ClosedRange<Int64>

    /// What a zone shows during a period, in the pieces of `FeedTime`'s JSON around the local
    /// date and time: `{"abbreviation":…,"dst":…,"local":"` and `+09:00"`, then
    /// `,"utc_offset":"+09:00","utc_offset_seconds":32400}`. Bytes only: the facts are the
    /// timeline's period.
    private struct TimeJSON: Sendable {
        let head: [UInt8]
        let offsetAndQuote: [UInt8]
        let tail: [UInt8]

        /// `JSONWriter.time`'s bytes in `period`, cut around the local date and time and where a
        /// next transition goes.
        init(_ period: ZoneTimeline.Period) {
            var json = JSONWriter(capacity: 160)
            json.time(at: period.start, in: period, next: nil)
            let bytes = json.bytes
            func start(of text: StaticString) -> Int {
                bytes.indices.first { bytes[$0...].starts(with: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)) }!
            }
            let local = start(of: "\"local\":\"") + 9, offset = start(of: ",\"utc_offset\":")
            (head, offsetAndQuote, tail) = (Array(bytes[..<local]), Array(bytes[(local + 19)..<offset]), Array(bytes[offset...]))
        }
    }

    /// The distinct `TimeJSON`s of the zone, and which one each period shows (`timeline.periods`' indices).
    private let timeJSON: [TimeJSON]
    private let timeJSONOfPeriod: [Int32]
    /// Every transition's `FeedTransition` JSON (periods 1…), one after another with a comma between.
    private let fragments: [UInt8]
    /// Where period `i`'s transition JSON starts in `fragments` (`i` ≥ 1), and the end at `periods.count`.
    private let starts: [Int32]
    /// Whether the zone has a transition after the span: past the last one in it, the next is
    /// then unknown here.
    private let continuesAfterSpan: Bool

    init(clock: ZoneClock, span: ClosedRange<Int64>) {
        self.span = span
        let end = Date(timeIntervalSince1970: Double(span.upperBound))
        let timeline = ZoneTimeline(clock, from: Date(timeIntervalSince1970: Double(span.lowerBound)), through: end)
        self.timeline = timeline
        var timeJSON: [TimeJSON] = []
        var interned: [Key: Int32] = [:]
        var timeJSONOfPeriod: [Int32] = []
        timeJSONOfPeriod.reserveCapacity(timeline.periods.count)
        var fragments = JSONWriter(capacity: timeline.periods.count * 112)
        var starts: [Int32] = [0]
        starts.reserveCapacity(timeline.periods.count + 1)
        for (index, period) in timeline.periods.enumerated() {
            let key = Key(offset: period.utcOffset, dst: period.isDaylightSavingTime, abbreviation: period.abbreviation)
            if let known = interned[key] {
                timeJSONOfPeriod.append(known)
            } else {
                timeJSON.append(TimeJSON(period))
                interned[key] = Int32(timeJSON.count - 1)
                timeJSONOfPeriod.append(Int32(timeJSON.count - 1))
            }
            guard index > 0 else { continue }
            if index > 1 { fragments.raw(",") }
            starts.append(Int32(fragments.bytes.count))
            fragments.transition(period)
        }
        starts.append(Int32(fragments.bytes.count))
        self.timeJSON = timeJSON
        self.timeJSONOfPeriod = timeJSONOfPeriod
        self.fragments = fragments.bytes
        self.starts = starts
        continuesAfterSpan = clock.nextTransition(after: end) != nil
    }

    private struct Key: Hashable {
        let offset: Int
        let dst: Bool
        let abbreviation: String
    }

    /// Whether the timeline answers for `seconds` and a window through `end`.
    func covers(_ seconds: Int64, through end: Int64) -> Bool {
        span.lowerBound <= seconds && end <= span.upperBound && seconds <= end
    }

    /// Whether the change after `period` is known: in the span, or none at all.
    func knowsNext(after period: Int) -> Bool { period + 1 < timeline.periods.count || !continuesAfterSpan }

    /// The instant of the change after `period`, if the zone has one (only when `knowsNext(after:)`).
    func nextChange(after period: Int) -> Int64? { period + 1 < timeline.periods.count ? timeline.periods[period + 1].start : nil }

    /// Writes `FeedTime`'s JSON at `seconds`, `period` being `timeline.periodIndex(at: seconds)`
    /// (within the span, and only when `knowsNext(after: period)`).
    /// `scratch` holds the date and time on their way (kept between calls, not to allocate).
    func writeTime(at seconds: Int64, period: Int, into buffer: inout ByteBuffer, scratch: inout [UInt8]) {
        let json = timeJSON[Int(timeJSONOfPeriod[period])]
        buffer.writeBytes(json.head)
        scratch.removeAll(keepingCapacity: true)
        ISOText.appendDateTime(LocalDateTime(secondsSinceEpoch: seconds + Int64(timeline.periods[period].utcOffset)), to: &scratch)
        buffer.writeBytes(scratch)
        buffer.writeBytes(json.offsetAndQuote)
        if period + 1 < timeline.periods.count {
            buffer.writeStaticString(",\"next_transition\":")
            writeTransitions(period + 1..<period + 2, into: &buffer)
        }
        buffer.writeBytes(json.tail)
    }

    /// Writes the transition JSON of the periods `range` begin (`timeline.changeIndices(after:through:)`),
    /// separated by commas.
    func writeTransitions(_ range: Range<Int>, into buffer: inout ByteBuffer) {
        guard !range.isEmpty else { return }
        let last = timeline.periods.count
        let from = Int(starts[range.lowerBound]), to = Int(starts[range.upperBound]) - (range.upperBound < last ? 1 : 0)
        fragments.withUnsafeBytes { bytes in
            _ = buffer.writeBytes(UnsafeRawBufferPointer(rebasing: bytes[from..<to]))
        }
    }
}
