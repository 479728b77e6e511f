import Foundation
import Hummingbird
import Logging
import MeetingPlanning
import NIOCore
import ServerConfiguration
import Synchronization
import Testing
import WireCore
import WorldClockKit

@testable import WorldClockServer

/// One request's fields, as `RequestObserver` hands them to the log.
struct LoggedRequest: Sendable, CustomTestStringConvertible {
    let method: String
    let target: String
    let status: Int
    let micros: Int64
    let bytes: Int?
    let client: SocketAddress?

    var testDescription: String { "\(method) \(target) \(status) \(micros) µs" }

    static let examples: [LoggedRequest] = [
        LoggedRequest(
            method: "GET", target: "/v1/search?q=" + String(repeating: "%EB%89%B4\u{1}", count: 2000), status: 400, micros: 5, bytes: 99,
            client: nil),
        LoggedRequest(
            method: "GET", target: "/v1/meta", status: 200, micros: 412, bytes: 401, client: try? SocketAddress(ipAddress: "127.0.0.1", port: 52344)),
        LoggedRequest(method: "HEAD", target: "/v1/sections?at=2026-07-15T12:00:00Z", status: 304, micros: 0, bytes: nil, client: nil),
        LoggedRequest(
            method: "GET", target: "/v1/search?q=%EB%89%B4", status: 200, micros: 12_000, bytes: 9,
            client: try? SocketAddress(ipAddress: "::1", port: 8)),
        LoggedRequest(
            method: "GET", target: "/v1/zones/\"quoted\"\\back\tslash\u{1}/뉴욕", status: 404, micros: 1_234_560, bytes: 0,
            client: try? SocketAddress(ipAddress: "10.0.255.1", port: 65535)),
        LoggedRequest(
            method: "QUERY", target: "/", status: 405, micros: 1_000_010, bytes: 120, client: try? SocketAddress(ipAddress: "0.0.0.0", port: 0)),
    ]
}

@Suite("Log lines, written cheaply")
struct LogSinkTests {
    /// The lines a sink hands to a function, kept.
    final class Kept: Sendable {
        let lines = Mutex<[String]>([])
        var all: [String] { lines.withLock { $0 } }
        func sink(_ format: LogFormat) -> LogSink { LogSink(format: format) { line in self.lines.withLock { $0.append(line) } } }
    }

    /// `line` without its time (the first field), which the two lines take at different moments.
    static func timeless(_ line: String) -> Substring {
        if line.hasPrefix("{\"time\":\"") { return line.dropFirst(9).drop { $0 != "\"" } }
        return line.drop { $0 != " " }
    }

    @Test(
        "the request line laid out from its fields is the line the log handler writes for the same event through swift-log's metadata",
        arguments: LogFormat.allCases, LoggedRequest.examples)
    func sameLine(format: LogFormat, request: LoggedRequest) throws {
        let kept = Kept()
        RequestLog(format: format, sink: kept.sink(format)).write(
            method: request.method, target: request.target, status: request.status, micros: request.micros, bytes: request.bytes,
            client: request.client, requestID: "7c3b00000000000000002a", userAgent: nil)
        var metadata: Logger.Metadata = [
            "method": .string(request.method), "path": .string(request.target), "status": .stringConvertible(request.status),
            "duration_ms": .stringConvertible(Double(request.micros) / 1000),
            "client": .string(request.client.map(RequestObserver.address) ?? "-"),
            "request_id": .string("7c3b00000000000000002a"), "user_agent": .string("-"),
        ]
        if let bytes = request.bytes { metadata["bytes"] = .stringConvertible(bytes) }
        let millis = "\(request.micros / 1000).\(String(request.micros % 1000 + 1000).dropFirst())"
        let expected = ServerLogHandler.line(
            format: format, time: Date(), level: .info, message: "\(request.method) \(request.target) \(request.status) \(millis) ms",
            metadata: metadata)
        let line = try #require(kept.all.first)
        #expect(kept.all.count == 1)
        #expect(Self.timeless(line) == Self.timeless(expected))
        if format == .json {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(object["path"] as? String == request.target)
            #expect(object["status"] as? Int == request.status)
            #expect((object["duration_ms"] as? NSNumber)?.doubleValue == Double(request.micros) / 1000)
            #expect(object["request_id"] as? String == "7c3b00000000000000002a")
        }
    }

    @Test("a JSON line's time and a text line's first field are the documented 2026-07-15T12:00:00.123Z, from the cached second")
    func time() throws {
        let clock = LogClock()
        for format in LogFormat.allCases {
            let text = LogLine.write { line in
                line.begin(format: format, level: .info, seconds: 1_784_116_800, millis: 7, clock: clock)
                return line.text
            }
            #expect(text == (format == .json ? #"{"time":"2026-07-15T12:00:00.007Z","level":"info""# : "2026-07-15T12:00:00.007Z info"))
        }
        #expect(ServerLogHandler.timestamp(Date(timeIntervalSince1970: 1_784_116_800.123_5)) == "2026-07-15T12:00:00.123Z")
        // The clock's cached text is that second's, also after a second it did not cache.
        let next = LogLine.write { line in
            line.begin(format: .text, level: .info, seconds: 1_784_116_801, millis: 999, clock: clock)
            return line.text
        }
        #expect(next == "2026-07-15T12:00:01.999Z info")
    }

    @Test("Hummingbird's request id is written as its description spells it, from its number")
    func requestID() {
        for _ in 0..<1000 {
            let id = RequestID()
            let text = LogLine.write { line in
                RequestLog.requestID(.stringConvertible(id), into: &line)
                return line.text
            }
            #expect(text == id.description)
        }
        let other = LogLine.write { line in
            RequestLog.requestID(.string("a\"b"), into: &line)
            return line.text
        }
        #expect(other == #"a\"b"#)
    }

    @Test("a line's level is the level's own name", arguments: Logger.Level.allCases)
    func levelName(level: Logger.Level) {
        #expect("\(LogLine.name(of: level))" == level.rawValue)
    }

    @Test(
        "integers in a log line are written as Swift prints them",
        arguments: [0, 1, 9, 10, 99, 100, 412, 999, 1000, 1001, 12_000, 65_535, 123_456_789, Int(Int32.max), Int.max, -1, -999, -1000, Int.min])
    func integers(value: Int) {
        let integer = LogLine.write(capacity: 2) { line in
            line.integer(value)
            return line.text
        }
        #expect(integer == "\(value)")
    }

    @Test(
        "durations in a log line are written in milliseconds with three decimals, or as a Double prints them",
        arguments: [0, 1, 9, 10, 99, 100, 412, 999, 1000, 1001, 12_000, 65_535, 123_456_789, Int64(Int32.max), (1 << 40) - 1] as [Int64])
    func durations(micros: Int64) {
        let (fixed, shortest) = LogLine.write(capacity: 2) { line in
            line.milliseconds(micros, shortest: false)
            let fixed = line.text
            line.ascii(" ")
            line.milliseconds(micros, shortest: true)
            return (fixed, String(line.text.dropFirst(fixed.utf8.count + 1)))
        }
        #expect(fixed == "\(micros / 1000).\(zeroPadded(Int(micros % 1000), width: 3))")
        #expect(shortest == "\(Double(micros) / 1000)")
    }

    @Test("a string in a log line is escaped as the feed's own JSON encoder escapes it, for every ASCII character and beyond")
    func escaping() {
        var texts = (0..<0x80).map { String(UnicodeScalar(UInt8($0))) }
        texts += ["뉴욕", "a/b", "\u{2028}", "é", "\u{7F}", "😀"]
        for text in texts {
            // A line of 4 bytes to begin with, so that escaping also grows it.
            let escaped = LogLine.write(capacity: 4) { line in
                line.jsonString(text)
                return line.text
            }
            #expect(escaped == JSONWriter.quoted(text), "\(text.unicodeScalars.map { $0.value })")
        }
    }

    @Test("lines reach the file in order, each whole, when the sink is flushed")
    func order() throws {
        let file = try TemporaryLogFile()
        let sink = LogSink(format: .json, fileDescriptor: file.descriptor, interval: .seconds(3600))
        let log = RequestLog(format: .json, sink: sink)
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            for index in 0..<500 {
                log.write(
                    method: "GET", target: "/w\(worker)/\(index)", status: 200, micros: Int64(index), bytes: index, client: nil,
                    requestID: "\(worker)", userAgent: nil)
            }
        }
        sink.flush()
        let lines = try file.lines()
        #expect(lines.count == 2000)
        for worker in 0..<4 {
            let paths = lines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
                .filter { $0["request_id"] as? String == "\(worker)" }.compactMap { $0["path"] as? String }
            #expect(paths == (0..<500).map { "/w\(worker)/\($0)" })
        }
        #expect(sink.droppedLines == 0)
    }

    @Test("a notice (startup, reload, shutdown) is written by the sink's thread at once, without a flush")
    func urgent() throws {
        // A pipe, so that the test waits for the writer's write itself (poll), not for a file to change.
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { ends.forEach { _ = close($0) } }
        let sink = LogSink(format: .text, fileDescriptor: ends[1], interval: .seconds(3600))
        let logger = Logger(label: "test") { _ in ServerLogHandler(format: .text, level: .info, sink: sink) }
        logger.info("a request line waits for the batch")
        logger.notice("stopped")
        // No flush here: each wait ends when the writer has written; a hung writer fails after a minute.
        var bytes: [UInt8] = []
        let deadline = ContinuousClock.now + .seconds(60)
        while bytes.count(where: { $0 == 0x0A }) < 2, ContinuousClock.now < deadline {
            var ready = pollfd(fd: ends[0], events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 60_000) == 1 else { break }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = read(ends[0], &chunk, chunk.count)
            guard count > 0 else { break }
            bytes += chunk.prefix(count)
        }
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines.last?.hasSuffix(" notice stopped") == true, "\(lines)")
    }

    @Test("when the buffer is full, lines are dropped rather than held or grown, counted, said in a warning line, and in /metrics")
    func drops() throws {
        let file = try TemporaryLogFile()
        // Room for two lines of the ten, and no writing until the flush.
        let sink = LogSink(format: .json, fileDescriptor: file.descriptor, capacity: 400, interval: .seconds(3600))
        let metrics = ServerMetrics()
        metrics.track(sink)
        let log = RequestLog(format: .json, sink: sink)
        for index in 0..<10 {
            log.write(method: "GET", target: "/\(index)", status: 200, micros: 1, bytes: 1, client: nil, requestID: "r", userAgent: nil)
        }
        #expect(sink.droppedLines == 8)
        sink.flush()
        let lines = try file.lines()
        #expect(lines.count == 3, "\(lines)")
        let warning = try #require(try JSONSerialization.jsonObject(with: Data(lines.last!.utf8)) as? [String: Any])
        #expect(warning["level"] as? String == "warning")
        #expect(warning["dropped"] as? Int == 8)
        #expect((warning["message"] as? String)?.contains("8 log lines dropped") == true)
        let exposition = String(buffer: metrics.render(live: LiveFeed(LiveFeed.Snapshot(service: liveService))))
        #expect(exposition.contains("\nworldclock_log_lines_dropped_total 8\n"), "\(exposition)")
        // Written, the buffer takes lines again.
        log.write(method: "GET", target: "/again", status: 200, micros: 1, bytes: 1, client: nil, requestID: "r", userAgent: nil)
        sink.flush()
        #expect(try file.lines().count == 4)
        #expect(sink.droppedLines == 8)
    }
}

/// A file in the temporary directory, open for writing, removed when the value goes away.
final class TemporaryLogFile {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("worldclock-log-\(UUID().uuidString)")
    let descriptor: Int32

    init() throws {
        descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown) }
    }

    /// The lines written so far.
    func lines() throws -> [String] {
        try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    deinit {
        close(descriptor)
        try? FileManager.default.removeItem(at: url)
    }
}

extension ServerLogHandler {
    /// One line at `time`, with its newline: what the handler writes for an event, without its clock.
    static func line(format: LogFormat, time: Date, level: Logger.Level, message: String, metadata: Logger.Metadata) -> String {
        let seconds = time.timeIntervalSince1970.rounded(.down)
        return LogLine.write { line in
            line.begin(format: format, level: level, seconds: Int64(seconds), millis: Int((time.timeIntervalSince1970 - seconds) * 1000))
            finish(&line, format: format, message: message, metadata: metadata)
            return line.text
        }
    }
}
