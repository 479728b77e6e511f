import Foundation
import HTTPTypes
import Hummingbird
import Logging
import ServerConfiguration
import TestSupport
import Testing
import WorldClockKit

@testable import WorldClockServer

@Suite("Readiness and the drain before shutdown", .serialized)
struct ReadinessTests {
    @Test("/readyz is 200 while serving and a JSON 503 shutting_down once the drain begins; other routes still answer")
    func readyz() async throws {
        let live = LiveFeed(LiveFeed.Snapshot(service: liveService))
        let app = buildApplication(
            live: live, configuration: FeedServerConfiguration(quiet: true), logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
        try await app.test(.router) { client in
            try await client.execute(uri: "/readyz", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.cacheControl] == "no-store")
            }
            live.readiness.startDraining()
            try await client.execute(uri: "/readyz", method: .get) { response in
                #expect(response.status == .serviceUnavailable)
                #expect(response.error?.error.code == "shutting_down")
            }
            try await client.execute(uri: "/v1/meta", method: .get) { response in
                #expect(response.status == .ok)
            }
        }
    }

    @Test("while draining, a keep-alive request is answered with Connection: close and its connection closed after it")
    func drainClosesConnections() async throws {
        let live = LiveFeed(LiveFeed.Snapshot(service: liveService))
        let app = buildApplication(
            live: live, configuration: FeedServerConfiguration(quiet: true), logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
        let (before, after) = try await app.test(.live) { client in
            let port = try #require(client.port)
            let kept = try RawConnection(port: port)
            kept.send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
            let before = try await kept.readResponse()
            live.readiness.startDraining()
            // The same connection, kept alive before the drain: its next answer closes it.
            kept.send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
            let after = try await kept.read(for: .seconds(60))
            return (before, after)
        }
        #expect(!before.closed)
        #expect(!before.text.lowercased().contains("connection: close"))
        #expect(after.closed)
        #expect(after.text.hasPrefix("HTTP/1.1 200"))
        #expect(after.text.lowercased().contains("connection: close"), "\(after.text)")
    }

    /// Runs Scripts/ops/shutdown-check against the built server: SIGHUP, then SIGTERM under request loops.
    @Test(
        "SIGHUP keeps the server running; SIGTERM under request loops drains with no reset and no empty answer, exit 0",
        .needs(.builtExecutable("worldclock-server")))
    func shutdownUnderLoad() async throws {
        let (status, text) = try await Self.runScript("shutdown-check", ["--runs", "1", "--drain", "2"])
        #expect(status == 0, "\(text)")
    }

    /// Runs Scripts/ops/rolling-restart: two servers behind nginx, restarted one after the other, with
    /// new tzdata for both in the middle.
    @Test(
        "a rolling restart behind nginx with a tzdata swap fails no request, and every answer after the swap has the new rules",
        .needs(.builtExecutable("worldclock-server")),
        .needs(.program("nginx", at: ["/usr/sbin/nginx", "/usr/bin/nginx"], install: "apt-get install -y nginx-light")))
    func rollingRestart() async throws {
        let (status, text) = try await Self.runScript("rolling-restart", [])
        #expect(status == 0, "\(text)")
    }

    static func runScript(_ name: String, _ arguments: [String]) async throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.scripts.appendingPathComponent(name).path, "--server", Self.server.path] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = await withCheckedContinuation { done in
            Thread.detachNewThread {
                let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                process.waitUntilExit()
                done.resume(returning: text)
            }
        }
        return (process.terminationStatus, text)
    }

    static let server = Tool.builtExecutable(named: "worldclock-server")
    static let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Scripts/ops")
}

@Suite("CORS on every response")
struct CORSEveryResponseTests {
    @Test("responses without Origin carry Access-Control-Allow-Origin: * too (a cache serves one copy to all)")
    func withoutOrigin() async throws {
        try await withApp { client in
            for (uri, method) in [("/v1/meta", HTTPRequest.Method.get), ("/nowhere", .get), ("/v1/meta", .post), ("/v1/zones/Mars/Olympus", .head)] {
                try await client.execute(uri: uri, method: method) { response in
                    #expect(response.headers[.accessControlAllowOrigin] == "*", "\(method) \(uri)")
                    #expect(response.headers[.accessControlExposeHeaders] == "ETag, Content-Location, X-Request-Id", "\(method) \(uri)")
                }
            }
        }
    }
}
