import BuildStamp
import CatalogueBuilder
import Foundation
import HTTPTypes
import HangulCollation
import HangulIndex
import Hummingbird
import MeetingPlanning
import Testing
import TimeZoneRules
import WireCore
import WorldClockKit

@testable import WorldClockServer

/// The rows of the committed Data/zones.tsv, counted from the file itself (comments and the header
/// line left out): what the catalogue must list.
let committedTableRows: Int = {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Data/zones.tsv")
    let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.count - 1
}()

/// Every index title in order: ㄱ…ㅎ, A–Z, #.
let allTitles = Array("ㄱㄴㄷㄹㅁㅂㅅㅇㅈㅊㅋㅌㅍㅎABCDEFGHIJKLMNOPQRSTUVWXYZ#").map(String.init)

@Suite("GET /v1/sections")
struct SectionsEndpointTests {
    @Test("lists the titles and every section with its places and times, in the catalogue's order")
    func wholeIndex() async throws {
        try await withApp { client in
            try await client.execute(uri: "/v1/sections", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/json; charset=utf-8")
                let feed = try JSONDecoder().decode(Feed.self, from: response.data)
                // The non-empty titles in index order, every Hangul initial among them.
                #expect(feed.titles == allTitles.filter(feed.titles.contains))
                #expect(feed.titles.starts(with: allTitles.prefix(14)))
                #expect(feed.sections.map(\.title) == feed.titles)
                #expect(feed.sections.allSatisfy { !$0.places.isEmpty })
                #expect(feed.sections.flatMap(\.places).count == committedTableRows)
                #expect(feed.sections.flatMap(\.places).allSatisfy { $0.time != nil })
                #expect(feed.meta.placeCount == committedTableRows)
            }
        }
    }

    @Test("?section=ㄱ gives that section only; ㄲ and 가 stand for ㄱ and say so in Content-Location")
    func oneSection() async throws {
        try await withApp { client in
            for uri in ["/v1/sections?section=ㄱ", "/v1/sections?section=%E3%84%B1", "/v1/sections?section=%E3%84%B2", "/v1/sections?section=가"] {
                try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.status == .ok, "\(uri)")
                    let feed = try JSONDecoder().decode(Feed.self, from: response.data)
                    #expect(feed.sections.map(\.title) == ["ㄱ"], "\(uri)")
                    #expect(feed.sections.first?.places.map(\.place.name) == catalogue.sections.section(titled: "ㄱ")?.rows.map(\.name))
                    let resolved = uri.hasSuffix("%E3%84%B2") || uri.hasSuffix("가")
                    #expect(response.headers[.contentLocation] == (resolved ? "/v1/sections?section=%E3%84%B1" : nil), "\(uri)")
                }
            }
            try await client.execute(uri: "/v1/sections?section=n", method: .get) { response in
                let feed = try JSONDecoder().decode(Feed.self, from: response.data)
                #expect(response.status == .ok)
                #expect(feed.sections.allSatisfy { $0.title == "N" })
            }
        }
    }

    @Test("?at= fixes the instant: New York is on EDT, Seoul on KST, and the response is immutable")
    func fixedInstant() async throws {
        try await withApp { client in
            try await client.execute(uri: "/v1/sections?at=2026-07-15T21:00:00%2B09:00", method: .get) { response in
                #expect(response.status == .ok)
                let feed = try JSONDecoder().decode(Feed.self, from: response.data)
                #expect(feed.at == "2026-07-15T12:00:00Z")
                let places = feed.sections.flatMap(\.places)
                let newYork = try #require(places.first { $0.place.name == "뉴욕" }?.time)
                #expect(newYork.utcOffset == "-04:00")
                #expect(newYork.abbreviation == "EDT")
                #expect(newYork.dst)
                #expect(newYork.nextTransition?.at == "2026-11-01T06:00:00Z")
                let seoul = try #require(places.first { $0.place.name == "서울" }?.time)
                #expect(seoul.local == "2026-07-15T21:00:00+09:00")
                #expect(seoul.abbreviation == "KST")
                #expect(response.headers[.cacheControl] == "public, max-age=86400")
                let etag = try #require(response.headers[.eTag])
                // Every ETag begins with the digest of the rules and the catalogue together.
                #expect(etag.hasPrefix("\"\(liveService.rulesDigest)-"))
            }
        }
    }

    @Test("live times are fresh until the next minute boundary, or the next transition when that comes first")
    func liveFreshness() async throws {
        try await withApp(service(now: instant("2026-07-15T12:00:15Z"))) { client in
            try await client.execute(uri: "/v1/sections", method: .get) { response in
                #expect(response.headers[.cacheControl] == "public, max-age=44")
                #expect(response.headers[.eTag]?.hasPrefix("W/\"") == true)
                let feed = try JSONDecoder().decode(Feed.self, from: response.data)
                #expect(feed.at == "2026-07-15T12:00:15Z")
            }
        }
        // New York springs forward at 2026-03-08T07:00:00Z: 30 s away.
        try await withApp(service(now: instant("2026-03-08T06:59:30Z"))) { client in
            try await client.execute(uri: "/v1/zones/America/New_York", method: .get) { response in
                #expect(response.headers[.cacheControl] == "public, max-age=29")
            }
        }
        // In the last second of a minute nothing more is promised.
        try await withApp(service(now: instant("2026-03-07T06:59:59Z"))) { client in
            try await client.execute(uri: "/v1/sections", method: .get) { response in
                #expect(response.headers[.cacheControl] == "public, max-age=0")
            }
        }
    }

    @Test("the weak ETag of live times revalidates within the minute and not after it")
    func liveRevalidation() async throws {
        let first = try await withApp(service(now: instant("2026-07-15T12:00:15Z"))) { client in
            try await client.execute(uri: "/v1/sections?section=ㄱ", method: .get) { try #require($0.headers[.eTag]) }
        }
        try await withApp(service(now: instant("2026-07-15T12:00:50Z"))) { client in
            try await client.execute(uri: "/v1/sections?section=ㄱ", method: .get, headers: [.ifNoneMatch: first]) { response in
                #expect(response.status == .notModified)
                #expect(response.body.readableBytes == 0)
                #expect(response.headers[.eTag] == first)
                #expect(response.headers[.cacheControl] == "public, max-age=9")
            }
        }
        try await withApp(service(now: instant("2026-07-15T12:01:00Z"))) { client in
            try await client.execute(uri: "/v1/sections?section=ㄱ", method: .get, headers: [.ifNoneMatch: first]) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.eTag] != first)
            }
        }
    }
}

@Suite("GET /v1/search")
struct SearchEndpointTests {
    @Test("q=뉴 ranks 뉴욕 first and the starts of words first, prominent places (시드니 by New South Wales) among the names starting with 뉴")
    func ranked() async throws {
        try await withApp { client in
            try await client.execute(uri: "/v1/search?q=%EB%89%B4", method: .get) { response in
                #expect(response.status == .ok)
                let search = try JSONDecoder().decode(FeedSearch.self, from: response.data)
                #expect(search.query == "뉴")
                #expect(search.keyboardConversion == nil)
                #expect(search.results.first?.match.kind == "prefix")
                let names = search.results.map(\.place.place.name)
                #expect(names.first == "뉴욕", "\(names)")
                #expect(names.filter { $0.hasPrefix("뉴") }.count >= 10, "\(names)")
                // Starts of words first: the prominent places' other fields (시드니's region 뉴사우스웨일스)
                // rank with the names starting with 뉴 (Data/prominence.tsv), never a match inside a word.
                let starts = search.results.prefix { ["exact", "prefix"].contains($0.match.kind) }
                #expect(!search.results.dropFirst(starts.count).contains { $0.place.place.name.hasPrefix("뉴") }, "\(names)")
                #expect(search.results.count == 20)
                #expect(search.results.allSatisfy { $0.place.time != nil })
            }
        }
    }

    @Test("q=sbdyr is read as Hangul typed in Latin mode and finds 뉴욕")
    func keyboardConversion() async throws {
        try await withApp { client in
            try await client.execute(uri: "/v1/search?q=sbdyr", method: .get) { response in
                let search = try JSONDecoder().decode(FeedSearch.self, from: response.data)
                #expect(search.keyboardConversion == "뉴욕")
                #expect(search.results.first?.place.place.name == "뉴욕")
                #expect(search.results.first?.match.kind == "exact")
            }
        }
    }

    @Test("limit defaults to 20, caps at 100, and + in a query is a space")
    func limits() async throws {
        try await withApp { client in
            let all = try catalogue.nameIndex.search("a").matches.count
            try #require(all > 20)
            try await client.execute(uri: "/v1/search?q=a", method: .get) { response in
                let search = try JSONDecoder().decode(FeedSearch.self, from: response.data)
                #expect(search.results.count == 20)
            }
            try await client.execute(uri: "/v1/search?q=a&limit=100", method: .get) { response in
                let search = try JSONDecoder().decode(FeedSearch.self, from: response.data)
                #expect(search.results.count == min(all, 100))
            }
            try await client.execute(uri: "/v1/search?limit=1&q=new+york", method: .get) { response in
                let search = try JSONDecoder().decode(FeedSearch.self, from: response.data)
                #expect(search.query == "new york")
                #expect(search.results.map(\.place.place.name) == ["뉴욕"])
            }
        }
    }

    @Test("the same search spelled two ways has the same ETag; ?at= makes it revalidate with 304")
    func searchCaching() async throws {
        try await withApp { client in
            let a = try await client.execute(uri: "/v1/search?q=%EB%89%B4&at=2026-07-15T12:00:00Z", method: .get) { $0.headers[.eTag] }
            let b = try await client.execute(uri: "/v1/search?at=2026-07-15T21:00:00%2B09:00&q=뉴", method: .get) { $0.headers[.eTag] }
            #expect(a != nil && a == b)
            try await client.execute(uri: "/v1/search?q=뉴&at=2026-07-15T12:00:00Z", method: .get, headers: [.ifNoneMatch: "\"x\", " + a!]) {
                response in
                #expect(response.status == .notModified)
                #expect(response.headers[.cacheControl] == "public, max-age=86400")
            }
        }
    }
}

@Suite("GET /v1/zones/{zone}")
struct ZonesEndpointTests {
    @Test("America/New_York at 2026-07-15T12:00:00Z is 08:00 EDT, -04:00, a Wednesday of ISO week 29")
    func newYork() async throws {
        try await withApp { client in
            try await client.execute(uri: "/v1/zones/America/New_York?at=2026-07-15T12:00:00Z", method: .get) { response in
                #expect(response.status == .ok)
                let json = response.json
                #expect(json["timezone"] as? String == "America/New_York")
                #expect(json["datetime"] as? String == "2026-07-15T08:00:00-04:00")
                #expect(json["utc_datetime"] as? String == "2026-07-15T12:00:00+00:00")
                #expect(json["utc_offset"] as? String == "-04:00")
                #expect(json["abbreviation"] as? String == "EDT")
                #expect(json["dst"] as? Bool == true)
                #expect(json["raw_offset"] as? Int == -18_000)
                #expect(json["dst_offset"] as? Int == 3_600)
                #expect(json["dst_from"] as? String == "2026-03-08T07:00:00+00:00")
                #expect(json["dst_until"] as? String == "2026-11-01T06:00:00+00:00")
                #expect(json["unixtime"] as? Int == Int(instant("2026-07-15T12:00:00Z").timeIntervalSince1970))
                #expect(json["day_of_week"] as? Int == 3)
                #expect(json["day_of_year"] as? Int == 196)
                #expect(json["week_number"] as? Int == 29)
                #expect(json["requested_timezone"] is NSNull)
                let places = try #require(json["places"] as? [[String: Any]])
                #expect(places.contains { $0["name"] as? String == "뉴욕" })
                #expect(places.allSatisfy { $0["time"] == nil })
                #expect(response.headers[.contentLocation] == nil)
            }
        }
    }

    @Test(
        "instants before 1582 are proleptic Gregorian both ways (issue 13: they were read as Julian)",
        arguments: [
            ("/v1/zones/UTC?at=1582-10-04T12:00:00Z", "1582-10-04T12:00:00+00:00"),
            ("/v1/zones/UTC?at=0001-01-01T00:00:00Z", "0001-01-01T00:00:00+00:00"),
            ("/v1/zones/UTC?at=9999-12-31T23:59:59Z", "9999-12-31T23:59:59+00:00"),
        ])
    func prolepticGregorian(uri: String, utc: String) async throws {
        try await withApp { client in
            try await client.execute(uri: uri, method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.json["utc_datetime"] as? String == utc)
            }
        }
    }

    @Test("Asia/Seoul is KST +09:00 without DST; Mexico City keeps -06:00 in July 2026")
    func seoulAndMexicoCity() async throws {
        try await withApp { client in
            try await client.execute(uri: "/v1/zones/Asia/Seoul?at=2026-07-15T12:00:00Z", method: .get) { response in
                let json = response.json
                #expect(json["abbreviation"] as? String == "KST")
                #expect(json["utc_offset"] as? String == "+09:00")
                #expect(json["dst"] as? Bool == false)
                #expect(json["dst_from"] is NSNull)
                #expect(json["dst_until"] is NSNull)
                #expect(json["next_transition"] is NSNull)
                #expect((json["places"] as? [[String: Any]])?.contains { $0["name"] as? String == "서울" } == true)
            }
            try await client.execute(uri: "/v1/zones/America/Mexico_City?at=2026-07-15T12:00:00Z", method: .get) { response in
                #expect(response.json["utc_offset"] as? String == "-06:00")
                #expect(response.json["dst"] as? Bool == false)
            }
        }
    }

    @Test("zone ids with several slashes resolve through the wildcard route")
    func deepZone() async throws {
        try await withApp { client in
            try await client.execute(uri: "/v1/zones/America/Argentina/Buenos_Aires?at=2026-07-15T12:00:00Z", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.json["timezone"] as? String == "America/Argentina/Buenos_Aires")
                #expect(response.json["utc_offset"] as? String == "-03:00")
            }
            try await client.execute(uri: "/v1/zones/Asia%2FSeoul", method: .get) { response in
                #expect(response.json["timezone"] as? String == "Asia/Seoul")
            }
        }
    }

    @Test("an alias answers for its canonical zone and says so")
    func alias() async throws {
        try await withApp { client in
            try await client.execute(uri: "/v1/zones/Asia/Calcutta?at=2026-07-15T12:00:00Z", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.json["timezone"] as? String == "Asia/Kolkata")
                #expect(response.json["requested_timezone"] as? String == "Asia/Calcutta")
                #expect(response.json["utc_offset"] as? String == "+05:30")
                #expect(response.headers[.contentLocation] == "/v1/zones/Asia/Kolkata?at=2026-07-15T12%3A00%3A00Z")
            }
        }
    }

    @Test("the ISO week number follows ISO 8601 at year ends")
    func isoWeeks() {
        func week(_ text: String) -> Int {
            ZoneInfo.isoWeek(LocalDateTime(secondsSinceEpoch: Int64(instant(text).timeIntervalSince1970)))
        }
        #expect(week("2026-01-01T00:00:00Z") == 1)  // Thursday
        #expect(week("2026-12-31T00:00:00Z") == 53)  // 2026 has 53 weeks
        #expect(week("2027-01-03T00:00:00Z") == 53)  // Sunday of 2026's week 53
        #expect(week("2027-01-04T00:00:00Z") == 1)
        #expect(week("2024-12-30T00:00:00Z") == 1)  // Monday of 2025's week 1
        #expect(week("2021-01-03T00:00:00Z") == 53)  // 2020 (leap, starts on Wednesday) has 53
    }
}

@Suite("GET /v1/meta, /healthz, /openapi.yaml")
struct MetaEndpointTests {
    @Test("meta gives the versions, digest and counts with a strong ETag that revalidates")
    func meta() async throws {
        try await withApp { client in
            let etag = try await client.execute(uri: "/v1/meta", method: .get) { response in
                #expect(response.status == .ok)
                let meta = try JSONDecoder().decode(FeedMeta.self, from: response.data)
                #expect(meta.tzdataVersion == "2026f" && meta.tzdataSource == "bundled")
                #expect(meta.zoneCount == 420)  // tzdata 2026f's zone.tab (418), UTC and Etc/GMT
                #expect(meta.placeCount == committedTableRows)
                #expect(meta.icuVersion == ICUInfo.version)  // the running library's
                #expect(meta.catalogueDigest.count == 16 && meta.catalogueDigest.allSatisfy(\.isHexDigit))
                // The build that answers, in `--version`'s words (a test build has no commit).
                #expect(meta.server == FeedMeta.Server(version: WorldClockBuild.version, commit: WorldClockBuild.commit))
                #expect(meta.server?.version.isEmpty == false)
                let object = try #require(try JSONSerialization.jsonObject(with: response.data) as? [String: Any])
                #expect((object["server"] as? [String: Any])?["version"] as? String == WorldClockBuild.version)
                #expect(response.headers[.cacheControl] == "public, max-age=3600")
                let etag = try #require(response.headers[.eTag])
                #expect(!etag.hasPrefix("W/"))
                return etag
            }
            try await client.execute(uri: "/v1/meta", method: .get, headers: [.ifNoneMatch: etag]) { response in
                #expect(response.status == .notModified)
                #expect(response.body.readableBytes == 0)
                #expect(response.headers[.eTag] == etag)
            }
            try await client.execute(uri: "/v1/meta", method: .get, headers: [.ifNoneMatch: "\"stale\""]) { response in
                #expect(response.status == .ok)
            }
            // The feed's bodies do not say the build: their bytes and ETags stay from build to build.
            try await client.execute(uri: "/v1/sections?at=2026-07-15T12:00:00Z", method: .get) { response in
                let feed = try JSONDecoder().decode(Feed.self, from: response.data)
                #expect(feed.meta.server == nil)
                #expect(!String(decoding: response.data, as: UTF8.self).contains("\"server\""))
            }
        }
    }

    @Test("meta written before it said the server's build still decodes, with no server")
    func olderMeta() throws {
        let older = #"""
            {"tzdata_version":"2026f","tzdata_source":"bundled","icu_version":"72.1","catalogue_digest":"0123456789abcdef",\#
            "rules_digest":"fedcba9876543210","zone_count":420,"place_count":500}
            """#
        let meta = try JSONDecoder().decode(FeedMeta.self, from: Data(older.utf8))
        #expect(meta.server == nil)
        #expect(meta.zoneCount == 420)
        let withServer = older.replacingOccurrences(of: "}", with: #","server":{"version":"1.0.0","commit":"4f20dfe"}}"#)
        #expect(try JSONDecoder().decode(FeedMeta.self, from: Data(withServer.utf8)).server == FeedMeta.Server(version: "1.0.0", commit: "4f20dfe"))
    }

    @Test("healthz answers ok and is never cached")
    func health() async throws {
        try await withApp { client in
            try await client.execute(uri: "/healthz", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.text == #"{"status":"ok"}"#)
                #expect(response.headers[.cacheControl] == "no-store")
                #expect(response.headers[.eTag] == nil)
            }
        }
    }

    @Test("openapi.yaml is served as application/yaml, byte for byte the repository's file, with a 304")
    func openAPI() async throws {
        try await withApp { client in
            let etag = try await client.execute(uri: "/openapi.yaml", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/yaml; charset=utf-8")
                #expect(response.data == Data(OpenAPIDocument.yaml.utf8))
                return try #require(response.headers[.eTag])
            }
            try await client.execute(uri: "/openapi.yaml", method: .get, headers: [.ifNoneMatch: etag]) { response in
                #expect(response.status == .notModified)
            }
        }
    }

    @Test("HEAD answers GET's status and headers without the body")
    func head() async throws {
        try await withApp { client in
            for uri in [
                "/v1/sections?at=2026-07-15T12:00:00Z", "/v1/meta", "/openapi.yaml", "/healthz", "/v1/zones/Asia/Seoul?at=2026-07-15T12:00:00Z",
            ] {
                let get = try await client.execute(uri: uri, method: .get) { $0 }
                try await client.execute(uri: uri, method: .head) { response in
                    #expect(response.status == .ok, "\(uri)")
                    #expect(response.body.readableBytes == 0, "\(uri)")
                    #expect(response.headers[.contentLength] == String(get.body.readableBytes), "\(uri)")
                    #expect(response.headers[.eTag] == get.headers[.eTag], "\(uri)")
                }
            }
        }
    }
}
