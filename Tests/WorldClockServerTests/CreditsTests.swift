import Foundation
import Hummingbird
import Testing
import WorldClockKit

@testable import WorldClockServer

/// The licence and the data's credits are one text (`Credits`), and every surface a user looks at
/// shows it: `/v1/meta` and the feed's meta here, the page served and exported, `--version` in
/// the CLI's tests.
@Suite("The licence and the data's credits on the server's surfaces")
struct CreditsTests {
    @Test("/v1/meta and the feed's meta name the licence and every data source with its SPDX licence and URL")
    func meta() async throws {
        try await withApp { client in
            for uri in ["/v1/meta", "/v1/sections?section=ㄴ".addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed)!] {
                try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.status == .ok)
                    let object = try #require(try JSONSerialization.jsonObject(with: response.data) as? [String: Any])
                    let meta = try #require((uri == "/v1/meta" ? object : object["meta"]) as? [String: Any], "\(uri)")
                    #expect(meta["license"] as? String == "Apache-2.0", "\(uri)")
                    let sources = try #require(meta["sources"] as? [[String: String]], "\(uri)")
                    #expect(sources.map { $0["name"] } == ["GeoNames", "Unicode CLDR", "IANA tz", "airportsdata"], "\(uri)")
                    #expect(sources.map { $0["license"] } == ["CC-BY-4.0", "Unicode-3.0", "LicenseRef-tz-public-domain", "MIT"], "\(uri)")
                    #expect(sources.allSatisfy { $0["url"]?.hasPrefix("https://") == true && $0["provides"]?.isEmpty == false }, "\(uri)")
                }
            }
            // The kit reads what the server wrote.
            try await client.execute(uri: "/v1/meta", method: .get) { response in
                let meta = try JSONDecoder().decode(FeedMeta.self, from: response.data)
                #expect(meta.license == "Apache-2.0")
                #expect(meta.sources?.first?.name == "GeoNames")
            }
        }
    }

    @Test("the page, served and exported, ends with a visible credit line that links the licence and each source")
    func page() async throws {
        let expected = [
            #"<footer class="credits"><p>worldclock · <a href="https://www.apache.org/licenses/LICENSE-2.0">Apache-2.0</a>"#,
            #"<a href="https://www.geonames.org/">GeoNames</a> (CC BY 4.0)"#,
            #"<a href="https://cldr.unicode.org/">Unicode CLDR</a> (Unicode License v3)"#,
            #"<a href="https://www.iana.org/time-zones">IANA tz</a> (public domain)"#,
            #"<a href="https://github.com/mborsetti/airportsdata">airportsdata</a> (MIT)"#,
        ]
        let exported = String(buffer: WebSite(searchEndpoint: nil).page.body)
        try await withApp { client in
            try await client.execute(uri: "/", method: .get) { response in
                let served = String(buffer: response.body)
                for html in [served, exported] {
                    for part in expected { #expect(html.contains(part), "\(part)") }
                    #expect(!html.contains(WebSite.creditsPlaceholder))
                }
            }
        }
    }
}
