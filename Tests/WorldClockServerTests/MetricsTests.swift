import Foundation
import HTTPTypes
import Hummingbird
import Logging
import ServerConfiguration
import Synchronization
import TestSupport
import Testing
import WorldClockKit

@testable import WorldClockServer

/// One sample of the exposition, as prometheus-client's parser read it.
struct MetricSample: Decodable {
    let family: String
    let type: String
    let name: String
    let labels: [String: String]
    let value: Double
}

@Suite("GET /metrics")
struct MetricsTests {
    static let parser = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Scripts/dev/parse-metrics")

    /// `text` through prometheus-client's text-format parser.
    static func parse(_ text: String) async throws -> [MetricSample] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", parser.path]
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        input.fileHandleForWriting.write(Data(text.utf8))
        try input.fileHandleForWriting.close()
        let (lines, message) = await withCheckedContinuation { done in
            Thread.detachNewThread {
                let lines = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                process.waitUntilExit()
                done.resume(returning: (lines, message))
            }
        }
        #expect(process.terminationStatus == 0, "\(message)")
        return try lines.split(separator: "\n").map { try JSONDecoder().decode(MetricSample.self, from: Data($0.utf8)) }
    }

    @Test(
        "requests by route and status, latency, bytes, refusals, cache look-ups and the tzdata in use, in a text format Prometheus parses",
        .needs(.pythonModule("prometheus_client", install: "pip install prometheus-client (Scripts/test does)")))
    func exposition() async throws {
        let metrics = ServerMetrics()
        let live = LiveFeed(
            LiveFeed.Snapshot(service: FeedService(catalogue: catalogue, clocks: sharedClocks, sectionsBody: sharedSectionsBody, metrics: metrics)),
            metrics: metrics)
        let app = buildApplication(
            live: live, configuration: FeedServerConfiguration(quiet: true, metrics: .feedListener),
            logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
        let text = try await app.test(.router) { client in
            for _ in 0..<3 { _ = try await client.execute(uri: "/v1/meta", method: .get) }
            _ = try await client.execute(uri: "/v1/zones/Asia/Seoul?at=2026-07-15T12:00:00Z", method: .get)
            _ = try await client.execute(uri: "/v1/zones/Asia/Seoul?at=2026-07-15T12:00:00Z", method: .get)
            _ = try await client.execute(uri: "/nowhere", method: .get)
            _ = try await client.execute(uri: "/v1/meta", method: .post)
            _ = try await client.execute(uri: "/v1/meta", method: HTTPRequest.Method("QUERY")!)
            _ = try await client.execute(uri: "/v1/meta", method: .options, headers: [.origin: "https://example.com"])
            live.readiness.startDraining()
            _ = try await client.execute(uri: "/readyz", method: .get)
            return try await client.execute(uri: "/metrics", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/plain; version=0.0.4; charset=utf-8")
                #expect(response.headers[.cacheControl] == "no-store")
                return response.text
            }
        }
        let samples = try await Self.parse(text)
        func value(_ name: String, _ labels: [String: String] = [:]) -> Double? {
            samples.first { sample in sample.name == name && labels.allSatisfy { sample.labels[$0.key] == $0.value } }?.value
        }
        #expect(value("worldclock_http_requests_total", ["route": "/v1/meta", "status": "200"]) == 3)
        #expect(
            value("worldclock_http_requests_total", ["route": "unmatched", "status": "404"]) == 1,
            "\(samples.filter { $0.name == "worldclock_http_requests_total" }.map(\.labels))")
        #expect(value("worldclock_http_requests_total", ["route": "/readyz", "status": "503"]) == 1)
        // A path's other methods (405, POST and QUERY alike) and its preflight count under the path.
        #expect(value("worldclock_http_requests_total", ["route": "/v1/meta", "status": "405"]) == 2)
        #expect(value("worldclock_http_requests_total", ["route": "/v1/meta", "status": "204"]) == 1)
        #expect(value("worldclock_http_request_duration_seconds_count", ["route": "/v1/meta"]) == 6)
        #expect((value("worldclock_http_response_bytes_total", ["route": "/v1/meta", "status": "200"]) ?? 0) > 3 * 100)
        #expect(samples.contains { $0.name == "worldclock_http_request_duration_seconds_bucket" && $0.labels["le"] == "+Inf" })
        #expect(value("worldclock_refusals_total", ["cause": "shutting_down"]) == 1)
        #expect(value("worldclock_response_cache_lookups_total", ["result": "miss"]) == 1)
        #expect(value("worldclock_response_cache_lookups_total", ["result": "hit"]) == 1)
        #expect((value("worldclock_response_cache_bytes") ?? 0) > 0)
        #expect(value("worldclock_costly_work", ["state": "waiting"]) == 0)
        #expect(value("worldclock_tzdata_info", ["version": "2026f", "source": "bundled", "rules_digest": liveService.rulesDigest]) == 1)
    }

    @Test("--metrics-address off: no /metrics route, and nothing recorded")
    func off() async throws {
        let live = LiveFeed(LiveFeed.Snapshot(service: liveService))
        let app = buildApplication(
            live: live, configuration: FeedServerConfiguration(quiet: true, metrics: .off),
            logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
        try await app.test(.router) { client in
            try await client.execute(uri: "/metrics", method: .get) { response in
                #expect(response.status == .notFound)
            }
        }
    }
}

@Suite("Log lines")
struct LogFormatTests {
    @Test("--log-format json: one object per line with time, level, request id, method, path, status, bytes, duration and client")
    func json() async throws {
        let lines = Mutex<[String]>([])
        let logger = Logger(label: "test") { _ in ServerLogHandler(format: .json, level: .info) { line in lines.withLock { $0.append(line) } } }
        let live = LiveFeed(LiveFeed.Snapshot(service: liveService))
        let app = buildApplication(live: live, configuration: FeedServerConfiguration(quiet: false), logger: logger)
        try await app.test(.live) { client in
            _ = try await client.execute(uri: "/v1/meta", method: .get)
        }
        let all = lines.withLock { $0 }
        #expect(all.allSatisfy { $0.hasSuffix("}\n") && $0.dropLast().firstIndex(of: "\n") == nil }, "\(all)")
        let objects = all.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(objects.count == all.count, "\(all)")
        let request = try #require(objects.first { $0["path"] as? String == "/v1/meta" }, "\(all)")
        #expect(request["method"] as? String == "GET")
        #expect(request["status"] as? Int == 200)
        #expect((request["bytes"] as? Int ?? 0) > 100)
        #expect(request["duration_ms"] is Double || request["duration_ms"] is Int)
        #expect((request["client"] as? String)?.hasPrefix("127.0.0.1:") == true)
        #expect((request["request_id"] as? String)?.isEmpty == false)
        #expect(request["level"] as? String == "info")
        #expect((request["time"] as? String)?.hasSuffix("Z") == true)
    }

    @Test("--log-level warning leaves out the request lines")
    func level() {
        let lines = Mutex<[String]>([])
        let logger = Logger(label: "test") { _ in ServerLogHandler(format: .text, level: .warning) { line in lines.withLock { $0.append(line) } } }
        logger.info("a request")
        logger.warning("a warning", metadata: ["zone": "Asia/Seoul"])
        #expect(lines.withLock { $0 }.count == 1)
        #expect(lines.withLock { $0 }.first?.contains(" warning a warning zone=Asia/Seoul") == true)
    }
}
