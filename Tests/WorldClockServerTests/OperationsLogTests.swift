import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import ServerConfiguration
import Synchronization
import TestSupport
import Testing
import TimeZoneRules
import WorldClockKit

@testable import WorldClockServer

/// Lines of a server log kept in memory, as the server writes them (`ServerLogHandler`).
final class KeptLines: Sendable {
    let lines = Mutex<[String]>([])

    func logger(_ format: LogFormat, priorityPrefix: Bool = false) -> Logger {
        Logger(label: "test") { _ in
            ServerLogHandler(format: format, level: .info, priorityPrefix: priorityPrefix) { line in self.lines.withLock { $0.append(line) } }
        }
    }

    var all: [String] { lines.withLock { $0 } }
    /// The JSON lines as objects.
    var objects: [[String: Any]] { all.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] } }
}

@Suite("Log lines an operator's pipeline can use (issue 51)", .serialized)
struct OperationsLogTests {
    static let idHeader = HTTPField.Name("X-Request-Id")!

    @Test(
        "X-Request-Id: a safe id of at most 64 bytes is taken as it is; anything else is replaced",
        arguments: [
            ("abc-123", true), ("0f8fad5b-d9cb-469f-a165-70867728950e", true), ("trace:42/span=7+x@y_z.", true),
            (String(repeating: "a", count: 64), true), (String(repeating: "a", count: 65), false), ("has space", false),
            ("\"quoted\"", false), ("뉴욕", false), ("a\u{7F}b", false), ("", false), ("x;y", false),
        ])
    func requestIDSanitised(value: String, kept: Bool) {
        #expect((RequestIdentity.sanitized(value) == value) == kept)
        #expect(kept || RequestIdentity.sanitized(value) == nil)
    }

    @Test("every response carries X-Request-Id: the request's own when safe, a new one otherwise, also on 404 and preflights")
    func requestIDOnEveryResponse() async throws {
        try await withApp { client in
            for uri in ["/v1/meta", "/nowhere", "/v1/zones/Asia/Seoul?bad=1"] {
                try await client.execute(uri: uri, method: .get, headers: [Self.idHeader: "given-1"]) { response in
                    #expect(response.headers[Self.idHeader] == "given-1", "\(uri)")
                }
                try await client.execute(uri: uri, method: .get) { response in
                    let made = try #require(response.headers[Self.idHeader], "\(uri)")
                    #expect(RequestIdentity.sanitized(made) == made)
                }
            }
            try await client.execute(uri: "/v1/meta", method: .get, headers: [Self.idHeader: "bad id \"x\""]) { response in
                #expect(response.headers[Self.idHeader].map { $0 != "bad id \"x\"" && RequestIdentity.sanitized($0) == $0 } == true)
            }
            try await client.execute(uri: "/v1/meta", method: .options, headers: [.origin: "https://example.com", Self.idHeader: "pre-1"]) {
                #expect($0.headers[Self.idHeader] == "pre-1")
                #expect($0.headers[.accessControlExposeHeaders]?.contains("X-Request-Id") == true)
            }
        }
    }

    @Test("the request line has the request id, the user agent (bounded, escaped) and the client, in JSON and in text", arguments: LogFormat.allCases)
    func requestLineFields(format: LogFormat) async throws {
        let kept = KeptLines()
        let live = LiveFeed(LiveFeed.Snapshot(service: liveService))
        let app = buildApplication(live: live, configuration: FeedServerConfiguration(quiet: false, metrics: .off), logger: kept.logger(format))
        let longAgent = "Mozilla/5.0 \"quoted\" \\ " + String(repeating: "x", count: 400)
        try await app.test(.live) { client in
            _ = try await client.execute(uri: "/v1/meta", method: .get, headers: [Self.idHeader: "req-42", .userAgent: "curl/8.5.0 (test)"])
            _ = try await client.execute(uri: "/healthz", method: .get, headers: [.userAgent: longAgent])
        }
        let lines = kept.all.filter { $0.contains("/v1/meta") || $0.contains("/healthz") }
        let meta = try #require(lines.first { $0.contains("/v1/meta") }, "\(kept.all)")
        let health = try #require(lines.first { $0.contains("/healthz") }, "\(kept.all)")
        switch format {
        case .json:
            let object = try #require(try JSONSerialization.jsonObject(with: Data(meta.utf8)) as? [String: Any])
            #expect(object["request_id"] as? String == "req-42")
            #expect(object["user_agent"] as? String == "curl/8.5.0 (test)")
            #expect((object["client"] as? String)?.hasPrefix("127.0.0.1:") == true)
            let long = try #require(try JSONSerialization.jsonObject(with: Data(health.utf8)) as? [String: Any])
            let agent = try #require(long["user_agent"] as? String)
            #expect(agent.hasPrefix("Mozilla/5.0 \"quoted\" \\ xxx") && agent.hasSuffix("…"))
            #expect(agent.utf8.count <= RequestLog.userAgentLimit + 3)
            #expect((long["request_id"] as? String)?.isEmpty == false)
        case .text:
            #expect(meta.contains(" request_id=req-42 "), "\(meta)")
            #expect(meta.contains(#" user_agent="curl/8.5.0 (test)""#), "\(meta)")
            #expect(meta.contains(" client=127.0.0.1:"), "\(meta)")
            #expect(health.contains(#"user_agent="Mozilla/5.0 \"quoted\" \\ xxx"#), "\(health)")
            #expect(health.utf8.count < 900, "\(health)")
        }
    }

    /// A request with `headers` as a proxy would pass it on.
    static func request(_ headers: HTTPFields) -> Request {
        Request(
            head: HTTPRequest(method: .get, scheme: "http", authority: "x", path: "/v1/meta", headerFields: headers),
            body: .init(buffer: ByteBuffer()))
    }

    @Test(
        "the client from X-Forwarded-For and Forwarded only when the peer is a trusted proxy, read from the nearest hop",
        arguments: [
            // (peer, X-Forwarded-For, Forwarded, trusted, expected client)
            ("10.0.0.5", "203.0.113.7", nil, ["10.0.0.5"], "203.0.113.7"),
            ("10.0.0.5", "203.0.113.7", nil, [], nil),
            ("192.0.2.1", "203.0.113.7", nil, ["10.0.0.0/8"], nil),
            ("10.0.0.5", "198.51.100.1, 203.0.113.7, 10.0.0.9", nil, ["10.0.0.0/8"], "203.0.113.7"),
            ("10.0.0.5", "1.2.3.4", #"for="[2001:db8:cafe::17]:4711";proto=https"#, ["10.0.0.5"], "2001:db8:cafe::17"),
            ("10.0.0.5", nil, "for=192.0.2.60;proto=http;by=203.0.113.43, for=10.0.0.7", ["10.0.0.0/8"], "192.0.2.60"),
            ("10.0.0.5", nil, "for=unknown", ["10.0.0.5"], nil),
            ("10.0.0.5", "not-an-address", nil, ["10.0.0.5"], nil),
            ("10.0.0.5", nil, nil, ["10.0.0.5"], nil),
        ] as [(String, String?, String?, [String], String?)])
    func forwardedClient(peer: String, xff: String?, forwarded: String?, trusted: [String], expected: String?) throws {
        var headers = HTTPFields()
        if let xff { headers[RequestIdentity.xForwardedFor] = xff }
        if let forwarded { headers[.forwarded] = forwarded }
        let proxies = try trusted.map { try #require(TrustedProxy($0)) }
        let address = try SocketAddress(ipAddress: peer, port: 40000)
        #expect(RequestIdentity.forwardedClient(Self.request(headers), peer: address, trusted: proxies) == expected)
    }

    @Test("behind a trusted proxy the request line's client is the forwarded one and its peer the proxy")
    func forwardedOnTheLine() async throws {
        let kept = KeptLines()
        let live = LiveFeed(LiveFeed.Snapshot(service: liveService))
        let configuration = FeedServerConfiguration(quiet: false, metrics: .off, trustedProxies: [TrustedProxy("127.0.0.1")!])
        let app = buildApplication(live: live, configuration: configuration, logger: kept.logger(.json))
        try await app.test(.live) { client in
            _ = try await client.execute(uri: "/v1/meta", method: .get, headers: [RequestIdentity.xForwardedFor: "203.0.113.7"])
        }
        let line = try #require(kept.objects.first { $0["path"] as? String == "/v1/meta" }, "\(kept.all)")
        #expect(line["client"] as? String == "203.0.113.7")
        #expect((line["peer"] as? String)?.hasPrefix("127.0.0.1:") == true)
    }

    @Test(
        "--trusted-proxy reads addresses and networks, IPv4 and IPv6, and refuses the rest",
        arguments: [
            ("10.0.0.1", "10.0.0.1", true), ("10.0.0.0/8", "10.200.3.4", true), ("10.0.0.0/8", "11.0.0.1", false),
            ("::1", "::1", true), ("fd00::/8", "fd12::1", true), ("fd00::/8", "fe80::1", false), ("0.0.0.0/0", "8.8.8.8", true),
            ("10.0.0.1", "::ffff:10.0.0.1", true),
        ])
    func trustedProxyNetworks(proxy: String, address: String, contained: Bool) throws {
        let network = try #require(TrustedProxy(proxy))
        #expect(network.contains(try #require(TrustedProxy.address(address))) == contained)
    }

    @Test("bad --trusted-proxy values are refused", arguments: ["", "10.0.0.1/33", "localhost", "10.0.0", "::1/129", "1.2.3.4/x"])
    func trustedProxyRefused(text: String) {
        #expect(TrustedProxy(text) == nil)
    }

    @Test(
        "with the priority prefix each line begins with its sd-daemon priority, so that journalctl -p err finds errors",
        arguments: [(Logger.Level.debug, "<7>"), (.info, "<6>"), (.notice, "<5>"), (.warning, "<4>"), (.error, "<3>"), (.critical, "<2>")])
    func priorityPrefix(level: Logger.Level, prefix: String) throws {
        for format in LogFormat.allCases {
            let kept = KeptLines()
            var logger = Logger(label: "test") { _ in
                ServerLogHandler(format: format, level: .trace, priorityPrefix: true) { line in kept.lines.withLock { $0.append(line) } }
            }
            logger.logLevel = .trace
            logger.log(level: level, "tzdata reload refused")
            let line = try #require(kept.all.first, "no line written")
            #expect(line.hasPrefix(prefix), "\(kept.all)")
            if format == .json {
                // After the prefix (which journald strips), the line is still one JSON object.
                #expect((try? JSONSerialization.jsonObject(with: Data(line.dropFirst(3).utf8))) != nil, "\(line)")
            }
        }
        // Without it (stderr not the journal, or a terminal), no prefix.
        let kept = KeptLines()
        kept.logger(.text).error("x")
        #expect(kept.all.first?.hasPrefix("<") == false)
    }

    @Test("JOURNAL_STREAM names standard error only when its device and inode are stderr's, as systemd.exec(5) says")
    func journalStream() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("journal-\(UUID())").path
        let descriptor = open(path, O_CREAT | O_WRONLY, 0o600)
        #expect(descriptor >= 0)
        defer {
            close(descriptor)
            unlink(path)
        }
        var info = stat()
        #expect(fstat(descriptor, &info) == 0)
        #expect(JournalStream.isStandardError("\(info.st_dev):\(info.st_ino)", descriptor: descriptor))
        #expect(!JournalStream.isStandardError("\(info.st_dev):\(info.st_ino + 1)", descriptor: descriptor))
        #expect(!JournalStream.isStandardError(nil, descriptor: descriptor))
        #expect(!JournalStream.isStandardError("garbage", descriptor: descriptor))
        #expect(!JournalStream.isStandardError("1:2:3", descriptor: descriptor))
    }

    @Test("no system tzdata at all (a FROM-scratch image) is an info line, not a warning; an older system copy still warns")
    func noSystemTZDataIsInfo() throws {
        let none = try TZDataChoice.choose(option: nil, environment: [:], systemDirectories: ["/nonexistent/zoneinfo"])
        #expect(none.warning == .noSystemTZData(searched: ["/nonexistent/zoneinfo"]))
        let log = CapturedLog()
        _ = buildApplication(catalogue: catalogue, tzdata: none, configuration: FeedServerConfiguration(), logger: log.logger)
        let lines = log.lines.withLock { $0 }
        #expect(!lines.contains { $0.hasPrefix("warning") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("info") && $0.contains("no system tzdata") }, "\(lines)")

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("old-zoneinfo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.copyItem(
            at: TZDataLogTests.bundledZoneinfo.appendingPathComponent("Etc/UTC"), to: directory.appendingPathComponent("UTC"))
        try Data("# version 2001a\n".utf8).write(to: directory.appendingPathComponent("tzdata.zi"))
        let older = try TZDataChoice.choose(option: nil, environment: [:], systemDirectories: [directory.path])
        let olderLog = CapturedLog()
        _ = buildApplication(catalogue: catalogue, tzdata: older, configuration: FeedServerConfiguration(), logger: olderLog.logger)
        #expect(olderLog.lines.withLock { $0 }.contains { $0.hasPrefix("warning") && $0.contains("older than the bundled") })
    }
}
