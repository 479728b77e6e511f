import HangulIndex
import WorldClockKit

/// `worldclock list [--section ㄱ]`: the sections and their places with local times.
struct ListCommand: Command {
    static let spec = CommandSpec(
        name: "list",
        abstract: "섹션(ㄱ … ㅎ, A–Z, #)마다 곳과 그곳의 현지 시각, 날짜, 기준 시간대와의 시차를 보여 줍니다.",
        english: "Lists, section by section (ㄱ … ㅎ, A–Z, #), the places with their local time, date and difference from the reference zone.",
        discussion: """
            --section에는 어느 자판으로 치든 섹션 제목을 줄 수 있습니다: ㄱ, 조합형 ᄀ, 반각 ﾡ, 라틴 문자(n이나 N), #. \
            쌍자음은 기본 자음의 섹션을(ㄲ → ㄱ), 한 음절은 그 음절이 들어가는 섹션을(가 → ㄱ) 보여 주고, 그렇게 읽었다는 \
            안내를 표준 오류에 씁니다. 어떤 음절로 시작하는 이름을 찾으려면 worldclock search를 쓰세요.

            터미널에서는 너비에 맞춰 이름, 시각, 날짜, 시차를 먼저 보여 주고, 자리가 남으면 UTC 오프셋, 나라, 시간대 id를 \
            덧붙입니다. 파이프로 보내거나 --wide를 주면 모든 열을 그대로 씁니다. 보여 줄 곳이 없는 섹션은 \
            "찾은 곳 없음"으로 끝납니다(종료 코드 1).
            """,
        options: DisplayOptions.options + [
            .option("section", value: "ㄱ", help: "이 섹션만 보여 줍니다.", english: "Shows this section only."),
            .flag("all-sections", help: "곳이 없는 섹션도 보여 줍니다.", english: "Shows sections with no place too."),
        ]
    )

    let options: DisplayOptions
    let section: String?
    let allSections: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        options = try DisplayOptions(arguments)
        section = arguments.value("section")
        allSections = arguments.flag("all-sections")
    }

    var writesJSON: Bool { options.json }

    func run() throws {
        let session = try options.session()
        let sections = try shownSections(session: session)
        let clocks = session.clocks(for: sections.flatMap(\.rows))
        if session.json {
            Output.json(Feed(catalogue: session.catalogue, sections: sections, at: session.instant, clocks: clocks, reference: session.reference))
        } else {
            SectionListText(sections: sections, clocks: clocks, session: session).lines().forEach { Output.line($0) }
        }
    }

    /// Every section with places (with `--all-sections`, every title), or the one `--section` names.
    private func shownSections(session: Session) throws -> [IndexSection<Place>] {
        let catalogue = session.catalogue
        guard let section else {
            return allSections
                ? catalogue.indexer.titles.map { catalogue.sections[$0] ?? IndexSection(title: $0, rows: []) }
                : catalogue.sections.sections
        }
        let resolved: ResolvedTitle
        do { resolved = try catalogue.indexer.resolveTitle(section) } catch {
            // The titles `sections` shows: those with places.
            let shown = catalogue.sections.sections.map(\.title.text)
            throw CLIError.usage("--section: \(Self.message(for: error, titles: shown))")
        }
        let title = resolved.title.text
        if let typed = resolved.resolvedFrom, typed != title, !session.json {
            Terminal.note("\(KoreanParticle.attach(.topic, to: typed)) \(title) 섹션으로 읽었습니다")
        }
        guard let found = catalogue.sections[resolved.title], !found.rows.isEmpty else {
            throw CLIError.nothingFound("\(title) 섹션에는 곳이 없습니다")
        }
        return [found]
    }

    /// What was wrong with the typed section, and the valid ones, in Korean.
    static func message(for error: SectionTitleError, titles: [String]? = nil) -> String {
        let what =
            error.input.isEmpty
            ? "섹션이 비어 있습니다"
            : "\(KoreanParticle.attach(.topic, to: "\"\(Terminal.printable(error.input, limit: 40))\"")) 섹션이 아닙니다"
        return "\(what). 쓸 수 있는 섹션: \((titles ?? error.validTitles).joined(separator: " "))"
    }
}

/// `list` as text: each section's heading and count, its places in a table fitted to the
/// terminal, then the notes the table needs.
struct SectionListText {
    let sections: [IndexSection<Place>]
    let clocks: ZoneClocks
    let session: Session

    func lines() -> [String] {
        let places = sections.flatMap(\.rows)
        let times = places.map { session.time(of: $0, clocks: clocks) }
        var table = TextTable(
            columns: PlaceRows.columns,
            rows: zip(places, times).map { PlaceRows.cells($0, time: $1, session: session) })
        table.colour = PlaceRows.colouring(times, session: session)
        var rows = table.lines(fitting: session.width, indent: "  ").makeIterator()
        var lines: [String] = []
        for (number, section) in sections.enumerated() {
            if number > 0 { lines.append("") }
            lines.append(Terminal.heading(section.title.text) + Terminal.dim("  \(section.rows.count)곳"))
            for _ in section.rows { lines.append(rows.next() ?? "") }
        }
        let shown = zip(places, times).compactMap { place, time in time.map { (place: place, time: $0) } }
        let note = PlaceRows.noteLines(after: table, indent: 2, shown: shown, session: session)
        return lines + (note.isEmpty ? [] : [""] + note)
    }
}
