import CatalogueBuilder
import Foundation
import HangulCollation
import HangulIndex
import Testing

@testable import WorldClockKit

/// One line of `user-queries.tsv`: what a user types and the zones the answer must have.
struct UserQuery: CustomTestStringConvertible, Sendable {
    let query: String
    /// The first result's zone must be one of these (equally right answers).
    let first: [String]
    /// Zones that must also be among the results a list shows (every meaning of CST, IST…).
    let also: [String]
    /// Zones that must not be among them (`!` in the table): noise (KST inside Kstovo, 평양 inside 태평양).
    let never: [String]
    let category: String
    let line: Int

    var testDescription: String { "\(category) \"\(query)\" → \(first.joined(separator: "|")) (line \(line))" }

    /// The queries, from `Tests/WorldClockTests/user-queries.tsv`.
    static let all: [UserQuery] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("user-queries.tsv")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        var queries: [UserQuery] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where !line.isEmpty && !line.hasPrefix("#") && !line.hasPrefix("query\t") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 4 else { continue }  // the test below counts the lines, so none is lost
            let zones = fields[2].split(separator: ";").map(String.init)
            queries.append(
                UserQuery(
                    query: fields[0], first: fields[1].split(separator: "|").map(String.init),
                    also: zones.filter { !$0.hasPrefix("!") }, never: zones.filter { $0.hasPrefix("!") }.map { String($0.dropFirst()) },
                    category: fields[3], line: index + 1))
        }
        return queries
    }()
}

@Suite("What Korean users type")
struct UserQueryTests {
    /// How many results a list shows at once: every meaning of an ambiguous query must be among them.
    static let shown = 20

    @Test("the query set is several hundred well-formed lines across every category")
    func querySet() throws {
        let url = repositoryRoot.appendingPathComponent("Tests/WorldClockTests/user-queries.tsv")
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(lines.count - 1 == UserQuery.all.count, "a line without 4 tab-separated fields")
        #expect(UserQuery.all.count >= 300)
        #expect(
            Set(UserQuery.all.map(\.category)) == [
                "city", "travel", "country", "region", "variant", "nospace", "zone", "airport", "english", "mixed",
            ])
        #expect(UserQuery.all.allSatisfy { !$0.first.isEmpty })
    }

    /// The instant the query set is searched at (2026-07-15T12:00Z): 밴쿠버 on MST, Europe on summer time.
    static let instant = Date(timeIntervalSince1970: 1_784_116_800)

    @Test("the right zone comes first, through the search every surface runs", arguments: UserQuery.all)
    func rightZoneFirst(_ query: UserQuery) throws {
        let search = PlaceSearch(catalogue: bundled, tzdata: .bundled, at: Self.instant)
        let result = try search.search(query.query, limit: Self.shown).result
        let first = try #require(result.matches.first, "nothing found")
        #expect(query.first.contains(first.item.zoneID), "first: \(first.item.name) \(first.item.zoneID) by \(first.field) \(first.text)")
        let zones = Set(result.matches.map(\.item.zoneID))
        for zone in query.also { #expect(zones.contains(zone), "\(zone) missing from the first \(Self.shown)") }
        for zone in query.never {
            let noise = result.matches.filter { $0.item.zoneID == zone }.map { "\($0.item.name) by \($0.field) \($0.text)" }
            #expect(noise.isEmpty, "\(zone) among the first \(Self.shown): \(noise)")
        }
    }
}
