package import WireCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// The feed's types on the wire: each written through WireCore's one writer of its shape (the
// server, the CLI's `--json` and the export print these bytes). Their `Codable` conformances read
// what it writes; where a type encodes itself for an app's own JSON, it encodes these bytes.

extension Place: WirePlace, WireWritable {
    /// `Place`'s JSON: the feed's six place fields.
    package func write(to json: inout JSONWriter) { json.place(self) }
}

extension FeedPlace: WireWritable {
    /// The place's fields with `relative`, `time` and `upcoming_change` among them, as one object.
    package func write(to json: inout JSONWriter) {
        json.place(place) { json in
            json.field("relative", ifPresent: relative)
            json.field("time", ifPresent: time)
            json.field("upcoming_change", ifPresent: upcomingChange)
        }
    }
}

extension FeedRelative: WireWritable {
    package func write(to json: inout JSONWriter) {
        json.object { json in
            json.field("day", day)
            json.field("day_difference", dayDifference)
            json.field("hours", hours)
            json.field("offset_difference_seconds", offsetDifferenceSeconds)
        }
    }
}

extension FeedTime: WireWritable {
    package func write(to json: inout JSONWriter) {
        var next: ((inout JSONWriter) -> Void)?
        if let nextTransition { next = { nextTransition.write(to: &$0) } }
        json.time(local: { $0.string(local) }, abbreviation: abbreviation, dst: dst, utcOffset: utcOffsetSeconds, next: next)
    }
}

extension FeedTransition: WireWritable {
    package func write(to json: inout JSONWriter) {
        json.transition(at: { $0.string(at) }, abbreviation: abbreviation, dst: dst, utcOffset: utcOffsetSeconds)
    }
}

extension FeedZone: WireWritable {
    package func write(to json: inout JSONWriter) { json.zoneFacts(posixTZ: posixTZ, exactFrom: posixTZExactFrom) }
}

extension FeedSection: WireWritable {
    package func write(to json: inout JSONWriter) { json.section(title: title) { places.write(to: &$0) } }
}

extension FeedMeta: WireWritable {
    package func write(to json: inout JSONWriter) {
        json.meta(
            catalogueDigest: catalogueDigest, icuVersion: icuVersion, license: license, placeCount: placeCount, rulesDigest: rulesDigest,
            server: server.map { ($0.version, $0.commit) }, sources: sources?.map { ($0.name, $0.license, $0.url, $0.provides) },
            tzdataSource: tzdataSource, tzdataVersion: tzdataVersion, zoneCount: zoneCount)
    }
}

extension Feed: WireWritable {
    package func write(to json: inout JSONWriter) {
        var writeZones: ((inout JSONWriter) -> Void)?
        if let zones { writeZones = { zones.write(to: &$0) } }
        json.feed(
            at: { $0.string(at) }, indexTitles: indexTitles, meta: { meta.write(to: &$0) }, sections: { sections.write(to: &$0) },
            titles: titles, transitions: { transitions.write(to: &$0) }, transitionsUntil: { $0.string(transitionsUntil) }, zones: writeZones)
    }
}

extension FeedSearch: WireWritable {
    package func write(to json: inout JSONWriter) {
        json.searchAnswer(
            query: query, keyboardConversion: keyboardConversion, total: total, former: former.map { ($0.abbreviation, $0.places) },
            onlyFormer: onlyFormer, results: results
        ) { json, result in
            let match = result.match
            json.searchResult(
                kind: match.kind, kindName: match.kindName, field: match.field, fieldName: match.fieldName, text: match.text, label: match.label,
                utf16Start: match.utf16Start, utf16End: match.utf16End, place: { result.place.write(to: &$0) })
        }
    }
}

extension UpcomingChange: WireWritable {
    package func write(to json: inout JSONWriter) {
        json.object { json in
            json.field("abbreviation_after", abbreviationAfter)
            json.field("abbreviation_before", abbreviationBefore)
            json.field("at", at)
            json.field("cause", cause)
            json.field("dst_after", dstAfter)
            json.field("dst_before", dstBefore)
            json.field("local_date", localDate)
            json.field("offset_difference_after_seconds", ifPresent: offsetDifferenceAfterSeconds)
            json.field("offset_difference_before_seconds", ifPresent: offsetDifferenceBeforeSeconds)
            json.field("text", text)
            json.field("utc_offset_after_seconds", utcOffsetAfterSeconds)
            json.field("utc_offset_before_seconds", utcOffsetBeforeSeconds)
            json.field("zone", zoneID)
        }
    }
}

/// Any value of the wire's JSON, read back: how a type whose JSON the wire writes encodes itself
/// for an app's own encoder, with no second writer of its shape (and the tests' reading of any body).
package enum WireValue: Codable {
    case object([String: WireValue]), array([WireValue]), string(String), integer(Int64), bool(Bool), null

    /// Encodes the JSON `bytes` (the wire's own) to `encoder`.
    package static func encode(_ bytes: [UInt8], to encoder: any Encoder) throws {
        try JSONDecoder().decode(WireValue.self, from: Data(bytes)).encode(to: encoder)
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([WireValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: WireValue].self))
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .object(let members): try container.encode(members)
        case .array(let values): try container.encode(values)
        case .string(let text): try container.encode(text)
        case .integer(let value): try container.encode(value)
        case .bool(let value): try container.encode(value)
        case .null: try container.encodeNil()
        }
    }
}
