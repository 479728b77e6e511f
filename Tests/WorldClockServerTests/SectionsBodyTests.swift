import Foundation
import HangulIndex
import Testing
import WorldClockKit

@testable import WorldClockServer

/// `/v1/sections` bodies written from pieces made once must be the encoder's bytes exactly.
@Suite("Sections bodies from per-zone timelines")
struct SectionsBodyTests {
    /// What `Feed` through `JSONEncoder` writes for the same arguments.
    static func encoded(_ selected: [IndexSection<Place>]?, at instant: Date, days: Int) -> String {
        String(
            decoding: FeedJSON.encode(Feed(catalogue: catalogue, sections: selected, at: instant, clocks: sharedClocks, transitionDays: days)),
            as: UTF8.self)
    }

    static func written(_ selected: [IndexSection<Place>]?, at instant: Date, days: Int) -> String? {
        sharedSectionsBody.write(selected: selected, at: instant, transitionDays: days).map { String(buffer: $0.body) }
    }

    /// Instants around many transitions (the second before, of and after), the span's first
    /// second, and ordinary days in several decades.
    static var instants: [Date] {
        var seconds: [Int64] = [
            0, 1, 86_399, 1_000_000_000, 1_700_000_000, 1_795_435_200, 2_000_000_000, 3_000_000_000,
            4_102_444_800 - 731 * 86_400,
        ]
        for zone in ["America/New_York", "Europe/Dublin", "Australia/Lord_Howe", "America/Havana", "Africa/Casablanca", "Asia/Seoul"] {
            let clock = sharedClocks[zone]!
            let transitions = clock.transitions(
                after: Date(timeIntervalSince1970: 1_700_000_000), through: Date(timeIntervalSince1970: 1_900_000_000))
            for transition in transitions.prefix(3) {
                let t = transition.start
                seconds += [t - 1, t, t + 1]
            }
        }
        return seconds.map { Date(timeIntervalSince1970: Double($0)) }
    }

    @Test("The whole feed is the encoder's bytes at instants around transitions and across the span", arguments: instants)
    func wholeFeed(_ instant: Date) throws {
        let written = try #require(Self.written(nil, at: instant, days: Feed.defaultTransitionDays))
        #expect(written == Self.encoded(nil, at: instant, days: Feed.defaultTransitionDays))
    }

    @Test("Every window length gives the encoder's bytes", arguments: [0, 1, 30, 365, 730])
    func windows(_ days: Int) throws {
        let instant = Date(timeIntervalSince1970: 1_795_435_200)
        #expect(try #require(Self.written(nil, at: instant, days: days)) == Self.encoded(nil, at: instant, days: days))
    }

    @Test("Each section alone, and none, gives the encoder's bytes")
    func sections() throws {
        let instant = Date(timeIntervalSince1970: 1_795_435_200)
        for section in catalogue.sections.sections {
            #expect(try #require(Self.written([section], at: instant, days: 365)) == Self.encoded([section], at: instant, days: 365))
        }
        #expect(try #require(Self.written([], at: instant, days: 365)) == Self.encoded([], at: instant, days: 365))
    }

    /// Seconds since 1970 and days of window: before 1970, 1950, a window past 2100, after 2100.
    static let outside: [(Double, Int)] = [(-1, 0), (-631_152_000, 365), (4_102_358_400, 365), (4_102_444_801, 0)]

    @Test("An instant or window outside the span is left to the general way", arguments: outside)
    func outsideSpan(_ seconds: Double, _ days: Int) {
        #expect(sharedSectionsBody.write(selected: nil, at: Date(timeIntervalSince1970: seconds), transitionDays: days) == nil)
    }

    @Test("/v1/sections outside the span still answers the encoder's bytes")
    func outsideSpanOverHTTP() async throws {
        try await withApp { client in
            try await client.execute(uri: "/v1/sections?at=1960-01-01T00:00:00Z&transitions=30", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.text == Self.encoded(nil, at: instant("1960-01-01T00:00:00Z"), days: 30))
            }
            try await client.execute(uri: "/v1/sections?at=2150-06-01T00:00:00Z", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.text == Self.encoded(nil, at: instant("2150-06-01T00:00:00Z"), days: 365))
            }
        }
    }

    @Test("The freshness of a live body follows the earliest next transition, as computed by the clocks")
    func nextTransition() throws {
        for instant in Self.instants {
            let written = try #require(sharedSectionsBody.write(selected: nil, at: instant, transitionDays: 365))
            let expected = liveService.earliestTransition(zoneIDs: catalogue.zoneIDs, after: instant)
            #expect(written.nextTransition == expected)
        }
    }
}
