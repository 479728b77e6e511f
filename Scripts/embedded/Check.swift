// Compiled by Scripts/check-embedded for Embedded Swift (wasm32-unknown-none-wasm) and linked: a
// generic type is checked against Embedded Swift's rules only where it is specialised, so this
// file uses the search core's generic API with a concrete item, as the web module does.
import HangulIndex

struct CheckedPlace {
    let name: String
    let zoneID: String
}

/// The matches for a fixed query over a fixed list: nothing to read, everything specialised.
@_cdecl("worldclock_embedded_check")
func embeddedCheck() -> Int32 {
    let places = [CheckedPlace(name: "뉴욕", zoneID: "America/New_York"), CheckedPlace(name: "서울", zoneID: "Asia/Seoul")]
    let index = SearchIndex(places, fields: ["name", "zone"], importance: { _ in 0 }) { place in
        [SearchableText(field: "name", text: place.name), SearchableText(field: "zone", text: place.zoneID)]
    }
    do throws(SearchError) {
        return Int32(try index.search("ㄴㅇ", limit: 5).matches.count)
    } catch {
        return -1
    }
}
