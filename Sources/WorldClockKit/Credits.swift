/// The licence of worldclock's own code and the sources of its data, each under its own licence:
/// the one text that `worldclock --version`, the web page's footer and `/v1/meta` show. GeoNames'
/// CC BY 4.0 asks for attribution where its data is used; the others are credited alike.
/// REUSE.toml and Packaging/copyright say the same per file; `CreditsTests` holds every surface to it.
package enum Credits {
    /// The SPDX licence of worldclock's own code.
    package static let license = "Apache-2.0"

    /// Where the catalogue's data comes from, in the order a credit line names it.
    package static let sources: [FeedMeta.DataSource] = [
        FeedMeta.DataSource(
            name: "GeoNames", license: "CC-BY-4.0", url: "https://www.geonames.org/", provides: "도시 이름, 인구, 시간대"),
        FeedMeta.DataSource(
            name: "Unicode CLDR", license: "Unicode-3.0", url: "https://cldr.unicode.org/", provides: "한국어 나라·도시·시간대 이름, 주말"),
        FeedMeta.DataSource(
            name: "IANA tz", license: "LicenseRef-tz-public-domain", url: "https://www.iana.org/time-zones",
            provides: "시간대 규칙, 약어"),
        FeedMeta.DataSource(
            name: "airportsdata", license: "MIT", url: "https://github.com/mborsetti/airportsdata", provides: "공항 코드"),
    ]

    /// One line for a terminal: `Apache-2.0 · 데이터: GeoNames (CC BY 4.0), …`.
    package static var line: String {
        "라이선스 \(license) · 데이터: " + sources.map { "\($0.name) (\(spokenLicense($0.license)))" }.joined(separator: ", ")
    }

    /// A licence as people write it in a credit (`CC BY 4.0`), from its SPDX id.
    package static func spokenLicense(_ spdx: String) -> String {
        switch spdx {
        case "CC-BY-4.0": "CC BY 4.0"
        case "Unicode-3.0": "Unicode License v3"
        case "LicenseRef-tz-public-domain": "public domain"
        default: spdx
        }
    }
}
