import ArgumentParser
import Foundation
import WorldClock

/// `worldclock feed`: the whole catalogue as the JSON feed, the same schema as `GET /v1/sections`.
struct FeedCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "feed",
        abstract: "The whole catalogue as the JSON feed for clock apps (the schema of GET /v1/sections)."
    )

    @OptionGroup var options: CommonOptions

    @Flag(help: "Indent the JSON.")
    var pretty = false

    func run() throws {
        let session = try options.session()
        let clocks = ZoneClocks(zoneIDs: session.catalogue.zoneIDs, tzdata: session.tzdata)
        let feed = Feed(catalogue: session.catalogue, at: session.instant, clocks: clocks)
        FileHandle.standardOutput.write(FeedJSON.encode(feed, pretty: pretty) + Data("\n".utf8))
    }
}
