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
        json.raw("{\"query\":")
        json.string(query)
        json.raw(",\"keyboard_conversion\":")
        json.optionalString(result.keyboardConversion?.converted)
        json.raw(",\"total\":")
        json.number(outcome.total)
        // The notes as the feed's fields (FeedSearch): absent when there is none.
        if let first = outcome.former.first {
            json.raw(",\"former\":{\"abbreviation\":")
            json.string(first.text)
            json.raw(",\"places\":[")
            for (number, match) in outcome.former.enumerated() {
                if number > 0 { json.raw(",") }
                json.string(match.item.name)
            }
            json.raw("]}")
        }
        if let abbreviation = outcome.onlyFormerAbbreviation {
            json.raw(",\"only_former\":")
            json.string(abbreviation)
        }
        json.raw(",\"results\":[")
        for (number, match) in result.matches.enumerated() {
            if number > 0 { json.raw(",") }
            json.raw("{\"place\":")
            match.item.write(to: &json)
            json.raw(",\"match\":{\"kind\":")
            json.string(match.kind.name)
            json.raw(",\"kind_name\":")
            json.string(BundledSearch.kindNames[match.kind.rawValue])
            json.raw(",\"field\":")
            json.string(match.field)
            json.raw(",\"field_name\":")
            json.string(fieldNames[match.field] ?? match.field)
            json.raw(",\"text\":")
            json.string(match.text)
            json.raw(",\"label\":")
            json.optionalString(match.label)
            json.raw(",\"utf16_start\":")
            json.number(match.utf16Range.lowerBound)
            json.raw(",\"utf16_end\":")
            json.number(match.utf16Range.upperBound)
            json.raw("}}")
        }
        json.raw("]}")
        return json.bytes
    }
}

/// The module's error answer, `{"error":{"code":…,"message":…}}`: the code from the table every
/// surface shares (`Refusal`), the message the refusal's own.
func refusalJSON(_ refusal: Refusal, _ message: String) -> [UInt8] { JSONWriter.error(code: refusal.code, message: message) }
