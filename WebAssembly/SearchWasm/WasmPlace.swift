import HangulIndex
import SearchEngine

/// A search item's place as the module compiles it in (`BundledSearch.items`): what the page shows
/// and keeps of a result, and what search judges (its zone, country and population).
struct WasmPlace: SearchablePlace, Sendable {
    let name: String
    let country: String
    let countryCode: String
    let zoneID: String
    let englishName: String
    let population: Int
    let aliases: [String]

    /// The place of an item's line, from its texts as the catalogue made them (its name first,
    /// then its aliases, its English name, and its zone last).
    init(population: Int, countryCode: String, country: String, texts: [SearchableText]) {
        name = texts.first?.text ?? ""
        aliases = texts.filter { $0.field == "alias" }.map { $0.text }
        englishName = texts.first { $0.field == "english" }?.text ?? ""
        zoneID = texts.last { $0.field == "zone" }?.text ?? ""
        (self.population, self.countryCode, self.country) = (population, countryCode, country)
    }

    /// The place's fields as the feed writes them (`Place`'s JSON).
    func write(to json: inout JSONWriter) {
        json.raw("{\"name\":")
        json.string(name)
        json.raw(",\"country\":")
        json.string(country)
        json.raw(",\"country_code\":")
        json.string(countryCode)
        json.raw(",\"zone\":")
        json.string(zoneID)
        json.raw(",\"english\":")
        json.string(englishName)
        json.raw(",\"aliases\":[")
        for (number, alias) in aliases.enumerated() {
            if number > 0 { json.raw(",") }
            json.string(alias)
        }
        json.raw("]}")
    }
}
