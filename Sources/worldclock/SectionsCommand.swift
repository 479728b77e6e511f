import ArgumentParser
import WorldClock

/// `worldclock sections`: the index titles with their counts.
struct SectionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sections",
        abstract: "The index titles with the number of places in each (the index a list UI draws)."
    )

    @OptionGroup var options: CommonOptions

    @Flag(help: "Also list titles without places.")
    var allSections = false

    /// One title and its count, as JSON.
    struct Count: Encodable {
        let title: String
        let count: Int
    }

    func run() throws {
        let catalogue = try options.session().catalogue
        let counts = catalogue.indexer.titles.map { Count(title: $0.text, count: catalogue.sections[$0]?.rows.count ?? 0) }
            .filter { allSections || $0.count > 0 }
        if options.json {
            Output.json(["sections": counts])
            return
        }
        for line in Terminal.columns(counts.map { [$0.title, String($0.count)] }) { Output.line(line) }
    }
}
