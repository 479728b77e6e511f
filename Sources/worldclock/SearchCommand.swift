import ArgumentParser
import HangulIndex
import WorldClock

/// `worldclock search <query>`: ranked Korean search with local times.
struct SearchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Find places by Korean name, old spelling, country, English name or zone id.",
        discussion: """
            Ranked: exact > prefix > initial consonants (ㄴㅇ → 뉴욕) > mixed (뉴ㅇ) > still typing (늉 → 뉴욕)
            > anywhere in the text. Latin is case-insensitive (new york, NEW_YORK, america/new_york). A query
            typed with the keyboard in Latin mode (sbdyr) is read as 2-set Hangul (뉴욕) when nothing matches
            as typed. Exits 1 when nothing is found.
            """
    )

    @OptionGroup var options: CommonOptions

    @Argument(help: "What to look for: 뉴, ㄴㅇ, 키예프, new york, Asia/Seoul …")
    var query: String

    @Option(help: "Show at most this many results (1–500).")
    var limit: Int = 20

    func validate() throws {
        if query.allSatisfy(\.isWhitespace) { throw ValidationError("the search query is empty") }
        if !(1...500).contains(limit) { throw ValidationError("--limit must be between 1 and 500, not \(limit)") }
    }

    func run() throws {
        let session = try options.session()
        let result: SearchResult<Place>
        do {
            result = try session.catalogue.search.search(query, limit: limit)
        } catch {
            throw CLIError.usage(error.description)
        }
        guard !result.matches.isEmpty else {
            throw CLIError.nothingFound("no place matches \"\(query)\"")
        }
        let clocks = session.clocks(for: result.matches.map(\.item))
        if session.json {
            Output.json(FeedSearch(query: query, result: result, at: session.instant, clocks: clocks, reference: session.reference))
            return
        }
        if let conversion = result.keyboardConversion {
            Output.line("\"\(conversion.typed)\"을(를) 한글 자판으로 읽었습니다: \(conversion.converted)")
        }
        let rows = result.matches.map { match in
            PlaceRows.cells(match.item, time: session.time(of: match.item, clocks: clocks), session: session)
                + [match.field == "name" ? "" : Terminal.dim("(\(Self.fieldNames[match.field] ?? match.field): \(match.text))")]
        }
        for line in Terminal.columns(rows) { Output.line(line.trimmingTrailingSpaces()) }
    }

    /// How the output names the field that matched, when it is not the name.
    static let fieldNames = ["alias": "다른 이름", "country": "나라", "english": "영어", "zone": "시간대"]
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}
