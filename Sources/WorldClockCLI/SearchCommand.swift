import HangulIndex
import SearchEngine
import WorldClockKit

/// `worldclock search <query>`: ranked Korean search with local times.
struct SearchCommand: Command {
    static let spec = CommandSpec(
        name: "search",
        abstract: "곳을 찾습니다: 한국어 이름과 옛 표기, 영어 이름, 나라, 지역(캘리포니아, 발리), 시간대 이름과 약어(KST, CST), 공항 코드(ICN), 시간대 id.",
        english:
            """
            Finds places: Korean names and old spellings, English names, countries, regions (캘리포니아, 발리), zone names and abbreviations (KST, \
            CST), airport codes (ICN), zone ids.
            """,
        discussion: """
            순위: \(ranking). \
            같은 순위에서는 이름이 다른 이름·나라·약어보다 앞서고, 큰 도시가 앞섭니다. 여러 시간대를 가리키는 약어는 흔히 \
            뜻하는 곳이 먼저입니다(CST → 시카고, 상하이 …). 라틴 문자는 대소문자를 가리지 않고, 띄어쓰기는 상관없습니다. \
            UTC+9, +09:00, GMT-5, +5:30 같은 오프셋은 지금(--at) 그 오프셋인 곳을 찾고, 약어(PST, CST)는 지금이나 앞으로 1년 안에 \
            그 약어를 쓰는 곳만 찾습니다(예전에 쓰던 곳은 따로 알려 줍니다). 그대로는 찾은 것이 없을 때, 영문 자판 상태로 친 검색어(sbdyr)는 두벌식 한글(뉴욕)로 읽고, 덧붙인 섬·주·공항 \
            같은 말은 떼고 다시 찾으며, 그래도 없으면 철자가 비슷한 곳(보스톤 → 보스턴)을 보여 줍니다. 검색어는 100자까지이고, \
            찾은 곳이 없으면 종료 코드 1로 끝납니다.
            """,
        options: DisplayOptions.options + [
            .option(
                "limit", value: "개수",
                help: "결과를 최대 이만큼 보여 줍니다(1–\(SearchRules.maximumLimit), 기본값 \(SearchRules.defaultLimit)).",
                english: "Shows at most this many results (1–\(SearchRules.maximumLimit), default \(SearchRules.defaultLimit)).")
        ],
        arguments: [
            ArgumentSpec(
                valueName: "검색어", help: "찾을 말: 뉴, ㄴㅇ, 키예프, new york, Asia/Seoul, UTC+9 … 여러 낱말은 한 검색어입니다.",
                english: "What to find: 뉴, ㄴㅇ, 키예프, new york, Asia/Seoul, UTC+9 … Several words are one query.", repeats: true)
        ]
    )

    /// The kinds of match in rank order, by the names the web app shows too (`FeedMatch.koreanKindName`),
    /// with an example where the name alone does not show it. Similar spellings come only when nothing
    /// else matched, so they are not ranked here.
    private static var ranking: String {
        func example(_ kind: MatchKind) -> String {
            switch kind {
            case .choseong: "(ㄴㅇ → 뉴욕)"
            case .mixed: "(뉴ㅇ)"
            case .incremental: "(늉 → 뉴욕)"
            default: ""
            }
        }
        return MatchKind.allCases.filter { $0 != .similar }.map { FeedMatch.koreanKindName($0) + example($0) }.reduce("") {
            $0.isEmpty ? $1 : $0 + " > " + $1
        }
    }

    let options: DisplayOptions
    let query: String
    let limit: Int

    init(_ arguments: ParsedArguments) throws(UsageError) {
        options = try DisplayOptions(arguments)
        query = arguments.argument(0)
        if arguments.words(from: 0).contains(where: { $0.allSatisfy(\.isWhitespace) }) {
            throw Self.refusal(.emptyQuery, arguments)
        }
        limit = try arguments.integer("limit", default: SearchRules.defaultLimit)
        do { _ = try SearchIndex<Place>.validatedQuery(query) } catch { throw Self.refusal(error, arguments) }
        if !(1...SearchRules.maximumLimit).contains(limit) {
            throw arguments.error("--limit은 1에서 \(SearchRules.maximumLimit) 사이여야 합니다(받은 값: \(limit))")
        }
    }

    var writesJSON: Bool { options.json }

    func run() throws {
        let session = try options.session()
        let outcome: PlaceSearch.Outcome
        do {
            outcome = try session.search.search(query, limit: limit)
            PhaseTrace.mark("searched (\(outcome.total) matches)")
        } catch {
            throw CLIError.refused(Self.message(for: error, subject: "검색어"), error.refusal)
        }
        let result = outcome.result
        guard !result.matches.isEmpty else {
            throw CLIError.nothingFound("\"\(Terminal.printable(query, limit: 40))\"에 맞는 곳이 없습니다")
        }
        let clocks = session.clocks(for: result.matches.map(\.item))
        if session.json {
            return Output.json(FeedSearch(query: query, outcome: outcome, at: session.instant, clocks: clocks, reference: session.reference))
        }
        // How the query was read, and what was left out: on stderr, out of a pipe's way.
        let text = SearchResultText(query: query, result: result, clocks: clocks, session: session)
        text.notes(outcome: outcome).forEach(Terminal.note)
        text.lines().forEach { Output.line($0) }
    }

    /// A query search refuses, as a usage error whose JSON code is search's own (`empty_query`).
    static func refusal(_ error: SearchError, _ arguments: ParsedArguments) -> UsageError {
        var refusal = arguments.error(message(for: error, subject: "검색어"))
        refusal.refusal = error.refusal
        return refusal
    }

    /// A query search refuses, in Korean; `subject` names what was typed (검색어, 곳).
    static func message(for error: SearchError, subject: String) -> String {
        if error == .emptyQuery { return "\(KoreanParticle.attach(.subject, to: subject)) 비어 있습니다" }
        if case .queryTooLong(let characters, let limit) = error {
            return "\(KoreanParticle.attach(.subject, to: subject)) \(characters)자로 너무 깁니다(최대 \(limit)자)"
        }
        return error.description
    }
}

/// `search` as text: the keyboard reading if one was used, or that only similar spellings matched;
/// the matches in a table with the field that matched when it is not the name, then the notes the table needs.
struct SearchResultText {
    let query: String
    let result: SearchResult<Place>
    let clocks: ZoneClocks
    let session: Session

    /// How the output names the field that matched, when it is not the name.
    static let fieldNames = FeedMatch.koreanFieldNames

    /// "(시간대 이름: CST, 미 중부 표준시)": the field, what matched, and what it means there when
    /// that is not the text itself (which CST, which airport).
    static func why(_ match: SearchMatch<Place>) -> String {
        guard match.field != "name" else { return "" }
        let meaning = match.label.flatMap { $0.isEmpty || $0 == match.text ? nil : ", " + Terminal.printable($0) } ?? ""
        return "(\(fieldNames[match.field] ?? match.field): \(Terminal.printable(match.text))\(meaning))"
    }

    /// What goes to stderr: the search's notes (`SearchOutcome.notes`, the feed's fields) in
    /// Korean: the keyboard reading or the similar spellings, the places left out for an
    /// abbreviation they no longer use, how many more matched than shown.
    func notes(outcome: PlaceSearch.Outcome) -> [String] {
        outcome.notes.map { note in
            switch note {
            case .keyboardConversion(let typed, let converted):
                let typed = KoreanParticle.attach(.object, to: "\"\(Terminal.printable(typed))\"")
                let converted = KoreanParticle.attach(.direction, to: "\"\(converted)\"")
                return "\(typed) 한글 자판으로 친 \(converted) 읽었습니다"
            case .similarSpellings:
                return "\"\(Terminal.printable(query, limit: 40))\"에 맞는 곳이 없어 철자가 비슷한 곳을 보여 줍니다"
            case .formerAbbreviation(let abbreviation, let places):
                let names = places.prefix(5).map { Terminal.printable($0.name) }.joined(separator: ", ")
                return "\(KoreanParticle.attach(.object, to: abbreviation)) 예전에 쓰던 곳은 뺐습니다(지금 규칙에서는 다른 약어): \(names)"
                    + (places.count > 5 ? " 외 \(places.count - 5)곳" : "")
            case .onlyFormerAbbreviation(let abbreviation):
                return "\(KoreanParticle.attach(.object, to: abbreviation)) 지금 쓰는 곳이 없어 예전에 쓰던 곳을 보여 줍니다"
            case .truncated(let shown, let total):
                return "\(total)곳 중 \(shown)곳을 보여 줍니다. \(total - shown)곳 더: --limit \(min(SearchRules.maximumLimit, total))"
            }
        }
    }

    /// `PlaceRows.columns` and the match note, the country kept first: two places of one name
    /// (뉴캐슬 in Australia and in the UK) are told apart by it at 80 columns and less, then the note
    /// why it matched, the offset, the zone id.
    static let columns: [TextTable.Column] = {
        var columns = PlaceRows.columns + [.init(priority: 2, minimumWidth: 10, dimmed: true)]
        columns[1].priority = 1
        columns[PlaceRows.offsetColumn].priority = 3
        return columns
    }()

    func lines() -> [String] {
        let times = result.matches.map { session.time(of: $0.item, clocks: clocks) }
        let rows = zip(result.matches, times).map { match, time in
            PlaceRows.cells(match.item, time: time, session: session) + [Self.why(match)]
        }
        var table = TextTable(columns: Self.columns, rows: rows)
        table.colour = PlaceRows.colouring(times, session: session)
        let shown = zip(result.matches, times).compactMap { match, time in time.map { (place: match.item, time: $0) } }
        return table.lines(fitting: session.width) + PlaceRows.noteLines(after: table, indent: 0, shown: shown, session: session)
    }
}
