// Compiled by Scripts/dev/check-embedded for Embedded Swift (wasm32-unknown-none-wasm) and linked: a
// generic type is checked against Embedded Swift's rules only where it is specialised, so this
// file uses the search core's generic API with a concrete place, as the web module does.
import HangulIndex
import SearchEngine

struct CheckedPlace: SearchablePlace, Sendable {
    let name: String
    let zoneID: String
    let countryCode: String
    let population: Int
}

/// The results of fixed queries over a fixed list: nothing to read, everything specialised.
@_cdecl("worldclock_embedded_check")
func embeddedCheck() -> Int32 {
    let places = [
        CheckedPlace(name: "뉴욕", zoneID: "America/New_York", countryCode: "US", population: 8_000_000),
        CheckedPlace(name: "서울", zoneID: "Asia/Seoul", countryCode: "KR", population: 10_000_000),
        CheckedPlace(name: "평양", zoneID: "Asia/Pyongyang", countryCode: "KP", population: 3_000_000),
    ]
    let index = SearchIndex(places, fields: ["name", "zone_name", "zone"], importance: { $0.population }) { place in
        [SearchableText(field: "name", text: place.name), SearchableText(field: "zone", text: place.zoneID)]
            + (place.countryCode == "US" ? [] : [SearchableText(field: "zone_name", text: "KST", label: "대한민국 표준시")])
    }
    let engine = PlaceSearchEngine(index: index, places: places) { [CountryName(name: "대한민국", code: "KR")] }
    let facts = ZoneFactsTable([
        "America/New_York": ZoneFacts(utcOffset: -18_000, abbreviations: ["EST", "EDT"]),
        "Asia/Seoul": ZoneFacts(utcOffset: 32_400, abbreviations: ["KST"]),
        "Asia/Pyongyang": ZoneFacts(utcOffset: 32_400, abbreviations: ["KST"]),
    ])
    do throws(SearchError) {
        let named = try engine.search("ㄴㅇ", limit: 5, facts: facts).result.matches.count
        let offset = try engine.search("UTC+9", limit: 5, facts: facts).result.matches.count
        let abbreviation = try engine.search("KST", facts: facts)
        return Int32(named * 100 + offset * 10 + abbreviation.total)  // 122
    } catch {
        return -1
    }
}
