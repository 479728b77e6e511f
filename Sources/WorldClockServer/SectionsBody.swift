import HangulIndex
import NIOCore
import WireCore
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

/// Writes `/v1/sections` bodies from pieces made once per catalogue and tzdata: each place's JSON
/// around its `time`, each zone's timeline over a span of years in JSON (`FeedTimelineJSON`), the
/// meta and titles. A body at any instant in the span is then a few hundred binary searches and copies,
/// not a `Feed` of 420 zones through `JSONEncoder` (about 200 times a cached answer's cost).
///
/// The bytes are those of `FeedJSON.encode(Feed(…))` for the same arguments (`SectionsBodyTests`).
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
        /// The section's zones in the order the encoder sorts keys.
        let zones: [Int]
    }

    /// `FeedSection`'s JSON keys with no places (its memberwise initializer is the library's own).
    private struct SectionShell: Encodable {
        let places: [Int] = []
        let title: String

        enum CodingKeys: String, CodingKey { case places, title }
    }

    private let timelines: [FeedTimelineJSON?]
    /// `"Asia/Seoul":[` for each zone.
    private let zoneKeys: [[UInt8]]
    /// `"Asia/Seoul":{"posix_tz":"KST-9","posix_tz_exact_from":null}` for each zone with rules
    /// (`FeedZone`'s JSON, from the encoder).
    private let zoneFacts: [[UInt8]]
    private let sections: [SectionPieces]
    private let sectionByTitle: [String: Int]
    private let allZones: [Int]
    /// Each zone's place in `allZones`.
    private let zoneRank: [Int]
    /// `","index_titles":[…],"meta":{…},"sections":[`, and `],"titles":[…],"transitions":{`.
    private let afterAt: [UInt8]
    private let afterSections: [UInt8]
    let span: ClosedRange<Int64>

    init(catalogue: Catalogue, clocks: ZoneClocks, span: ClosedRange<Int64> = SectionsBody.defaultSpan) {
        self.span = span
        let zoneIDs = Array(Set(catalogue.sections.sections.flatMap { $0.rows.map(\.zoneID) }))
        // The encoder's key order (`.sortedKeys`), taken from the encoder itself.
        let encodedKeys = FeedJSON.encode(Dictionary(uniqueKeysWithValues: zoneIDs.map { ($0, 0) }))
        let keyText = zoneIDs.map { JSONWriter.quoted($0) }
        let position = keyText.map { encodedKeys.firstRange(of: Data(($0 + ":").utf8))?.lowerBound ?? 0 }
        let order = zoneIDs.indices.sorted { position[$0] < position[$1] }
        let index = Dictionary(uniqueKeysWithValues: zoneIDs.enumerated().map { ($0.element, $0.offset) })
        zoneKeys = keyText.map { Array(($0 + ":[").utf8) }
        timelines = zoneIDs.map { id in clocks[id].map { FeedTimelineJSON(clock: $0, span: span) } }
        zoneFacts = zip(zoneIDs, keyText).map { id, key in
            clocks[id].map { Array((key + ":").utf8) + Array(FeedJSON.encode(FeedZone($0))) } ?? []
        }
        allZones = order
        var rank = [Int](repeating: 0, count: zoneIDs.count)
        for (position, zone) in order.enumerated() { rank[zone] = position }
        zoneRank = rank

        let sample = Date(timeIntervalSince1970: 1_800_000_000)
        var sections: [SectionPieces] = []
        var byTitle: [String: Int] = [:]
        for section in catalogue.sections.sections {
            let empty = FeedJSON.encode(SectionShell(title: section.title.text))
            let split = empty.firstRange(of: Data("[]".utf8))!
            let places = section.rows.map { place -> PlacePieces in
                let zone = index[place.zoneID]!
                guard let clock = clocks[place.zoneID] else {
                    return PlacePieces(zone: zone, prefix: Array(FeedJSON.encode(FeedPlace(place, time: nil))), suffix: [])
                }
                let time = clock.time(at: sample)
                let whole = FeedJSON.encode(FeedPlace(place, time: time))
                let timeJSON = Data("\"time\":".utf8) + FeedJSON.encode(FeedTime(time))
                let range = whole.firstRange(of: timeJSON)!
                return PlacePieces(
                    zone: zone, prefix: Array(whole[..<range.lowerBound]) + Array("\"time\":".utf8),
                    suffix: Array(whole[range.upperBound...]))
            }
            let zones = Set(places.map(\.zone)).sorted { rank[$0] < rank[$1] }
            byTitle[section.title.text] = sections.count
            sections.append(
                SectionPieces(
                    open: Array(empty[..<split.lowerBound]) + [UInt8(ascii: "[")],
                    close: [UInt8(ascii: "]")] + Array(empty[split.upperBound...]),
                    places: places, zones: zones))
        }
        self.sections = sections
        sectionByTitle = byTitle
        let meta = FeedJSON.encode(FeedMeta(catalogue: catalogue, tzdata: clocks.tzdata))
        // Keys in the encoder's sorted order: at, index_titles, meta, sections, titles, transitions, ….
        afterAt =
            Array("\",\"index_titles\":".utf8) + Array(FeedJSON.encode(catalogue.indexer.titles.map(\.text)))
            + Array(",\"meta\":".utf8) + Array(meta) + Array(",\"sections\":[".utf8)
        afterSections =
            Array("],\"titles\":".utf8) + Array(FeedJSON.encode(catalogue.sections.titles.map(\.text)))
            + Array(",\"transitions\":{".utf8)
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
        let zones =
            chosen.count == sections.count
            ? allZones
            : Array(Set(chosen.flatMap { sections[$0].zones })).sorted { zoneRank[$0] < zoneRank[$1] }

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
        body.writeStaticString("{\"at\":\"")
        body.writeString(ISOText.utc(seconds))
        body.writeBytes(afterAt)
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
        body.writeBytes(afterSections)
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
        body.writeStaticString("},\"transitions_until\":\"")
        body.writeString(ISOText.utc(until))
        body.writeStaticString("\",\"version\":1,\"zones\":{")
        first = true
        for zone in zones where timelines[zone] != nil {
            if !first { body.writeStaticString(",") }
            first = false
            body.writeBytes(zoneFacts[zone])
        }
        body.writeStaticString("}}")
        // The cache keeps the body: without the spare room the estimate left.
        if body.capacity > body.readableBytes + body.readableBytes / 8 { body = ByteBuffer(bytes: body.readableBytesView) }
        return Written(body: body, nextTransition: earliest.map { Date(timeIntervalSince1970: Double($0)) })
    }
}
