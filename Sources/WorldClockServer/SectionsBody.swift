import HangulIndex
import NIOCore
internal import WireCore
import WorldClockKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Writes `/v1/sections` bodies from pieces made once per catalogue and tzdata: each place's JSON
/// around its `time`, each zone's timeline over a span of years in JSON (`FeedTimelineJSON`), the
/// meta and titles. A body at any instant in the span is then a few hundred binary searches and copies,
/// not a `Feed` of 420 zones written whole (about 200 times a cached answer's cost, through `JSONEncoder`).
///
/// The pieces are cut from the wire's writers (`JSONWriter.feed`, `.section`, `FeedPlace`'s), so
/// the bytes are those of `Feed(…)`'s JSON for the same arguments (`SectionsBodyTests`).
final class SectionsBody: Sendable {
    /// The years the timelines cover: 1970 through 2100. An instant or window outside it is built
    /// the general way (`Feed`), as a costly request.
    static let defaultSpan: ClosedRange<Int64> = 0...4_102_444_800

    private struct PlacePieces: Sendable {
        let zone: Int
        /// The place's JSON up to and including `"time":`, and after the time's object; or the
        /// whole JSON when the zone has no rules (no `time`).
        let prefix: [UInt8]
        let suffix: [UInt8]
    }

    private struct SectionPieces: Sendable {
        /// `{"places":[` and `],"title":"ㄱ"}`.
        let open: [UInt8]
        let close: [UInt8]
        let places: [PlacePieces]
        /// The section's zones, by index (the wire's key order).
        let zones: [Int]
    }

    private let timelines: [FeedTimelineJSON?]
    /// `"Asia/Seoul":[` for each zone.
    private let zoneKeys: [[UInt8]]
    /// `"Asia/Seoul":{"posix_tz":"KST-9","posix_tz_exact_from":null}` for each zone with rules
    /// (`FeedZone`'s JSON, from the encoder).
    private let zoneFacts: [[UInt8]]
    private let sections: [SectionPieces]
    private let sectionByTitle: [String: Int]
    /// The feed's bytes around its parts that change with the instant, cut from its writer:
    /// `{"at":`, `,"index_titles":[…],"meta":{…},"sections":[`, `],"titles":[…],"transitions":{`,
    /// `},"transitions_until":`, `,"version":1,"zones":{` and `}}`.
    private let envelope: [[UInt8]]
    let span: ClosedRange<Int64>

    init(catalogue: Catalogue, clocks: ZoneClocks, span: ClosedRange<Int64> = SectionsBody.defaultSpan) {
        self.span = span
        // Zones by index in the wire's key order (byte order), as its maps write them.
        let zoneIDs = Set(catalogue.sections.sections.flatMap { $0.rows.map(\.zoneID) }).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        let keyText = zoneIDs.map { JSONWriter.quoted($0) }
        let index = Dictionary(uniqueKeysWithValues: zoneIDs.enumerated().map { ($0.element, $0.offset) })
        zoneKeys = keyText.map { Array(($0 + ":[").utf8) }
        timelines = zoneIDs.map { id in clocks[id].map { FeedTimelineJSON(clock: $0, span: span) } }
        zoneFacts = zip(zoneIDs, keyText).map { id, key in clocks[id].map { Array((key + ":").utf8) + JSONWriter.bytes(of: FeedZone($0)) } ?? [] }

        let sample = Date(timeIntervalSince1970: 1_800_000_000)
        var sections: [SectionPieces] = []
        var byTitle: [String: Int] = [:]
        for section in catalogue.sections.sections {
            var shell = JSONWriter(capacity: 64), split = 0
            shell.section(title: section.title.text) { json in
                json.raw("[")
                split = json.bytes.count
                json.raw("]")
            }
            let places = section.rows.map { place -> PlacePieces in
                let zone = index[place.zoneID]!
                guard let clock = clocks[place.zoneID] else {
                    return PlacePieces(zone: zone, prefix: JSONWriter.bytes(of: FeedPlace(place, time: nil)), suffix: [])
                }
                let time = clock.time(at: sample)
                let whole = Data(JSONWriter.bytes(of: FeedPlace(place, time: time)))
                let range = whole.firstRange(of: Data("\"time\":".utf8 + JSONWriter.bytes(of: FeedTime(time))))!
                return PlacePieces(
                    zone: zone, prefix: Array(whole[..<range.lowerBound]) + Array("\"time\":".utf8), suffix: Array(whole[range.upperBound...]))
            }
            byTitle[section.title.text] = sections.count
            sections.append(
                SectionPieces(
                    open: Array(shell.bytes[..<split]), close: Array(shell.bytes[split...]), places: places, zones: Set(places.map(\.zone)).sorted()))
        }
        self.sections = sections
        sectionByTitle = byTitle
        var feed = JSONWriter(), cuts: [Int] = []
        func cut(_ json: inout JSONWriter, _ open: StaticString = "", _ close: StaticString = "") {
            json.raw(open)
            cuts.append(json.bytes.count)
            json.raw(close)
        }
        feed.feed(
            at: { cut(&$0) }, indexTitles: catalogue.indexer.titles.map(\.text),
            meta: { FeedMeta(catalogue: catalogue, tzdata: clocks.tzdata).write(to: &$0) }, sections: { cut(&$0, "[", "]") },
            titles: catalogue.sections.titles.map(\.text), transitions: { cut(&$0, "{", "}") }, transitionsUntil: { cut(&$0) },
            zones: { cut(&$0, "{", "}") })
        envelope = zip([0] + cuts, cuts + [feed.bytes.count]).map { Array(feed.bytes[$0..<$1]) }
    }

    /// A written body, and the earliest next transition of its zones (bounds a live body's freshness).
    struct Written {
        let body: ByteBuffer
        let nextTransition: Date?
    }

    /// The body of `/v1/sections` for `selected` (all when nil) at `instant` with `days` of
    /// transitions; nil when the instant or its window leaves the span (build it with `Feed`).
    func write(selected: [IndexSection<Place>]?, at instant: Date, transitionDays days: Int) -> Written? {
        let seconds = Int64(instant.timeIntervalSince1970.rounded(.down))
        let until = seconds + Int64(days) * 86_400
        let chosen: [Int]
        if let selected {
            var indices: [Int] = []
            for section in selected {
                guard let index = sectionByTitle[section.title.text] else { return nil }
                indices.append(index)
            }
            chosen = indices
        } else {
            chosen = Array(sections.indices)
        }
        let zones = chosen.count == sections.count ? Array(timelines.indices) : Set(chosen.flatMap { sections[$0].zones }).sorted()

        // Each zone's state once, and its time's JSON once, however many places share it.
        var times = ByteBufferAllocator().buffer(capacity: zones.count * 200)
        var timeStart = [Int](repeating: 0, count: timelines.count + 1)
        var timeEnd = [Int](repeating: 0, count: timelines.count)
        var earliest: Int64?
        var scratch: [UInt8] = []
        scratch.reserveCapacity(32)
        for zone in zones {
            guard let timeline = timelines[zone] else { continue }
            guard timeline.covers(seconds, through: until) else { return nil }
            let period = timeline.timeline.periodIndex(at: seconds)
            guard timeline.knowsNext(after: period) else { return nil }
            if let next = timeline.nextChange(after: period), earliest.map({ next < $0 }) ?? true { earliest = next }
            timeStart[zone] = times.writerIndex
            timeline.writeTime(at: seconds, period: period, into: &times, scratch: &scratch)
            timeEnd[zone] = times.writerIndex
        }

        var body = ByteBufferAllocator().buffer(capacity: 4096 + zones.count * 700)
        body.writeBytes(envelope[0])
        body.writeString("\"" + ISOText.utc(seconds) + "\"")
        body.writeBytes(envelope[1])
        times.withUnsafeReadableBytes { timeBytes in
            for (n, index) in chosen.enumerated() {
                let section = sections[index]
                if n > 0 { body.writeStaticString(",") }
                body.writeBytes(section.open)
                for (p, place) in section.places.enumerated() {
                    if p > 0 { body.writeStaticString(",") }
                    body.writeBytes(place.prefix)
                    if timelines[place.zone] != nil {
                        body.writeBytes(UnsafeRawBufferPointer(rebasing: timeBytes[timeStart[place.zone]..<timeEnd[place.zone]]))
                        body.writeBytes(place.suffix)
                    }
                }
                body.writeBytes(section.close)
            }
        }
        body.writeBytes(envelope[2])
        // A zone without rules has no entry (an empty list would read as "never changes").
        var first = true
        for zone in zones {
            guard let timeline = timelines[zone] else { continue }
            if !first { body.writeStaticString(",") }
            first = false
            body.writeBytes(zoneKeys[zone])
            timeline.writeTransitions(timeline.timeline.changeIndices(after: seconds, through: until), into: &body)
            body.writeStaticString("]")
        }
        body.writeBytes(envelope[3])
        body.writeString("\"" + ISOText.utc(until) + "\"")
        body.writeBytes(envelope[4])
        first = true
        for zone in zones where timelines[zone] != nil {
            if !first { body.writeStaticString(",") }
            first = false
            body.writeBytes(zoneFacts[zone])
        }
        body.writeBytes(envelope[5])
        // The cache keeps the body: without the spare room the estimate left.
        if body.capacity > body.readableBytes + body.readableBytes / 8 { body = ByteBuffer(bytes: body.readableBytesView) }
        return Written(body: body, nextTransition: earliest.map { Date(timeIntervalSince1970: Double($0)) })
    }
}
