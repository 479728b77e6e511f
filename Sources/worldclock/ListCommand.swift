import ArgumentParser
import HangulIndex
import WorldClock

/// `worldclock list [--section ㄱ]`: the sections and their places with local times.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Every section (ㄱ … ㅎ, A–Z, #) and its places, with local time, day and hours against your zone.",
        discussion: """
            --section takes the title as typed on any keyboard: ㄱ, the conjoining ᄀ, halfwidth ﾡ, a Latin
            letter (n or N), or #. A double consonant shows its base section (ㄲ → ㄱ), and a single syllable
            the section it is filed under (가 → ㄱ), each with a note on stderr; to find names that start
            with a syllable, use `worldclock search`.
            """
    )

    @OptionGroup var options: CommonOptions

    @Option(help: ArgumentHelp("Show only this section.", valueName: "ㄱ"))
    var section: String?

    @Flag(help: "Also show sections without places.")
    var allSections = false

    func run() throws {
        let session = try options.session()
        let catalogue = session.catalogue
        var sections = allSections
            ? catalogue.indexer.titles.map { catalogue.sections[$0] ?? Section(title: $0, rows: []) }
            : catalogue.sections.sections
        if let section {
            let resolved: ResolvedTitle
            do { resolved = try catalogue.indexer.resolveTitle(section) } catch { throw CLIError.usage("--section: \(error)") }
            if let typed = resolved.resolvedFrom, typed != resolved.title.text, !session.json {
                Terminal.note("\(typed) → section \(resolved.title.text)")
            }
            sections = [catalogue.sections[resolved.title] ?? Section(title: resolved.title, rows: [])]
        }
        let places = sections.flatMap(\.rows)
        let clocks = session.clocks(for: places)
        if session.json {
            Output.json(Feed(catalogue: catalogue, sections: sections, at: session.instant, clocks: clocks, reference: session.reference))
            return
        }
        let table = Terminal.columns(places.map { PlaceRows.cells($0, time: session.time(of: $0, clocks: clocks), session: session) })
        var lines = table.makeIterator()
        for (number, section) in sections.enumerated() {
            if number > 0 { Output.line() }
            Output.line(Terminal.heading("\(section.title.text)") + Terminal.dim("  \(section.rows.count)곳"))
            for _ in section.rows { Output.line("  " + (lines.next() ?? "")) }
        }
    }
}
