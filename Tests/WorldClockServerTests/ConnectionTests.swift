import CatalogueBuilder
import Foundation
import Hummingbird
import Logging
import ServerConfiguration
import Testing
import WorldClockKit

@testable import WorldClockServer

/// Runs `test` against the application listening on a loopback port, with `configuration`'s limits.
///
/// Nothing here is decided by how long something took: a test waits for the bytes or the close it
/// expects, under a deadline (60 s) far beyond what a loaded machine needs, so that it only stops
/// a hang.
func withLiveServer<Value: Sendable>(
    _ configuration: FeedServerConfiguration, service: FeedService = liveService,
    logger: Logger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }),
    _ test: @escaping @Sendable (Int) async throws -> Value
) async throws -> Value {
    var configuration = configuration
    configuration.quiet = true
    let app = buildApplication(service: service, configuration: configuration, logger: logger)
    return try await app.test(.live) { client in
        // The framework's client connects in the background; one answered request makes its
        // connection a fact before the test counts connections.
        _ = try await client.execute(uri: "/healthz", method: .get)
        return try await test(try #require(client.port))
    }
}

@Suite("Connections: timeouts, the connection limit, HTTP/1 rules at the socket", .serialized)
struct ConnectionTests {
    @Test("an HTTP/1.0 request without keep-alive is answered and closed: a client reading to EOF gets its answer")
    func http10Closes() async throws {
        let (text, closed) = try await withLiveServer(FeedServerConfiguration()) { port in
            let connection = try RawConnection(port: port)
            connection.send("GET /healthz HTTP/1.0\r\n\r\n")
            return try await connection.read(for: .seconds(60))
        }
        #expect(closed)
        #expect(text.hasPrefix("HTTP/1.1 200 OK"))
        #expect(text.lowercased().contains("connection: close"))
        #expect(text.hasSuffix(#"{"status":"ok"}"#))
    }

    @Test("Connection: close (any case) closes after the response; later pipelined requests are not read")
    func connectionClose() async throws {
        let (text, closed) = try await withLiveServer(FeedServerConfiguration()) { port in
            let connection = try RawConnection(port: port)
            connection.send("GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: Close\r\n\r\nGET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
            return try await connection.read(for: .seconds(60))
        }
        #expect(closed)
        #expect(text.components(separatedBy: "HTTP/1.1 200").count == 2, "\(text)")
    }

    @Test("HTTP/1.0 with keep-alive stays open and says so")
    func http10KeepAlive() async throws {
        let (first, second) = try await withLiveServer(FeedServerConfiguration()) { port in
            let connection = try RawConnection(port: port)
            connection.send("GET /healthz HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
            // The whole first response, then a second request on the same connection: it is only
            // answered if the server kept the connection open.
            let first = try await connection.readResponse()
            connection.send("GET /healthz HTTP/1.0\r\n\r\n")
            return (first, try await connection.read(for: .seconds(60)))
        }
        #expect(!first.closed)
        #expect(first.text.lowercased().contains("connection: keep-alive"))
        #expect(second.closed && second.text.hasPrefix("HTTP/1.1 200"))
    }

    @Test("pipelined requests are answered in order; keep-alive ones with their heads as they are, an HTTP/1.0 one closing after its answer")
    func pipelinedKeepAlive() async throws {
        let (text, closed) = try await withLiveServer(FeedServerConfiguration()) { port in
            let connection = try RawConnection(port: port)
            connection.send(
                "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\nGET /v1/meta HTTP/1.1\r\nHost: x\r\n\r\nGET /healthz HTTP/1.0\r\n\r\n"
                    + "GET /v1/meta HTTP/1.1\r\nHost: x\r\n\r\n")
            return try await connection.read(for: .seconds(60))
        }
        #expect(closed)
        let responses = text.components(separatedBy: "HTTP/1.1 ").dropFirst().map { $0.lowercased() }
        #expect(responses.count == 3, "\(text)")
        guard responses.count == 3 else { return }
        #expect(responses.allSatisfy { $0.hasPrefix("200 ok") })
        #expect(responses[0].hasSuffix(#"{"status":"ok"}"#) && !responses[0].contains("connection:"))
        #expect(responses[1].contains("tzdata") && !responses[1].contains("connection:"))
        #expect(responses[2].hasSuffix(#"{"status":"ok"}"#) && responses[2].contains("connection: close"))
    }

    @Test("an idle connection is closed after the idle timeout")
    func idle() async throws {
        let (text, closed) = try await withLiveServer(FeedServerConfiguration(idleTimeout: .seconds(1))) { port in
            try await RawConnection(port: port).read(for: .seconds(60))
        }
        #expect(closed)
        #expect(text.isEmpty)
    }

    /// The client keeps sending (a header byte about every 200 ms, never the end of the headers), so
    /// the idle timeout (60 s) never fires; only the request timeout (1 s) can close it before the
    /// client gives up at 30 s. How many bytes got through depends on the machine and is not checked.
    @Test("a slowloris client (a header byte every 200 ms) is closed after the request timeout, whatever the idle timeout")
    func slowloris() async throws {
        let log = CapturedLog()
        let closed = try await withLiveServer(
            FeedServerConfiguration(idleTimeout: .seconds(60), requestTimeout: .seconds(1)),
            logger: log.logger
        ) { port in
            let connection = try RawConnection(port: port)
            guard connection.send("GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Slow: ") else { return true }
            let givingUp = ContinuousClock.now + .seconds(30)
            while ContinuousClock.now < givingUp {
                guard connection.send("a") else { return true }
                if try await connection.read(for: .milliseconds(200)).closed { return true }
            }
            // The 30 s are the client's patience in wall-clock time, which a loaded pool can use
            // up between two bytes: the last word is the socket's.
            return try await connection.read(for: .seconds(60)).closed
        }
        #expect(closed)
        #expect(log.lines.withLock { $0.contains { $0.contains("request timeout") } })
    }

    @Test("past the connection limit a connection gets a JSON 503 and is closed; the limit is logged")
    func connectionLimit() async throws {
        let log = CapturedLog()
        let (refused, admitted) = try await withLiveServer(FeedServerConfiguration(maxConnections: 2), logger: log.logger) { port in
            // The test framework's own client holds one connection (`withLiveServer` waited for it);
            // an answered request shows the second was admitted, so both places are taken.
            let held = try RawConnection(port: port)
            held.send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
            let first = try await held.readResponse()
            let refused = try await RawConnection(port: port).read(for: .seconds(60))
            held.send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
            let admitted = try await held.readResponse()
            return (refused, first.text.hasPrefix("HTTP/1.1 200") ? admitted : first)
        }
        #expect(refused.closed)
        #expect(refused.text.hasPrefix("HTTP/1.1 503"))
        #expect(refused.text.contains(#""code":"too_many_connections""#))
        #expect(admitted.text.hasPrefix("HTTP/1.1 200"))
        #expect(log.lines.withLock { $0.contains { $0.contains("connection limit") } })
    }

    @Test(
        "what NIO's parser refuses is answered as JSON, and CONNECT gets a JSON 405",
        arguments: [
            (Array("HELLO\r\n\r\n".utf8), "400", "malformed_request"),
            (
                Array(("GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: " + String(repeating: "a", count: 20_000) + "\r\n\r\n").utf8), "431",
                "headers_too_large"
            ),
            // A raw byte that is no UTF-8 reaches the query's decoder (raw UTF-8 is taken, issue 51): its clear 400.
            (Array("GET /v1/search?q=".utf8) + [0xFF] + Array(" HTTP/1.1\r\nHost: x\r\n\r\n".utf8), "400", "invalid_utf8"),
            (Array("CONNECT example.org:443 HTTP/1.1\r\nHost: example.org:443\r\n\r\n".utf8), "405", "method_not_allowed"),
        ])
    func parserErrors(request: [UInt8], status: String, code: String) async throws {
        let (text, _) = try await withLiveServer(FeedServerConfiguration()) { port in
            let connection = try RawConnection(port: port)
            connection.send(bytes: request)
            return try await connection.readResponse()
        }
        #expect(text.hasPrefix("HTTP/1.1 \(status)"), "\(text.prefix(200))")
        #expect(text.lowercased().contains("content-type: application/json"))
        #expect(text.contains(#"{"error":{"code":"\#(code)""#), "\(text.prefix(400))")
    }
}
