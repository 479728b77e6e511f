import ArgumentParser
import Foundation
import WorldClock

/// `worldclock feed`: the whole catalogue as the JSON feed, the same schema as `GET /v1/sections`.
/// Always JSON, with no reference zone: it takes neither `--json` nor `--24h` nor `--from`.
struct FeedCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "feed",
        abstract: "카탈로그 전체를 시계 앱용 JSON 피드로 출력합니다(GET /v1/sections와 같은 스키마)."
    )

    @OptionGroup var instant: InstantOptions

    @Flag(help: "JSON을 들여 씁니다.")
    var pretty = false

    @OptionGroup var table: TableOptions

    @OptionGroup var tzdata: TZDataOption

    func run() throws {
        let catalogue = try table.catalogue()
        let clocks = ZoneClocks(zoneIDs: catalogue.zoneIDs, tzdata: try tzdata.database())
        let feed = Feed(catalogue: catalogue, at: try instant.instant(), clocks: clocks)
        Output.json(feed, pretty: pretty)
    }
}

extension FeedCommand: JSONOutput {
    /// Always: the feed is JSON, and so are its errors.
    var writesJSON: Bool { true }
}
