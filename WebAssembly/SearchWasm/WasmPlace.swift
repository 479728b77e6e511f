import HangulIndex
import SearchEngine
import WireCore

/// A search item's place as the module compiles it in (`BundledSearch.places`): what the page shows
/// and keeps of a result, and what search judges (its zone, country and population).
struct WasmPlace: SearchablePlace, WirePlace, Sendable {
    let name: String
    let country: String
    let countryCode: String
    let zoneID: String
    let englishName: String
    let population: Int
    let aliases: [String]

    /// A place from its fields (a line of `BundledSearch.places`).
    init(name: String, country: String, countryCode: String, zoneID: String, englishName: String, population: Int, aliases: [String]) {
        (self.name, self.country, self.countryCode, self.zoneID) = (name, country, countryCode, zoneID)
        (self.englishName, self.population, self.aliases) = (englishName, population, aliases)
    }
}
