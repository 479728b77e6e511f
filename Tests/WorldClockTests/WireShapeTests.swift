import Foundation
import TestSupport
import Testing
import WireCore
import WorldClockKit

/// WireCore writes each shape once; the kit's `Codable` types read it. Each written shape decodes
/// with its type, and the type encodes it again to the same bytes: the writer and the reader agree
/// on every key, value and escape.
@Suite("WireCore's shapes read back with the kit's types")
struct WireShapeTests {
    static let seoul = ZoneTimeline.Period(start: -1_325_494_800, utcOffset: 32_400, abbreviation: "KST", isDaylightSavingTime: false)
    static let spring = ZoneTimeline.Period(start: 1_772_953_200, utcOffset: -14_400, abbreviation: "EDT", isDaylightSavingTime: true)
    static let odd = ZoneTimeline.Period(start: 0, utcOffset: -12_600, abbreviation: "\"-03\\30\t/\u{1}", isDaylightSavingTime: false)

    /// A shape's name, its written bytes, and the round trip through its `Codable` type.
    struct Shape: CustomTestStringConvertible, Sendable {
        let testDescription: String
        let written: [UInt8]
        let readAndWrittenAgain: @Sendable ([UInt8]) throws -> Data
    }

    static func shape<Value: Codable>(_ name: String, _ type: Value.Type, _ write: (inout JSONWriter) -> Void) -> Shape {
        var json = JSONWriter()
        write(&json)
        return Shape(testDescription: name, written: json.bytes) { try CodableJSON.encode(try JSONDecoder().decode(Value.self, from: Data($0))) }
    }

    static let shapes: [Shape] = [
        shape("transition", FeedTransition.self) { $0.transition(spring) },
        shape("transition, escaped abbreviation", FeedTransition.self) { $0.transition(odd) },
        shape("time with its next transition", FeedTime.self) { $0.time(at: 1_779_000_000, in: seoul, next: spring) },
        shape("time, none ahead", FeedTime.self) { $0.time(at: -86_400, in: odd, next: nil) },
        Shape(testDescription: "error envelope", written: JSONWriter.error(code: "empty_query", message: "검색어가 \"비어\" 있습니다\n/")) {
            try CodableJSON.encode(try JSONDecoder().decode(FeedError.self, from: Data($0)))
        },
    ]

    @Test("the shape decodes with its type, which encodes the same bytes", arguments: shapes)
    func readsBack(shape: Shape) throws {
        #expect(try String(decoding: shape.readAndWrittenAgain(shape.written), as: UTF8.self) == String(decoding: shape.written, as: UTF8.self))
    }

    @Test(
        "the one escaper escapes as JSONEncoder does",
        arguments: ["", "서울", "a\"b\\c/d", "\t\r\n\u{8}\u{C}", "\u{0}\u{1}\u{1F}\u{7F}", "🇰🇷 e\u{301}", "\u{2028}"])
    func escapes(text: String) throws {
        let encoded = try CodableJSON.encode([text])
        #expect(JSONWriter.quoted(text) == String(decoding: encoded.dropFirst().dropLast(), as: UTF8.self))
    }

    /// What `.prettyPrinted` wrote for the CLI before the one pretty-printer, for nested, empty and escaped values.
    @Test("the one pretty-printer indents as JSONEncoder's .prettyPrinted")
    func pretty() throws {
        let value: [String: [String: [String]]] = ["a": [:], "b": ["c": [], "d": ["x", "{[\":,]}\\"]]]
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted]
        let expected = try encoder.encode(value)
        #expect(String(decoding: JSONWriter.pretty(Array(try CodableJSON.encode(value))), as: UTF8.self) == String(decoding: expected, as: UTF8.self))
        #expect(JSONWriter.pretty(Array("[]".utf8)) == Array("[\n\n]".utf8))
    }
}
