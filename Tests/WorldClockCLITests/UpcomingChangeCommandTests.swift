import Foundation
import Testing

/// My clocks and `show` say a change coming within four weeks, counted from `--at` (issue 52).
@Suite("Upcoming changes on my clocks, in the CLI")
struct UpcomingChangeCommandTests {
    static let earlyMarch2027 = ["--at", "2027-03-01T00:00:00Z", "--from", "서울"] + bundled

    @Test("Looked at from early March 2027, my clocks name New York's and London's changes, one line each")
    func myClocks() throws {
        let home = try ConfigHome()
        #expect(try home.run(["add", "뉴욕", "런던"] + bundled).status == 0)
        let result = try home.run(Self.earlyMarch2027)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("• 3월 14일 (일)부터 뉴욕과의 시차 14시간 → 13시간 (서머타임 시작)"), "\(result.stdout)")
        #expect(result.stdout.contains("• 3월 28일 (일)부터 런던과의 시차 9시간 → 8시간 (서머타임 시작)"), "\(result.stdout)")
        // A month earlier nothing is coming within four weeks.
        let february = try home.run(["--at", "2027-01-20T00:00:00Z", "--from", "서울"] + bundled)
        #expect(!february.stdout.contains("•"), "\(february.stdout)")
    }

    @Test("--json carries the change as data beside each place's time")
    func json() throws {
        let home = try ConfigHome()
        #expect(try home.run(["add", "뉴욕", "런던", "서울"] + bundled).status == 0)
        let result = try home.run(Self.earlyMarch2027 + ["--json"])
        let places = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        let changes = places.map { $0["upcoming_change"] as? [String: Any] }
        #expect(changes[0]?["at"] as? String == "2027-03-14T07:00:00Z")
        #expect(changes[0]?["offset_difference_after_seconds"] as? Int == -13 * 3600)
        #expect(changes[1]?["at"] as? String == "2027-03-28T01:00:00Z")
        #expect(changes[1]?["text"] as? String == "3월 28일 (일)부터 런던과의 시차 9시간 → 8시간 (서머타임 시작)")
        // Seoul has none, and the key is left out.
        #expect(places[2]["upcoming_change"] == nil)
    }

    @Test("show says the change in its own row")
    func show() throws {
        let result = try CommandRunner.run(["show", "뉴욕"] + Self.earlyMarch2027)
        #expect(result.status == 0)
        #expect(result.stdout.contains("곧 바뀜"), "\(result.stdout)")
        #expect(result.stdout.contains("3월 14일 (일)부터 뉴욕과의 시차 14시간 → 13시간 (서머타임 시작)"))
    }
}
