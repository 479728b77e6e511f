import Dispatch
import ServerConfiguration
import Synchronization
import WorldClockCLI
import WorldClockKit
import WorldClockServer

/// `worldclock serve`: the JSON feed over HTTP (run by `worldclock-server`; see `ServerCommands`).
struct ServeCommand: Command {
    static var spec: CommandSpec { ServerCommands.serve }

    let host: String
    let port: Int
    let quiet: Bool
    let idleTimeout: Int
    let requestTimeout: Int
    let maxConnections: Int
    let drain: Int
    let logFormat: LogFormat
    let logLevel: LogLevel
    let metrics: MetricsEndpoint
    let trustedProxies: [TrustedProxy]
    let logPriorityPrefix: Bool
    let table: TableOptions
    let tzdata: TZDataOption

    init(_ arguments: ParsedArguments) throws(UsageError) {
        host = arguments.value("host") ?? FeedServerConfiguration().host
        port = try arguments.integer("port", default: FeedServerConfiguration().port)
        quiet = arguments.flag("quiet")
        idleTimeout = try arguments.integer("idle-timeout", default: ServerCommands.defaults.idleTimeout)
        requestTimeout = try arguments.integer("request-timeout", default: ServerCommands.defaults.requestTimeout)
        maxConnections = try arguments.integer("max-connections", default: FeedServerConfiguration.defaultMaxConnections)
        drain = try arguments.integer("drain", default: ServerCommands.defaults.drain)
        let format = arguments.value("log-format") ?? LogFormat.text.rawValue
        guard let logFormat = LogFormat(rawValue: format) else {
            throw arguments.error("--log-format은 text나 json이어야 합니다(받은 값: \(Terminal.printable(format, limit: 40)))")
        }
        self.logFormat = logFormat
        let level = arguments.value("log-level") ?? LogLevel.info.rawValue
        guard let logLevel = LogLevel(rawValue: level) else {
            throw arguments.error(
                "--log-level은 \(LogLevel.allCases.map(\.rawValue).joined(separator: ", ")) 중 하나여야 합니다(받은 값: \(Terminal.printable(level, limit: 40)))")
        }
        self.logLevel = logLevel
        if let text = arguments.value("metrics-address") {
            guard let endpoint = MetricsEndpoint(option: text) else {
                throw arguments.error(
                    "--metrics-address는 호스트:포트(예: 127.0.0.1:9464), main(피드와 같은 포트)이나 off여야 합니다(받은 값: \(Terminal.printable(text, limit: 40)))")
            }
            metrics = endpoint
        } else {
            switch arguments.value("metrics-port") {
            case nil: metrics = .defaultAddress
            case "off": metrics = .off
            case _:
                let port = try arguments.integer("metrics-port", default: 0)
                if !(1...65535).contains(port) { throw arguments.error("--metrics-port는 1에서 65535 사이의 포트나 off여야 합니다(받은 값: \(port))") }
                metrics = .address(host: host, port: port)
            }
        }
        // Repeatable, and a list in one value (the variable: "10.0.0.1, 10.0.0.2").
        var proxies: [TrustedProxy] = []
        for text in arguments.values("trusted-proxy").flatMap({ $0.split(whereSeparator: { $0 == "," || $0 == " " }) }) {
            guard let proxy = TrustedProxy(String(text)) else {
                throw arguments.error(
                    "--trusted-proxy는 IP 주소나 주소/비트 수(예: 10.0.0.0/8)여야 합니다(받은 값: \(Terminal.printable(String(text), limit: 40)))")
            }
            proxies.append(proxy)
        }
        trustedProxies = proxies
        switch arguments.value("log-priority-prefix") ?? "auto" {
        case "auto": logPriorityPrefix = JournalStream.standardErrorIsJournal
        case "on": logPriorityPrefix = true
        case "off": logPriorityPrefix = false
        case let other:
            throw arguments.error("--log-priority-prefix는 auto, on, off 중 하나여야 합니다(받은 값: \(Terminal.printable(other, limit: 40)))")
        }
        table = TableOptions(arguments)
        tzdata = TZDataOption(arguments)
        if !(0...600).contains(drain) { throw arguments.error("--drain은 0에서 600초 사이여야 합니다(받은 값: \(drain))") }
        if !(0...65535).contains(port) { throw arguments.error("--port는 0에서 65535 사이여야 합니다(받은 값: \(port))") }
        if !(1...3600).contains(idleTimeout) { throw arguments.error("--idle-timeout은 1에서 3600초 사이여야 합니다(받은 값: \(idleTimeout))") }
        if !(1...600).contains(requestTimeout) { throw arguments.error("--request-timeout은 1에서 600초 사이여야 합니다(받은 값: \(requestTimeout))") }
        if !(1...1_000_000).contains(maxConnections) {
            throw arguments.error("--max-connections는 1에서 1000000 사이여야 합니다(받은 값: \(maxConnections))")
        }
    }

    /// Serves until SIGINT or SIGTERM (and the drain after it). The server runs on Swift's concurrency runtime while this
    /// thread waits: the tool's `main` is synchronous, so that the other commands do not pay for
    /// starting that runtime (2 ms, a fifth of a hello-world).
    func run() throws {
        let choice = try tzdata.choice(warn: false)
        let catalogue = try table.catalogue(tzdata: choice.database)
        let configuration = FeedServerConfiguration(
            host: host, port: port, quiet: quiet, idleTimeout: .seconds(idleTimeout),
            requestTimeout: .seconds(requestTimeout), maxConnections: maxConnections, drain: .seconds(drain),
            logFormat: logFormat, logLevel: logLevel, metrics: metrics, trustedProxies: trustedProxies,
            logPriorityPrefix: logPriorityPrefix)
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
