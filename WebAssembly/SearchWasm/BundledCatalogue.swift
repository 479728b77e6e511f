import HangulIndex
import SearchEngine

/// The bundled catalogue's search, made when the module is prepared from the items' texts compiled
/// in (`BundledSearch`, written by search-wasm-data), exactly as the compiled catalogue's index was
/// built from them; searched by the CLI's engine (`PlaceSearchEngine`).
struct BundledCatalogue: Sendable {
    let engine: PlaceSearchEngine<WasmPlace>

    init() {
        var places: [WasmPlace] = [], texts: [[SearchableText]] = [], distinct: [SearchableText] = []
        for line in BundledSearch.items.split(separator: "\n") {
            let cells = line.split(separator: "\t", omittingEmptySubsequences: false)
            var itemTexts: [SearchableText] = []
            for cell in cells.dropFirst(3) {
                if cell.first == "#" {
                    itemTexts.append(distinct[Int(cell.dropFirst())!])
                    continue
                }
                // FIELD[*]TEXT[|LABEL]: the field is one digit.
                var rest = cell.dropFirst()
                let isPreferred = rest.first == "*"
                if isPreferred { rest = rest.dropFirst() }
                let bar = rest.firstIndex(of: "|")
                let text = SearchableText(
                    field: BundledSearch.fields[Int(String(cell.first!))!], text: String(rest[..<(bar ?? rest.endIndex)]),
                    label: bar.map { String(rest[rest.index(after: $0)...]) }, isPreferred: isPreferred)
                distinct.append(text)
                itemTexts.append(text)
            }
            places.append(WasmPlace(population: Int(cells[0])!, countryCode: String(cells[1]), country: String(cells[2]), texts: itemTexts))
            texts.append(itemTexts)
        }
        let countries = BundledSearch.countries.split(separator: "\n").map { line in
            let cells = line.split(separator: "\t")
            return CountryName(name: String(cells[0]), code: String(cells[1]))
        }
        // Built over the items' positions (whose texts these are), then read with the places as items.
        let built = SearchIndex(
            Array(places.indices), fields: BundledSearch.fields, importance: { places[$0].population },
            droppableSuffixes: BundledSearch.droppableSuffixes, texts: { texts[$0] })
        let index = SearchIndex(compiled: built.compiled, droppableSuffixes: BundledSearch.droppableSuffixes) { [places] in places[$0] }
        engine = PlaceSearchEngine(index: index, places: Array(places.prefix(BundledSearch.listedCount)), countryNames: { countries })
    }
}
