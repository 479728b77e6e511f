import Testing
import WorldClockKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The change coming to a clock of mine, from the bundled tzdata (2026f): one decision and one
/// line (MeetingPlanning's `ClockChangeNotice`) that the CLI, the page and the kit all show.
@Suite("Upcoming changes on my clocks")
struct UpcomingChangeTests {
    static func clock(_ zone: String) -> ZoneClock { ZoneClock(zoneID: zone, tzdata: .bundled)! }
    static func at(_ text: String) -> Date { try! ISO8601.parseInstant(text) }

    @Test(
        "The first change within four weeks, as the line says it",
        arguments: [
            // The place's own change, against the reference.
            (
                "뉴욕", "America/New_York", "서울", "Asia/Seoul", "2027-03-01T00:00:00Z", "2027-03-14T07:00:00Z", "place",
                "3월 14일 (일)부터 뉴욕과의 시차 14시간 → 13시간 (서머타임 시작)"
            ),
            (
                "런던", "Europe/London", "서울", "Asia/Seoul", "2027-03-01T00:00:00Z", "2027-03-28T01:00:00Z", "place",
                "3월 28일 (일)부터 런던과의 시차 9시간 → 8시간 (서머타임 시작)"
            ),
            (
                "파리", "Europe/Paris", "서울", "Asia/Seoul", "2026-10-10T00:00:00Z", "2026-10-25T01:00:00Z", "place",
                "10월 25일 (일)부터 파리와의 시차 7시간 → 8시간 (서머타임 끝)"
            ),
            // Half an hour of summer time, south of the equator.
            (
                "로드 하우", "Australia/Lord_Howe", "서울", "Asia/Seoul", "2027-03-20T00:00:00Z", "2027-04-03T15:00:00Z", "place",
                "4월 4일 (일)부터 로드 하우와의 시차 2시간 → 1시간 30분 (서머타임 끝)"
            ),
            (
                "산티아고", "America/Santiago", "서울", "Asia/Seoul", "2027-03-20T00:00:00Z", "2027-04-04T03:00:00Z", "place",
                "4월 3일 (토)부터 산티아고와의 시차 12시간 → 13시간 (서머타임 끝)"
            ),
            // The reference's change, which moves the difference.
            (
                "서울", "Asia/Seoul", "런던", "Europe/London", "2027-03-10T00:00:00Z", "2027-03-28T01:00:00Z", "reference",
                "3월 28일 (일)부터 서울과의 시차 9시간 → 8시간 (런던 서머타임 시작)"
            ),
            // Havana leaves this winter's summer time on 2027-11-07 (tzdata 2026f).
            (
                "아바나", "America/Havana", "서울", "Asia/Seoul", "2027-10-20T00:00:00Z", "2027-11-07T05:00:00Z", "place",
                "11월 7일 (일)부터 아바나와의 시차 13시간 → 14시간 (서머타임 끝)"
            ),
        ] as [(String, String, String, String, String, String, String, String)])
    func next(
        place: String, zone: String, referenceName: String, referenceZone: String, from: String, at: String, cause: String, text: String
    ) throws {
        let change = try #require(
            Self.clock(zone).upcomingChange(named: place, after: Self.at(from), referenceName: referenceName, reference: Self.clock(referenceZone)))
        #expect(change.at == at)
        #expect(change.cause == cause)
        #expect(change.text == text)
        #expect(change.date == Self.at(at))
    }

    @Test("Without a reference the line says what changes for the place")
    func withoutReference() throws {
        let change = try #require(Self.clock("America/New_York").upcomingChange(named: "뉴욕", after: Self.at("2027-03-01T00:00:00Z")))
        #expect(change.text == "3월 14일 (일)부터 뉴욕 서머타임 시작")
        #expect(change.offsetDifferenceBeforeSeconds == nil)
        #expect((change.utcOffsetBeforeSeconds, change.utcOffsetAfterSeconds) == (-18_000, -14_400))
        #expect(change.localDate == "2027-03-14")
    }

    @Test("The window is four weeks from the instant, its end included: a change a second later is not named")
    func window() {
        let change = Self.at("2027-03-14T07:00:00Z")
        let clock = Self.clock("America/New_York")
        #expect(clock.upcomingChange(named: "뉴욕", after: change.addingTimeInterval(-28 * 86_400)) != nil)
        #expect(clock.upcomingChange(named: "뉴욕", after: change.addingTimeInterval(-28 * 86_400 - 1)) == nil)
        #expect(clock.upcomingChange(named: "뉴욕", after: change) == nil)
    }

    @Test("A change of the reference that keeps the difference, or a zone that never changes, is not named")
    func nothingToSay() {
        // London and Lisbon change at the same instant: the difference stays.
        let lisbon = Self.clock("Europe/Lisbon")
        let change = lisbon.upcomingChange(
            named: "리스본", after: Self.at("2027-03-10T00:00:00Z"), referenceName: "런던", reference: Self.clock("Europe/London"))
        #expect(change?.cause == "place")
        #expect(change?.text == "3월 28일 (일)부터 리스본 서머타임 시작")
        #expect(
            Self.clock("Asia/Tokyo").upcomingChange(
                named: "도쿄", after: Self.at("2027-03-10T00:00:00Z"), referenceName: "서울", reference: Self.clock("Asia/Seoul")) == nil)
    }

    @Test("The data round-trips through JSON as the CLI writes it")
    func json() throws {
        let change = try #require(Self.clock("Europe/London").upcomingChange(named: "런던", after: Self.at("2027-03-01T00:00:00Z")))
        let decoded = try JSONDecoder().decode(UpcomingChange.self, from: FeedJSON.encode(change))
        #expect(decoded == change)
    }
}
