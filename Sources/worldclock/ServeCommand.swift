import ArgumentParser
import WorldClock
import WorldClockServer

/// `worldclock serve`: the JSON feed over HTTP.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "피드를 HTTP로 제공합니다: /v1/sections, /v1/search, /v1/zones/{id}, /v1/meta, /healthz, /openapi.yaml, 웹 앱 /.",
        discussion: "SIGINT나 SIGTERM을 받으면 처리 중인 요청을 마치고 멈춥니다. 한도(연결 수, 시간 초과)에 걸리면 로그에 남깁니다(1초에 한 번까지)."
    )

    @Option(help: ArgumentHelp("받을 주소.", valueName: "주소"))
    var host = ServerConfiguration().host

    @Option(help: ArgumentHelp("받을 포트(0–65535).", valueName: "포트"))
    var port = ServerConfiguration().port

    @Flag(help: "요청마다 남기는 로그 줄을 끕니다.")
    var quiet = false

    @Option(help: ArgumentHelp("이만큼 아무 요청이 없는 연결(keep-alive)을 닫습니다, 1–3600.", valueName: "초"))
    var idleTimeout = Int(ServerConfiguration().idleTimeout.components.seconds)

    @Option(help: ArgumentHelp("요청의 첫 바이트 뒤 이만큼 안에 요청이 다 오지 않으면 연결을 닫습니다(slowloris), 1–600.", valueName: "초"))
    var requestTimeout = Int(ServerConfiguration().requestTimeout.components.seconds)

    @Option(help: ArgumentHelp("동시에 받는 연결 수. 넘으면 503을 보냅니다(기본값: \(ServerConfiguration.defaultMaxConnections), 열 수 있는 파일 수에서 정함).", valueName: "수"))
    var maxConnections = ServerConfiguration.defaultMaxConnections

    @OptionGroup var table: TableOptions

    @OptionGroup var tzdata: TZDataOption

    func validate() throws {
        if !(0...65535).contains(port) { throw ValidationError("--port는 0에서 65535 사이여야 합니다(받은 값: \(port))") }
        if !(1...3600).contains(idleTimeout) { throw ValidationError("--idle-timeout은 1에서 3600초 사이여야 합니다(받은 값: \(idleTimeout))") }
        if !(1...600).contains(requestTimeout) { throw ValidationError("--request-timeout은 1에서 600초 사이여야 합니다(받은 값: \(requestTimeout))") }
        if !(1...1_000_000).contains(maxConnections) { throw ValidationError("--max-connections는 1에서 1000000 사이여야 합니다(받은 값: \(maxConnections))") }
    }

    func run() async throws {
        let catalogue = try table.catalogue()
        let choice = try tzdata.choice(warn: false)
        let configuration = ServerConfiguration(host: host, port: port, quiet: quiet, idleTimeout: .seconds(idleTimeout),
                                                requestTimeout: .seconds(requestTimeout), maxConnections: maxConnections)
        do {
            try await WorldClockServer.serve(catalogue: catalogue, tzdata: choice, configuration: configuration)
        } catch {
            throw CLIError.io(Self.message(for: error))
        }
    }

    /// Why the server could not listen, in Korean (exit 4: an I/O or network failure, not the data's).
    static func message(for error: ListenError) -> String {
        let address = "\(Terminal.printable(error.host, limit: 80)):\(error.port)"
        if error.addressInUse { return "\(address) 포트를 이미 다른 프로그램이 쓰고 있습니다. --port로 다른 포트를 주세요" }
        return "\(address)에서 받지 못했습니다: \(Terminal.printable(error.reason, limit: 200))"
    }
}
