import BuildStamp
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import ServerConfiguration
import Synchronization
import TestSupport
import Testing
import TimeZoneRules
import WorldClockKit

@testable import WorldClockServer

/// A server with metrics on its own listener (as `--metrics-address main` puts them) and its log kept.
struct MetricsServer {
    let metrics = ServerMetrics()
    let live: LiveFeed
    let log = CapturedLog()

    init() {
        live = LiveFeed(
            LiveFeed.Snapshot(service: FeedService(catalogue: catalogue, clocks: sharedClocks, sectionsBody: sharedSectionsBody, metrics: metrics)),
            metrics: metrics)
    }

    func application(_ metrics: MetricsEndpoint = .feedListener) -> some ApplicationProtocol {
        buildApplication(live: live, configuration: FeedServerConfiguration(quiet: true, metrics: metrics), logger: log.logger)
    }
}

@Suite("Metrics by Prometheus's conventions (issue 51)", .serialized)
struct OperationsMetricsTests {
    /// The exposition of a server that has answered nothing yet.
    static func freshExposition() -> String {
        let server = MetricsServer()
        return String(buffer: server.metrics.render(live: server.live))
    }

    @Test("every family has # HELP and # TYPE, HELP first")
    func helpOnEveryFamily() {
        let lines = Self.freshExposition().split(separator: "\n").map(String.init)
        let types = lines.filter { $0.hasPrefix("# TYPE ") }
        #expect(types.count >= 10)
        for (index, line) in lines.enumerated() where line.hasPrefix("# TYPE ") {
            let name = line.split(separator: " ")[2]
            #expect(index > 0 && lines[index - 1].hasPrefix("# HELP \(name) ") && lines[index - 1].count > "# HELP \(name) ".count, "\(line)")
        }
        // Every sample belongs to a family with a TYPE.
        let families = Set(types.map { String($0.split(separator: " ")[2]) })
        for sample in lines where !sample.hasPrefix("#") {
            let name = String(sample.prefix { $0 != "{" && $0 != " " })
            let family = ["_bucket", "_count", "_sum"].reduce(name) { $0.hasSuffix($1) ? String($0.dropLast($1.count)) : $0 }
            #expect(families.contains(name) || families.contains(family), "\(sample)")
        }
    }

    @Test(
        "process metrics from /proc/self and the build's info",
        arguments: ["process_cpu_seconds_total", "process_resident_memory_bytes", "process_open_fds", "process_start_time_seconds"])
    func processMetrics(name: String) throws {
        let text = Self.freshExposition()
        let sample = try #require(text.split(separator: "\n").first { $0.hasPrefix("\(name) ") }, "\(text)")
        let value = try #require(Double(sample.split(separator: " ")[1]))
        switch name {
        case "process_resident_memory_bytes": #expect(value > 1_000_000)
        case "process_open_fds": #expect(value >= 3)
        case "process_start_time_seconds":
            #expect(abs(value - Date().timeIntervalSince1970) < 86_400 * 3)
        default: #expect(value > 0)
        }
        #expect(text.contains("# TYPE \(name) \(name.hasSuffix("_total") ? "counter" : "gauge")\n"))
    }

    @Test("worldclock_build_info{version,commit,tzdata} 1")
    func buildInfo() {
        let text = Self.freshExposition()
        #expect(
            text.contains(
                #"worldclock_build_info{version="\#(WorldClockBuild.version)",commit="\#(WorldClockBuild.commit ?? "development")",tzdata="2026f"} 1"#
            ),
            "\(text)")
    }

    @Test(
        "every counter whose labels are known is there at zero before its first event",
        arguments: [
            #"worldclock_refusals_total{cause="too_many_connections"} 0"#, #"worldclock_refusals_total{cause="busy"} 0"#,
            #"worldclock_refusals_total{cause="shutting_down"} 0"#, #"worldclock_tzdata_reloads_total{outcome="refused"} 0"#,
            #"worldclock_tzdata_reloads_total{outcome="unchanged"} 0"#, #"worldclock_tzdata_reloads_total{outcome="switched"} 0"#,
            #"worldclock_http_parser_rejections_total{reason="invalid_url"} 0"#, #"worldclock_response_cache_lookups_total{result="hit"} 0"#,
            "worldclock_log_lines_dropped_total 0",
        ])
    func countersAtZero(sample: String) {
        #expect(Self.freshExposition().split(separator: "\n").contains { $0 == sample })
    }

    @Test("a request the HTTP parser refuses is counted by reason and logged, and its answer has a request id")
    func parserRejections() async throws {
        let server = MetricsServer()
        let answer = try await server.application().test(.live) { client in
            _ = try await client.execute(uri: "/healthz", method: .get)
            let connection = try RawConnection(port: try #require(client.port))
            connection.send("GET /v1/meta HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n")
            return try await connection.read(for: .seconds(60)).text
        }
        #expect(answer.hasPrefix("HTTP/1.1 400"), "\(answer)")
        #expect(answer.lowercased().contains("x-request-id: "), "\(answer)")
        let text = String(buffer: server.metrics.render(live: server.live))
        let rejected = text.split(separator: "\n").filter { $0.hasPrefix("worldclock_http_parser_rejections_total{") && !$0.hasSuffix(" 0") }
        #expect(rejected.count == 1, "\(text)")
        #expect(server.log.lines.withLock { $0 }.contains { $0.hasPrefix("warning malformed request: refused a request from") })
    }

    @Test("/metrics on the main port only when asked (main), and never with CORS, preflights included")
    func metricsWithoutCORS() async throws {
        let server = MetricsServer()
        try await server.application(.feedListener).test(.router) { client in
            try await client.execute(uri: "/metrics", method: .get, headers: [.origin: "https://example.com"]) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.accessControlAllowOrigin] == nil)
                #expect(response.headers[.accessControlExposeHeaders] == nil)
                #expect(response.headers[RequestIdentity.header] != nil)
            }
            try await client.execute(uri: "/metrics", method: .options, headers: [.origin: "https://example.com"]) { response in
                #expect(response.headers[.accessControlAllowOrigin] == nil)
            }
            // The feed's own routes keep CORS.
            try await client.execute(uri: "/v1/meta", method: .get) { #expect($0.headers[.accessControlAllowOrigin] == "*") }
        }
        for elsewhere in [MetricsEndpoint.defaultAddress, .off] {
            try await MetricsServer().application(elsewhere).test(.router) { client in
                try await client.execute(uri: "/metrics", method: .get) { #expect($0.status == .notFound) }
            }
        }
        #expect(FeedServerConfiguration().metrics == .address(host: "127.0.0.1", port: 9464))
    }

    @Test(
        "--metrics-address reads HOST:PORT, [IPv6]:PORT, a bare port, main and off",
        arguments: [
            ("127.0.0.1:9464", MetricsEndpoint.address(host: "127.0.0.1", port: 9464)), ("0.0.0.0:9100", .address(host: "0.0.0.0", port: 9100)),
            ("[::1]:9464", .address(host: "::1", port: 9464)), ("9200", .address(host: "127.0.0.1", port: 9200)), ("main", .feedListener),
            ("off", .off),
        ])
    func metricsAddress(text: String, endpoint: MetricsEndpoint) {
        #expect(MetricsEndpoint(option: text) == endpoint)
    }

    @Test("--metrics-address refuses what is no address", arguments: ["", "host:", ":9464", "127.0.0.1:0", "127.0.0.1:65536", "a b:1", "x:９"])
    func metricsAddressRefused(text: String) {
        #expect(MetricsEndpoint(option: text) == nil)
    }

    @Test(
        "promtool check metrics finds nothing to say about the exposition",
        .needs(.program("promtool", install: "apt-get install -y prometheus")))
    func promtool() async throws {
        let server = MetricsServer()
        let text = try await server.application().test(.router) { client in
            for uri in ["/v1/meta", "/nowhere", "/v1/zones/Asia/Seoul?at=2026-07-15T12:00:00Z"] {
                _ = try await client.execute(uri: uri, method: .get)
            }
            return try await client.execute(uri: "/metrics", method: .get) { $0.text }
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["promtool", "check", "metrics"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        try process.run()
        input.fileHandleForWriting.write(Data(text.utf8))
        try input.fileHandleForWriting.close()
        let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(said)")
        #expect(said.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "\(said)")
    }
}

@Suite("Raw UTF-8 in a request line (issue 51)", .serialized)
struct RawUTF8QueryTests {
    @Test(
        "raw UTF-8 in the query is read as its percent-encoding; percent-encoded stays the same; bytes that are not UTF-8 are a clear 400",
        arguments: [
            (Array("GET /v1/search?q=뉴 HTTP/1.1\r\nHost: x\r\n\r\n".utf8), "HTTP/1.1 200", nil),
            (Array("GET /v1/search?q=%EB%89%B4 HTTP/1.1\r\nHost: x\r\n\r\n".utf8), "HTTP/1.1 200", nil),
            (Array("GET /v1/search?q=".utf8) + [0xEB, 0x89] + Array(" HTTP/1.1\r\nHost: x\r\n\r\n".utf8), "HTTP/1.1 400", "invalid_utf8"),
            (Array("GET /v1/search?q=".utf8) + [0xFF] + Array(" HTTP/1.1\r\nHost: x\r\n\r\n".utf8), "HTTP/1.1 400", "invalid_utf8"),
        ] as [([UInt8], String, String?)])
    func rawUTF8(request: [UInt8], status: String, code: String?) async throws {
        let answer = try await withLiveServer(FeedServerConfiguration()) { port in
            let connection = try RawConnection(port: port)
            connection.send(bytes: request)
            return try await connection.readResponse().text
        }
        #expect(answer.hasPrefix(status), "\(answer)")
        if let code { #expect(answer.contains(#""code":"\#(code)""#), "\(answer)") } else { #expect(answer.contains("뉴욕"), "\(answer)") }
    }

    @Test("UTF-8 in a header value or a body is left as it is; pipelined requests after one with raw UTF-8 are all answered")
    func onlyRequestLines() {
        var escaper = RawTargetEscaper()
        let head = "GET /a?q=뉴 HTTP/1.1\r\nX-Name: 뉴욕\r\n\r\nGET /b?q=욕 HTTP/1.1\r\n\r\n"
        let out = escaper.escape(ByteBuffer(string: head))
        #expect(String(buffer: out) == "GET /a?q=%EB%89%B4 HTTP/1.1\r\nX-Name: 뉴욕\r\n\r\nGET /b?q=%EC%9A%95 HTTP/1.1\r\n\r\n")
        var withBody = RawTargetEscaper()
        let post = "POST /a HTTP/1.1\r\nContent-Length: 3\r\n\r\n뉴"
        #expect(String(buffer: withBody.escape(ByteBuffer(string: post))) == post)
        // Split across reads.
        var split = RawTargetEscaper()
        let first = split.escape(ByteBuffer(string: "GET /a?q="))
        let second = split.escape(ByteBuffer(string: "뉴 HTTP/1.1\r\nHost: 뉴\r\n\r\n"))
        #expect(String(buffer: first) + String(buffer: second) == "GET /a?q=%EB%89%B4 HTTP/1.1\r\nHost: 뉴\r\n\r\n")
    }
}

@Suite("One line for every signal, and one digest for the same rules (issue 51)", .serialized)
struct SignalAndDigestTests {
    @Test("a SIGHUP that changes nothing says so at info; the periodic check's stays at debug")
    func sighupUnchanged() async throws {
        let copy = try TZDataCopy()
        defer { copy.remove() }
        let server = try RulesReloadTests.Server(copy)
        await server.reloader.reloadAndLog(cause: "SIGHUP")
        await server.reloader.reloadAndLog(cause: "periodic check")
        let lines = server.log.lines.withLock { $0 }
        #expect(lines.contains { $0.hasPrefix("info SIGHUP: tzdata unchanged") }, "\(lines)")
        #expect(!lines.contains { $0.contains("periodic check") && !$0.hasPrefix("debug") }, "\(lines)")
    }

    /// The system's tzdata source, which zic compiles as it is.
    static let source = "/usr/share/zoneinfo/tzdata.zi"

    /// `source` (edited by `edit`) compiled by zic with `options` into a new directory.
    static func compile(_ options: [String], edit: (String) -> String = { $0 }) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("zic-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let text = edit(try String(contentsOfFile: source, encoding: .utf8))
        let zi = directory.appendingPathComponent("tzdata.zi")
        try Data(text.utf8).write(to: zi)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["zic"] + options + ["-d", directory.path, zi.path]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return directory
    }

    static func digest(_ directory: String) throws -> String {
        FeedMeta.rulesDigest(catalogue: catalogue, tzdata: try TZDataChoice.choose(option: directory).database)
    }

    /// Whether `a` and `b` show another period at some instant through 2100: at each transition
    /// either reports, and just before it.
    static func timesDiffer(_ a: ZoneRules, _ b: ZoneRules) -> Bool {
        let start: Int64 = -(1 << 56), end = ZoneRules.fingerprintHorizon
        let instants = Set((a.transitions(after: start, through: end) + b.transitions(after: start, through: end)).map(\.instant))
        return instants.contains { a.period(at: $0) != b.period(at: $0) || a.period(at: $0 - 1) != b.period(at: $0 - 1) }
    }

    @Test(
        "the same rules give the same digest however zic built them (fat, slim, Debian's) and a rule change changes it",
        .needs(
            Tool("zic and /usr/share/zoneinfo/tzdata.zi", install: "apt-get install -y tzdata libc-bin") {
                FileManager.default.isExecutableFile(atPath: "/usr/sbin/zic")
                    && FileManager.default.fileExists(atPath: "/usr/share/zoneinfo/tzdata.zi")
            }))
    func digestFromContent() throws {
        let fat = try Self.compile(["-b", "fat"])
        let slim = try Self.compile(["-b", "slim"])
        let moved = try Self.compile(["-b", "slim"]) {
            $0.replacingOccurrences(of: "9 KR K%sT\nZ Asia/Shanghai", with: "9 KR K%sT 2030\n10 - KST\nZ Asia/Shanghai")
        }
        let renamed = try Self.compile(["-b", "fat"]) {
            $0.replacingOccurrences(of: "9 KR K%sT\nZ Asia/Shanghai", with: "9 KR X%sT\nZ Asia/Shanghai")
        }
        defer { for directory in [fat, slim, moved, renamed] { try? FileManager.default.removeItem(at: directory) } }
        // Debian's own build and ours of the same source, both fat: one digest (they differed in
        // bytes only where zic's versions do).
        let fatDigest = try Self.digest(fat.path)
        #expect(fatDigest == (try Self.digest("/usr/share/zoneinfo")), "Debian's own build of the same release")
        // Fat against slim, zone by zone: every zone whose bytes differ but whose times do not has
        // one fingerprint. (A zic older than the data, as Debian 12's, writes some slim files whose
        // footer contradicts their last transition, America/Ojinaga's in 2022: zdump reads other
        // times from them too, so their digest rightly differs.)
        let fatRules = try TZDataChoice.choose(option: fat.path).database, slimRules = try TZDataChoice.choose(option: slim.path).database
        var differingTimes: [String] = []
        for id in catalogue.zoneIDs {
            let a = try #require(fatRules.rules(for: id)), b = try #require(slimRules.rules(for: id))
            var fa: [UInt8] = [], fb: [UInt8] = []
            a.appendFingerprint(to: &fa)
            b.appendFingerprint(to: &fb)
            if fa != fb {
                #expect(Self.timesDiffer(a, b), "\(id): fat and slim show the same times but fingerprint apart")
                differingTimes.append(id)
            }
        }
        #expect(differingTimes.count <= 3, "\(differingTimes)")
        if differingTimes.isEmpty { #expect(fatDigest == (try Self.digest(slim.path))) }
        #expect(fatDigest != (try Self.digest(moved.path)), "Seoul at +10 from 2030")
        #expect(fatDigest != (try Self.digest(renamed.path)), "another abbreviation")
        // The .deb (Debian's tzdata) and the image (the bundled copy) on one release: one digest.
        let system = try TZDataChoice.choose(option: "/usr/share/zoneinfo").database
        if system.version == TZDatabase.bundled.version {
            #expect(FeedMeta.rulesDigest(catalogue: catalogue, tzdata: system) == FeedMeta.rulesDigest(catalogue: catalogue, tzdata: .bundled))
        }
    }

    @Test("ETags do not name the tzdata's source: the same rules from another directory give the same ETags")
    func etagsWithoutSource() async throws {
        let copy = try TZDataCopy()
        defer { copy.remove() }
        let other = FeedService(
            catalogue: catalogue,
            clocks: ZoneClocks(zoneIDs: catalogue.zoneIDs, tzdata: try TZDataChoice.choose(option: copy.directory.path).database))
        #expect(other.rulesDigest == liveService.rulesDigest)
        for uri in ["/v1/meta", "/v1/zones/Asia/Seoul?at=2026-07-15T12:00:00Z", "/v1/sections"] {
            let tags = try await [liveService, other].asyncMap { service in
                try await withApp(service) { client in try await client.execute(uri: uri, method: .get) { $0.headers[.eTag] } }
            }
            #expect(tags[0] != nil && tags[0] == tags[1], "\(uri): \(tags)")
        }
    }
}

extension Array {
    fileprivate func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var out: [T] = []
        for element in self { out.append(try await transform(element)) }
        return out
    }
}

@Suite("Memory bounded in a small container (issue 51)")
struct MemoryBudgetTests {
    @Test(
        "the variants' cache keeps a sixteenth of the memory limit, 2 to 16 MiB; 16 MiB without a limit",
        arguments: [(nil, 16 << 20), (64 << 20, 4 << 20), (16 << 20, 2 << 20), (256 << 20, 16 << 20), (8 << 30, 16 << 20)] as [(Int?, Int)])
    func budget(limit: Int?, budget: Int) {
        #expect(ResponseCache.byteBudget(memoryLimit: limit) == budget)
    }

    @Test(
        "the memory limit from the process's cgroup: v2's memory.max, else v1's limit; none for max or v1's huge number",
        arguments: [
            (
                [
                    "/proc/self/cgroup": "0::/system.slice/worldclock.service\n",
                    "/sys/fs/cgroup/system.slice/worldclock.service/memory.max": "67108864\n",
                ], 64 << 20
            ),
            (["/proc/self/cgroup": "0::/\n", "/sys/fs/cgroup/memory.max": "max\n"], nil),
            (["/proc/self/cgroup": "4:memory:/x\n", "/sys/fs/cgroup/memory/memory.limit_in_bytes": "134217728\n"], 128 << 20),
            (["/sys/fs/cgroup/memory/memory.limit_in_bytes": "9223372036854771712\n"], nil),
            ([:], nil),
        ] as [([String: String], Int?)])
    func limit(files: [String: String], limit: Int?) {
        #expect(ResponseCache.memoryLimit(read: { files[$0] }) == limit)
    }
}
