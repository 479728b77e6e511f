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
            queries.append(
                UserQuery(
                    query: fields[0], first: fields[1].split(separator: "|").map(String.init),
                    also: fields[2].split(separator: ";").map(String.init), category: fields[3], line: index + 1))
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

    @Test("the right zone comes first", arguments: UserQuery.all)
    func rightZoneFirst(_ query: UserQuery) throws {
        let result = try bundled.search.search(query.query, limit: Self.shown)
        let first = try #require(result.matches.first, "nothing found")
        #expect(query.first.contains(first.item.zoneID), "first: \(first.item.name) \(first.item.zoneID) by \(first.field) \(first.text)")
        let zones = Set(result.matches.map(\.item.zoneID))
        for zone in query.also { #expect(zones.contains(zone), "\(zone) missing from the first \(Self.shown)") }
    }
}
