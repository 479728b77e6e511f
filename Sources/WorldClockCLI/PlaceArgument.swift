import HangulIndex
import TimeZoneRules
import WorldClockKit

/// A place typed on the command line (`show`, `--from`, `add`, `remove`), read by the library's
/// `PlaceResolver` as search reads it. One answer is taken with a note on stderr saying how the
/// text was read; several are listed and the command ends with exit 1.
enum PlaceArgument {
    /// The places `text` names (one, or every place of a zone typed as its id).
    /// - Parameter what: how messages name the argument ("--from", "곳").
    /// - Parameter quiet: no note on stderr (JSON output).
    static func resolve(_ text: String, what: String, search: PlaceSearch, quiet: Bool) throws -> (places: [Place], reading: PlaceResolver.Reading) {
        let answer: PlaceResolver.Answer
        do { answer = try PlaceResolver(search: search).resolve(text) } catch {
            throw CLIError.usage(prefix(what) + SearchCommand.message(for: error, subject: "곳"))
        }
        let shown = "\"\(Terminal.printable(text, limit: 40))\""
        switch answer {
        case .found(let places, let reading):
            if !quiet, let note = note(typed: text, reading: reading) { Terminal.note(note) }
            return (places, reading)
        case .ambiguous(let matches, let zones):
            let choices = matches.prefix(10).map { match in
                // The country is already in the parentheses: no "(나라: 미국)" after it.
                let why = match.field == "country" ? "" : " " + SearchResultText.why(match)
                return ("  \(Terminal.printable(match.item.name)) (\(Terminal.printable(match.item.country)), \(match.item.zoneID))" + why)
                    .trimmingTrailingSpaces
            }
            let more = zones > 10 ? ["  … 그 밖에 \(zones - 10)곳"] : []
            throw CLIError.nothingFound(
                "\(prefix(what))\(KoreanParticle.attach(.subject, to: shown)) 가리키는 곳이 \(zones)개 시간대에 있습니다. 하나를 골라 다시 주세요:\n"
                    + (choices + more).joined(separator: "\n"))
        case .notFound:
            let suggestions = ShowCommand.suggestions(for: text, in: search).map { Terminal.printable($0) }
            throw CLIError.nothingFound(
                "\(prefix(what))\(shown): 그런 곳이나 시간대가 없습니다"
                    + (suggestions.isEmpty ? "" : ". 혹시 찾는 곳: \(suggestions.joined(separator: " · "))"))
        }
    }

    /// The places several words name, as texts to resolve: the words as one name when that is a
    /// whole name (`new york` is 뉴욕), else each word a place (`뉴욕 런던`). A word the shell kept
    /// whole (`"new york"`) is one place.
    static func texts(_ words: [String], search: PlaceSearch) -> [String] {
        guard words.count > 1 else { return words }
        let joined = words.joined(separator: " ")
        if case .found(_, let reading)? = try? PlaceResolver(search: search).resolve(joined) {
            switch reading {
            case .name, .zoneID: return [joined]
            case .search(let match, _, _) where match.kind == .exact: return [joined]
            case .search: break
            }
        }
        return words
    }

    /// The one place `text` names: the most populous of a zone typed as its id.
    static func one(_ text: String, search: PlaceSearch) throws -> Place {
        let found = try resolve(text, what: "", search: search, quiet: false)
        return principal(of: found.places) ?? found.places[0]
    }

    /// "--from: " before a message; nothing for the command's own argument (`what` empty).
    private static func prefix(_ what: String) -> String { what.isEmpty ? "" : what + ": " }

    /// "\"JFK\"를 뉴욕으로 읽었습니다(공항: JFK, …)": how the text was read, when it was not the
    /// place's own name or a zone id.
    static func note(typed: String, reading: PlaceResolver.Reading) -> String? {
        guard case .search(let match, let keyboard, let others) = reading else { return nil }
        let typedShown = KoreanParticle.attach(.object, to: "\"\(Terminal.printable(typed, limit: 40))\"")
        let name = Terminal.printable(match.item.name)
        var note: String
        if let keyboard {
            note =
                """
                \(typedShown) 한글 자판으로 친 \(KoreanParticle.attach(.direction, to: "\"\(Terminal.printable(keyboard.converted))\"")) 읽어 \
                \(KoreanParticle.attach(.object, to: name)) 골랐습니다
                """
        } else if match.kind == .similar {
            note = "\(typedShown) 철자가 비슷한 \(KoreanParticle.attach(.direction, to: name)) 읽었습니다"
        } else if match.field == "name" {
            note = "\(typedShown) \(KoreanParticle.attach(.direction, to: name)) 읽었습니다"
        } else {
            note = "\(typedShown) \(KoreanParticle.attach(.direction, to: name)) 읽었습니다\(SearchResultText.why(match))"
        }
        if !others.isEmpty {
            note +=
                ". 같은 말이 가리키는 다른 곳: " + others.prefix(5).map { Terminal.printable($0.name) }.joined(separator: " · ")
                + (others.count > 5 ? " 외 \(others.count - 5)곳" : "")
        }
        return note
    }

    /// The most populous of a zone's places: what names the zone on screen (Asia/Seoul → 서울).
    static func principal(of places: [Place]) -> Place? {
        places.enumerated().max { ($0.element.population, -$0.offset) < ($1.element.population, -$1.offset) }?.element
    }
}

extension String {
    var trimmingTrailingSpaces: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
