import ArgumentParser
import WorldClock
import WorldClockServer

/// `worldclock serve`: the JSON feed over HTTP.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the feed over HTTP: /v1/sections, /v1/search, /v1/zones/{id}, /v1/meta, /healthz, /openapi.yaml.",
        discussion: "Stops gracefully on SIGINT or SIGTERM. Limits hit (connections, timeouts) are logged at most once a second."
    )

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on (0–65535).")
    var port = 8080

    @Option(help: ArgumentHelp("Serve this zone table instead of the bundled one.", valueName: "file"))
    var data: String?

    @Flag(help: "No log line per request.")
    var quiet = false

    @Option(help: ArgumentHelp("Close a connection idle this long (keep-alive), 1–3600.", valueName: "seconds"))
    var idleTimeout = 30

    @Option(help: ArgumentHelp("Close a connection whose request has not arrived whole this long after its first byte (slowloris), 1–600.", valueName: "seconds"))
    var requestTimeout = 10

    @Option(help: ArgumentHelp("Connections served at once; more get 503 (default: \(ServerConfiguration.defaultMaxConnections), from the open-file limit).", valueName: "n"))
    var maxConnections = ServerConfiguration.defaultMaxConnections

    func validate() throws {
        if !(0...65535).contains(port) { throw ValidationError("--port must be between 0 and 65535, not \(port)") }
        if !(1...3600).contains(idleTimeout) { throw ValidationError("--idle-timeout must be between 1 and 3600 seconds, not \(idleTimeout)") }
        if !(1...600).contains(requestTimeout) { throw ValidationError("--request-timeout must be between 1 and 600 seconds, not \(requestTimeout)") }
        if !(1...1_000_000).contains(maxConnections) { throw ValidationError("--max-connections must be between 1 and 1000000, not \(maxConnections)") }
    }

    func run() async throws {
        let catalogue: Catalogue
        do { catalogue = try Catalogue.load(data.map { .file(path: $0) } ?? .bundled) } catch { throw CLIError.data(error.description) }
        let configuration = ServerConfiguration(host: host, port: port, quiet: quiet, idleTimeout: .seconds(idleTimeout),
                                                requestTimeout: .seconds(requestTimeout), maxConnections: maxConnections)
        try await WorldClockServer.serve(catalogue: catalogue, configuration: configuration)
    }
}
