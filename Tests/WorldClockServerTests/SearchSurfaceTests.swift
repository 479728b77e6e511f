import Foundation
import Testing
import TimeZoneRules
import WorldClockKit

@testable import WorldClockServer

/// `/v1/search` is the search the CLI and the kit run (`PlaceSearch`): the project's query set
/// (Tests/WorldClockTests/user-queries.tsv) gives the same top 5 with the same labels through
/// both, and the facts issue 34 measured on the raw index hold no more.
@Suite("One search: PlaceSearch and /v1/search")
struct SearchSurfaceTests {
    static let at = "2026-07-15T12:00:00Z"

    /// The queries of the shared table.
    static let queries: [String] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("WorldClockTests/user-queries.tsv")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.hasPrefix("query\t") }
            .compactMap { $0.split(separator: "\t", omittingEmptySubsequences: false).first.map(String.init) }
    }()

    /// A result as both surfaces show it: the place, the field, the text and the label.
    static func row(name: String, field: String, text: String, label: String?) -> String {
        "\(name) (\(field): \(text)\(label.map { ", " + $0 } ?? ""))"
    }

    static func encoded(_ query: String) -> String {
        query.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? query
    }

    @Test("every query of the shared table: the same top 5, labels, total and former places through both")
    func sameTopFive() async throws {
        #expect(Self.queries.count >= 300)
        let search = PlaceSearch(catalogue: catalogue, tzdata: .bundled, at: instant(Self.at))
        let differences = try await withApp { client in
            var differences: [String] = []
            for query in Self.queries {
                let native = try search.search(query, limit: 5)
                let rows = native.result.matches.map { Self.row(name: $0.item.name, field: $0.field, text: $0.text, label: $0.label) }
                try await client.execute(uri: "/v1/search?q=\(Self.encoded(query))&limit=5&at=\(Self.at)", method: .get) { response in
                    guard response.status == .ok, let feed = try? JSONDecoder().decode(FeedSearch.self, from: response.data) else {
                        differences.append("\(query): \(response.status)")
                        return
                    }
                    let served = feed.results.map {
                        Self.row(name: $0.place.place.name, field: $0.match.field, text: $0.match.text, label: $0.match.label)
                    }
                    if served != rows || feed.total != native.total
                        || feed.former?.places != native.former.first.map({ _ in native.former.map(\.item.name) })
                    {
                        differences.append("\(query): PlaceSearch \(rows) \(native.total), API \(served) \(feed.total)")
                    }
                }
            }
            return differences
        }
        #expect(differences.isEmpty, "\(differences.count): \(differences.prefix(10))")
    }

    @Test("UTC+9 lists the places on UTC+9 at the instant, 서울 first, by offset")
    func offset() async throws {
        try await withApp { client in
            try await client.execute(uri: "/v1/search?q=UTC%2B9&at=\(Self.at)", method: .get) { response in
                let feed = try JSONDecoder().decode(FeedSearch.self, from: response.data)
                #expect(feed.results.first?.place.place.name == "서울")
                #expect(feed.results.first?.match.field == "offset")
                #expect(feed.results.first?.match.fieldName == "UTC 오프셋")
                #expect(feed.results.allSatisfy { $0.place.time?.utcOffsetSeconds == 32_400 })
                #expect(feed.total >= 10)
            }
        }
    }

    @Test("PST leaves out 밴쿠버 (on MST since 2026) and names it in former; no Hemel Hempstead")
    func former() async throws {
        try await withApp { client in
            try await client.execute(uri: "/v1/search?q=PST&at=\(Self.at)", method: .get) { response in
                let feed = try JSONDecoder().decode(FeedSearch.self, from: response.data)
                let names = feed.results.map(\.place.place.name)
                #expect(names.first == "로스앤젤레스")
                #expect(!names.contains("밴쿠버") && !names.contains("헤멀헴프스터드"), "\(names)")
                #expect(feed.former == FeedFormerAbbreviation(abbreviation: "PST", places: ["밴쿠버"]))
                #expect(feed.total == feed.results.count)
            }
        }
    }

    @Test("KST labels 평양 neutrally and matches no word it is inside (Kstovo, Frankston, AKST)")
    func kst() async throws {
        try await withApp { client in
            try await client.execute(uri: "/v1/search?q=KST&at=\(Self.at)", method: .get) { response in
                let feed = try JSONDecoder().decode(FeedSearch.self, from: response.data)
                #expect(feed.results.map(\.place.place.name) == ["서울", "평양"])
                #expect(feed.results.last?.match.label == "tz 약어, UTC+9")
                #expect(feed.total == 2 && feed.former == nil && feed.onlyFormer == nil)
            }
        }
    }

    @Test("a cut list says how many matched in all")
    func total() async throws {
        try await withApp { client in
            try await client.execute(uri: "/v1/search?q=%EB%89%B4&limit=3&at=\(Self.at)", method: .get) { response in
                let feed = try JSONDecoder().decode(FeedSearch.self, from: response.data)
                #expect(feed.results.count == 3)
                #expect(feed.total > 3)
            }
        }
    }
}
