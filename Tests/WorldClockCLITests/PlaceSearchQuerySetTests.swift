import Foundation
import Testing
import TimeZoneRules
import WorldClockKit

/// The query sets (Tests/WorldClockTests/user-queries.tsv and Scripts/bench/data/independent-queries*.tsv)
/// through the search the CLI runs (`PlaceSearch`: offsets, abbreviations in use, zone-id segments)
/// must find the right zone first as often as the compiled index alone does (Scripts/bench/bench-search).
@Suite("PlaceSearch on the query sets")
struct PlaceSearchQuerySetTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The independent sets in Scripts/bench/data: a folder that does not read fails the test run here,
    /// rather than leaving only the first set to test.
    static let independentSets: [String] = {
        let bench = root.appendingPathComponent("Scripts/bench/data")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: bench.path)) ?? []
        return names.filter { $0.hasPrefix("independent-queries") && $0.hasSuffix(".tsv") }.sorted().map { "Scripts/bench/data/" + $0 }
    }()

    static var sets: [String] { ["Tests/WorldClockTests/user-queries.tsv"] + independentSets }

    @Test("every query set is there: the user set and the six independent sets of Scripts/bench/data")
    func setsAreThere() {
        #expect(Self.independentSets.count >= 6, "\(Self.independentSets)")
    }

    @Test("right zone first is never worse than the index's", arguments: sets)
    func notWorse(set: String) throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent(set), encoding: .utf8)
        let catalogue = try Catalogue.load()
        let search = PlaceSearch(catalogue: catalogue, tzdata: .bundled, at: Date(timeIntervalSince1970: 1_784_116_800))  // 2026-07-15T12:00Z
        func same(_ zone: String) -> String { TZDatabase.bundled.followingLinks(zone) }
        var queries = 0, index = 0, wrapped = 0, worse: [String] = [], malformed: [Int] = []
        for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where !line.isEmpty && !line.hasPrefix("#") && !line.hasPrefix("query\t") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 4, !fields[0].isEmpty, !fields[1].isEmpty else {
                malformed.append(offset + 1)
                continue
            }
            queries += 1
            let wanted = Set(fields[1].split(separator: "|").map { same(String($0)) })
            let byIndex = (try? catalogue.nameIndex.search(fields[0], limit: 20).matches.first).map { wanted.contains(same($0.item.zoneID)) } ?? false
            let bySearch = (try? search.search(fields[0], limit: 20).result.matches.first).map { wanted.contains(same($0.item.zoneID)) } ?? false
            index += byIndex ? 1 : 0
            wrapped += bySearch ? 1 : 0
            if byIndex && !bySearch { worse.append(fields[0]) }
        }
        // A line that does not read is a fault of the set, named by its line, never a query skipped.
        #expect(malformed.isEmpty, "\(set): lines that are not query<TAB>zones<TAB>more<TAB>note: \(malformed)")
        #expect(queries >= 200, "\(set): only \(queries) queries read")
        #expect(wrapped >= index, "\(set): index \(index), PlaceSearch \(wrapped); worse: \(worse)")
        #expect(worse.isEmpty, "\(set): \(worse)")
    }
}
