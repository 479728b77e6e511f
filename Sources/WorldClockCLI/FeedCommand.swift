import WorldClockKit

/// `worldclock feed`: the whole catalogue as the JSON feed, the same schema as `GET /v1/sections`.
/// Always JSON, with no reference zone: it takes neither `--json` nor `--24h` nor `--from`.
struct FeedCommand: Command {
    static let spec = CommandSpec(
        name: "feed",
        abstract: "카탈로그 전체를 시계 앱용 JSON 피드로 출력합니다(GET /v1/sections와 같은 스키마).",
        english: "Writes the whole catalogue as the JSON feed for clock apps (the schema of GET /v1/sections).",
        options: InstantOptions.options + [.flag("pretty", help: "JSON을 들여 씁니다.", english: "Indents the JSON.")] + TableOptions.options
            + TZDataOption.options,
        alwaysJSON: true
    )

    let instant: InstantOptions
    let pretty: Bool
    let table: TableOptions
    let tzdata: TZDataOption

    init(_ arguments: ParsedArguments) throws(UsageError) {
        instant = try InstantOptions(arguments)
        pretty = arguments.flag("pretty")
        table = TableOptions(arguments)
        tzdata = TZDataOption(arguments)
    }

    func run() throws {
        let rules = try tzdata.database()
        let catalogue = try table.catalogue(tzdata: rules)
        let clocks = ZoneClocks(zoneIDs: catalogue.zoneIDs, tzdata: rules)
        let feed = Feed(catalogue: catalogue, at: instant.instant(), clocks: clocks)
        Output.json(feed, pretty: pretty)
    }
}
