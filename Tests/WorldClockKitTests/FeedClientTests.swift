import SearchEngine
import Testing
import WireCore
import WorldClockKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reading the JSON feed an app downloads (`/v1/sections`, or `v1/sections/ㄴ.json` of
/// `worldclock export`), and knowing until when it can drive clocks offline.
@Suite("The feed client")
struct FeedClientTests {
    /// `worldclock export --at 2026-07-15T12:00:00Z --tzdata bundled`'s `v1/sections/ㄴ.json`.
    static let exported: Data = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/exported-sections-nieun.json")
        return try! Data(contentsOf: url)
    }()

    @Test("an exported section decodes into the kit's own types")
    func decode() throws {
        let feed = try Feed.decode(Self.exported)
        #expect(feed.at == "2026-07-15T12:00:00Z")
        #expect(feed.meta.tzdataVersion == "2026f")
        let list = feed.list
        #expect(list.sectionIndexTitles.first == "ㄱ" && list.sectionIndexTitles.last == "#")
        #expect(list.sectionIndexTitles.count == 41)
        #expect(list.sections.map(\.title) == ["ㄴ"])
        #expect(list.place(id: "뉴욕")?.zoneID == "America/New_York")
        // A title this file has no rows for scrolls to the one section it has.
        #expect(list.section(forSectionIndexTitle: "ㅎ") == 0)
    }

    @Test("the feed is valid until its transitions' window ends, and says when the next change is")
    func validity() throws {
        let feed = try Feed.decode(Self.exported)
        #expect(ISO8601.utc(feed.validUntil) == "2027-07-15T12:00:00Z")
        #expect(feed.refreshDate < feed.validUntil)
        let next = try #require(feed.nextChange(after: feed.instant))
        #expect(ISO8601.utc(next) == "2026-10-03T15:00:00Z")  // Norfolk Island goes to +12 (the earliest in ㄴ)
        #expect(feed.nextChange(after: feed.validUntil) == nil)
    }

    @Test("offsets after a transition come from the feed alone, and nothing past its window")
    func offlineOffsets() throws {
        let feed = try Feed.decode(Self.exported)
        let summer = try #require(feed.offset(ofZone: "America/New_York", at: feed.instant))
        #expect(summer == ZoneTimeline.Period(start: 1_784_116_800, utcOffset: -14_400, abbreviation: "EDT", isDaylightSavingTime: true))
        let winter = try #require(feed.offset(ofZone: "America/New_York", at: try ISO8601.parseInstant("2026-12-01T00:00:00Z")))
        #expect(winter == ZoneTimeline.Period(start: 1_793_512_800, utcOffset: -18_000, abbreviation: "EST", isDaylightSavingTime: false))
        #expect(feed.offset(ofZone: "America/New_York", at: feed.validUntil.addingTimeInterval(1)) == nil)
        #expect(feed.offset(ofZone: "Asia/Seoul", at: feed.instant) == nil)  // not in this section
    }

    @Test(
        "a malformed feed is an error that names what is wrong and where",
        arguments: [
            (#"{"version":1}"#, "\"at\""),
            (#"[1,2]"#, "top level"),
            ("not json", "JSON"),
        ])
    func malformed(json: String, mentions: String) {
        #expect {
            _ = try Feed.decode(Data(json.utf8))
        } throws: { error in
            (error as? FeedDecodingError)?.description.contains(mentions) == true
        }
    }

    @Test("a transition without an instant is refused, naming its zone and position")
    func malformedTransition() throws {
        let json = String(decoding: Self.exported, as: UTF8.self)
        let transition = #""America/New_York":[{"abbreviation":"EST","at":"2026-11-01T06:00:00Z""#
        #expect(json.contains(transition))
        let data = Data(json.replacing(transition, with: #""America/New_York":[{"abbreviation":"EST","at":"November""#).utf8)
        #expect {
            _ = try Feed.decode(data)
        } throws: { error in
            (error as? FeedDecodingError)?.description.contains(".transitions.America/New_York[0]") == true
        }
    }

    @Test(
        "transitions out of order, or not after the feed's instant, are refused, naming the zone and position",
        arguments: [
            ("2026-07-15T12:00:00Z", "[0]", "the feed's"),  // the feed's own instant
            ("2026-03-08T07:00:00Z", "[0]", "the feed's"),  // before it
            ("2027-03-14T07:00:00Z", "[1]", "the transition before it"),  // the second one, a repeat
        ])
    func transitionsOutOfOrder(at: String, position: String, mentions: String) throws {
        let json = String(decoding: Self.exported, as: UTF8.self)
        let first = #""America/New_York":[{"abbreviation":"EST","at":"2026-11-01T06:00:00Z""#
        let second = #"{"abbreviation":"EDT","at":"2027-03-14T07:00:00Z""#
        #expect(json.contains(first) && json.contains(second))
        let broken =
            position == "[0]"
            ? json.replacing(first, with: #""America/New_York":[{"abbreviation":"EST","at":"\#(at)""#)
            : json.replacing(first, with: #""America/New_York":[{"abbreviation":"EST","at":"2027-03-14T07:00:00Z""#)
        #expect {
            _ = try Feed.decode(Data(broken.utf8))
        } throws: { error in
            let text = (error as? FeedDecodingError)?.description ?? ""
            return text.contains(".transitions.America/New_York\(position)") && text.contains(mentions)
        }
    }

    @Test("the checks cannot be bypassed: a JSONDecoder, or a feed inside another type, runs them too")
    func checksInEveryDecoder() throws {
        struct Envelope: Decodable { let feed: Feed }
        let json = String(decoding: Self.exported, as: UTF8.self)
        let transition = #""America/New_York":[{"abbreviation":"EST","at":"2026-11-01T06:00:00Z""#
        let broken = json.replacing(transition, with: #""America/New_York":[{"abbreviation":"EST","at":"November""#)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Feed.self, from: Data(broken.utf8)) }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Envelope.self, from: Data(#"{"feed":\#(broken)}"#.utf8)) }
        let otherVersion = json.replacing("\"version\":1", with: "\"version\":2")
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Feed.self, from: Data(otherVersion.utf8)) }
        // The same feed, whole, decodes either way.
        #expect(try JSONDecoder().decode(Feed.self, from: Self.exported) == Feed.decode(Self.exported))
    }

    @Test("a feed of another schema version is refused")
    func otherVersion() throws {
        let json = String(decoding: Self.exported, as: UTF8.self)
        #expect(json.contains("\"version\":1"))
        let data = Data(json.replacing("\"version\":1", with: "\"version\":2").utf8)
        #expect(throws: FeedDecodingError.self) { try Feed.decode(data) }
    }
}
