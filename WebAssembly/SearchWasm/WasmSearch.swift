import HangulIndex
import SearchEngine
import WireCore

/// The module's search: the CLI's engine over the bundled catalogue, at the instant the zones'
/// facts describe, answered as the feed's search JSON.
enum WasmSearch {
    /// The zones' facts at the instant searches are for, from their timelines (`wc_set_timelines`).
    nonisolated(unsafe) static var zones = ZoneTimelines([:], at: 0)

    /// Made on the first use (`wc_prepare`).
    static let catalogue = BundledCatalogue()

    static let fieldNames: [String: String] = {
        var names: [String: String] = [:]
        for line in BundledSearch.fieldNames.split(separator: "\n") {
            let cells = line.split(separator: "\t", omittingEmptySubsequences: false)
            names[String(cells[0])] = String(cells[1])
        }
        return names
    }()

    /// The answer to `query`: the feed's search JSON, or an error object.
    static func answer(_ query: String, limit: Int?) -> [UInt8] {
        var json = JSONWriter()
        let outcome: SearchOutcome<WasmPlace>
        do throws(SearchError) {
            outcome = try catalogue.engine.search(query, limit: limit, facts: zones)
        } catch {
            return refusalJSON(error.refusal, error.description)
        }
        let result = outcome.result
        json.searchAnswer(
            query: query, keyboardConversion: result.keyboardConversion?.converted, total: outcome.total,
            former: outcome.former.first.map { ($0.text, outcome.former.map { $0.item.name }) }, onlyFormer: outcome.onlyFormerAbbreviation,
            results: result.matches
        ) { json, match in
            json.searchResult(
                kind: match.kind.name, kindName: BundledSearch.kindNames[match.kind.rawValue], field: match.field,
                fieldName: fieldNames[match.field] ?? match.field, text: match.text, label: match.label, utf16Start: match.utf16Range.lowerBound,
                utf16End: match.utf16Range.upperBound, place: { json in json.place(match.item) })
        }
        return json.bytes
    }
}

/// The module's error answer, `{"error":{"code":…,"message":…}}`: the code from the table every
/// surface shares (`Refusal`), the message the refusal's own.
func refusalJSON(_ refusal: Refusal, _ message: String) -> [UInt8] { JSONWriter.error(code: refusal.code, message: message) }
