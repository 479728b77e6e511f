import Foundation
import Testing
import TimeZoneRules
import WorldClockKit

/// The query sets (Tests/WorldClockTests/user-queries.tsv and Scripts/bench/independent-queries*.tsv)
/// through the search the CLI runs (`PlaceSearch`: offsets, abbreviations in use, zone-id segments)
/// must find the right zone first as often as the compiled index alone does (Scripts/bench-search).
@Suite("PlaceSearch on the query sets")
struct PlaceSearchQuerySetTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static var sets: [String] {
        let bench = root.appendingPathComponent("Scripts/bench")
        let independent = ((try? FileManager.default.contentsOfDirectory(atPath: bench.path)) ?? [])
            .filter { $0.hasPrefix("independent-queries") && $0.hasSuffix(".tsv") }.sorted().map { "Scripts/bench/" + $0 }
        return ["Tests/WorldClockTests/user-queries.tsv"] + independent
    }

    @Test("right zone first is never worse than the index's", arguments: sets)
    func notWorse(set: String) throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent(set), encoding: .utf8)
        let catalogue = try Catalogue.load()
        let search = PlaceSearch(catalogue: catalogue, tzdata: .bundled, at: Date(timeIntervalSince1970: 1_784_116_800))  // 2026-07-15T12:00Z
        func same(_ zone: String) -> String { TZDatabase.bundled.followingLinks(zone) }
        var index = 0, wrapped = 0, worse: [String] = []
        for line in text.split(separator: "\n") where !line.hasPrefix("#") && !line.hasPrefix("query\t") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 4 else { continue }
            let wanted = Set(fields[1].split(separator: "|").map { same(String($0)) })
            let byIndex = (try? catalogue.search.search(fields[0], limit: 20).matches.first).map { wanted.contains(same($0.item.zoneID)) } ?? false
            let bySearch = (try? search.search(fields[0], limit: 20).result.matches.first).map { wanted.contains(same($0.item.zoneID)) } ?? false
            index += byIndex ? 1 : 0
            wrapped += bySearch ? 1 : 0
            if byIndex && !bySearch { worse.append(fields[0]) }
        }
        #expect(wrapped >= index, "\(set): index \(index), PlaceSearch \(wrapped); worse: \(worse)")
        #expect(worse.isEmpty, "\(set): \(worse)")
    }
}
