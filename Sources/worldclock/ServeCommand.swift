import Dispatch
import Synchronization
import WorldClock
import WorldClockServer

/// `worldclock serve`: the JSON feed over HTTP.
struct ServeCommand: Command {
    static let spec = CommandSpec(
        name: "serve",
        abstract: "피드를 HTTP로 제공합니다: /v1/sections, /v1/search, /v1/zones/{id}, /v1/meta, /healthz, /openapi.yaml, 웹 앱 /.",
        discussion: "SIGINT나 SIGTERM을 받으면 처리 중인 요청을 마치고 멈춥니다. 한도(연결 수, 시간 초과)에 걸리면 로그에 남깁니다(1초에 한 번까지).",
        options: [
            .option("host", value: "주소", help: "받을 주소(기본값: \(ServerConfiguration().host))."),
            .option("port", value: "포트", help: "받을 포트, 0–65535(기본값: \(ServerConfiguration().port))."),
            .flag("quiet", help: "요청마다 남기는 로그 줄을 끕니다."),
            .option("idle-timeout", value: "초", help: "이만큼 아무 요청이 없는 연결(keep-alive)을 닫습니다, 1–3600(기본값: \(defaults.idleTimeout))."),
            .option("request-timeout", value: "초",
                    help: "요청의 첫 바이트 뒤 이만큼 안에 요청이 다 오지 않으면 연결을 닫습니다(slowloris), 1–600(기본값: \(defaults.requestTimeout))."),
            .option("max-connections", value: "수",
                    help: "동시에 받는 연결 수. 넘으면 503을 보냅니다(기본값: \(ServerConfiguration.defaultMaxConnections), 열 수 있는 파일 수에서 정함)."),
        ] + TableOptions.options + TZDataOption.options
    )

    /// The server's defaults, in whole seconds.
    private static let defaults = (idleTimeout: Int(ServerConfiguration().idleTimeout.components.seconds),
                                   requestTimeout: Int(ServerConfiguration().requestTimeout.components.seconds))

    let host: String
    let port: Int
    let quiet: Bool
    let idleTimeout: Int
    let requestTimeout: Int
    let maxConnections: Int
    let table: TableOptions
    let tzdata: TZDataOption

    init(_ arguments: ParsedArguments) throws(UsageError) {
        host = arguments.value("host") ?? ServerConfiguration().host
        port = try arguments.integer("port", default: ServerConfiguration().port)
        quiet = arguments.flag("quiet")
        idleTimeout = try arguments.integer("idle-timeout", default: Self.defaults.idleTimeout)
        requestTimeout = try arguments.integer("request-timeout", default: Self.defaults.requestTimeout)
        maxConnections = try arguments.integer("max-connections", default: ServerConfiguration.defaultMaxConnections)
        table = TableOptions(arguments)
        tzdata = TZDataOption(arguments)
        if !(0...65535).contains(port) { throw arguments.error("--port는 0에서 65535 사이여야 합니다(받은 값: \(port))") }
        if !(1...3600).contains(idleTimeout) { throw arguments.error("--idle-timeout은 1에서 3600초 사이여야 합니다(받은 값: \(idleTimeout))") }
        if !(1...600).contains(requestTimeout) { throw arguments.error("--request-timeout은 1에서 600초 사이여야 합니다(받은 값: \(requestTimeout))") }
        if !(1...1_000_000).contains(maxConnections) {
            throw arguments.error("--max-connections는 1에서 1000000 사이여야 합니다(받은 값: \(maxConnections))")
        }
    }

    var writesJSON: Bool { false }

    /// Serves until SIGINT or SIGTERM. The server runs on Swift's concurrency runtime while this
    /// thread waits: the tool's `main` is synchronous, so that the other commands do not pay for
    /// starting that runtime (2 ms, a fifth of a hello-world).
    func run() throws {
        let catalogue = try table.catalogue()
        let choice = try tzdata.choice(warn: false)
        let configuration = ServerConfiguration(host: host, port: port, quiet: quiet, idleTimeout: .seconds(idleTimeout),
                                                requestTimeout: .seconds(requestTimeout), maxConnections: maxConnections)
        let failure = Mutex<ListenError?>(nil)
        let stopped = DispatchSemaphore(value: 0)
        Task.detached {
            do throws(ListenError) {
                try await WorldClockServer.serve(catalogue: catalogue, tzdata: choice, configuration: configuration)
            } catch {
                failure.withLock { $0 = error }
            }
            stopped.signal()
        }
        stopped.wait()
        if let error = failure.withLock({ $0 }) { throw CLIError.io(Self.message(for: error)) }
    }

    /// Why the server could not listen, in Korean (exit 4: an I/O or network failure, not the data's).
    static func message(for error: ListenError) -> String {
        let address = "\(Terminal.printable(error.host, limit: 80)):\(error.port)"
        if error.addressInUse { return "\(address) 포트를 이미 다른 프로그램이 쓰고 있습니다. --port로 다른 포트를 주세요" }
        return "\(address)에서 받지 못했습니다: \(Terminal.printable(error.reason, limit: 200))"
    }
}
