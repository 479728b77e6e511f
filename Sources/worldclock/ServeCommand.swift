import ArgumentParser
import WorldClock
import WorldClockServer

/// `worldclock serve`: the JSON feed over HTTP.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "피드를 HTTP로 제공합니다: /v1/sections, /v1/search, /v1/zones/{id}, /v1/meta, /healthz, /openapi.yaml.",
        discussion: "SIGINT나 SIGTERM을 받으면 처리 중인 요청을 마치고 멈춥니다."
    )

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on (0–65535).")
    var port = 8080

    @Option(help: ArgumentHelp("Serve this zone table instead of the bundled one.", valueName: "file"))
    var data: String?

    @Flag(help: "No log line per request.")
    var quiet = false

    @OptionGroup var tzdata: TZDataOption

    func validate() throws {
        if !(0...65535).contains(port) { throw ValidationError("--port must be between 0 and 65535, not \(port)") }
    }

    func run() async throws {
        let catalogue: Catalogue
        do { catalogue = try Catalogue.load(data.map { .file(path: $0) } ?? .bundled) } catch { throw CLIError.data(error.korean) }
        let choice = try tzdata.choice(warn: false)
        try await WorldClockServer.serve(catalogue: catalogue, tzdata: choice,
                                         configuration: ServerConfiguration(host: host, port: port, quiet: quiet))
    }
}
