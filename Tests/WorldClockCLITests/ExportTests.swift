import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The repository's root, for Scripts/nginx-export.conf.
private let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// A process started for a test and stopped when the value goes away; what it writes on stderr
/// is kept, to say why it stopped.
private final class Background {
    let process = Process()
    private let log: URL

    init(_ executable: String, _ arguments: [String], log: URL) throws {
        self.log = log
        try Data().write(to: log)
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: log)
        try process.run()
    }

    /// Why it is not serving: it exited (with its stderr), or nil while it runs.
    var exited: String? {
        guard !process.isRunning else { return nil }
        let stderr = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        return "\(process.executableURL?.lastPathComponent ?? "?") exited with status \(process.terminationStatus): \(stderr)"
    }

    deinit {
        process.terminate()
        process.waitUntilExit()
    }
}

/// A server that stopped before it answered.
private struct ServerExited: Error, CustomStringConvertible { let description: String }

/// The body of `url` without content coding, and its status. Until the server listens the
/// connection is refused; it is tried again until it answers, up to 600 times 100 ms apart (a guard
/// against a server that never starts, not a measure of how fast it starts), and not at all once
/// `server` has exited: its stderr then says why (a port taken meanwhile, a bad configuration).
/// Attempts are counted, not wall-clock time: on a loaded machine an attempt that was refused
/// before the server listened can come back after a minute in the test pool's queue, and it is
/// then simply tried again.
private func fetch(_ url: String, from server: Background, acceptEncoding: String = "identity") async throws -> (Data, HTTPURLResponse) {
    var request = URLRequest(url: URL(string: url)!)
    request.setValue(acceptEncoding, forHTTPHeaderField: "Accept-Encoding")
    var attempts = 0
    while true {
        do {
            let (data, response) = try await URLSession.shared.data(for: request)
            return (data, response as! HTTPURLResponse)
        } catch  where attempts < 600 {
            if let exited = server.exited { throw ServerExited(description: exited) }
            attempts += 1
            try await Task.sleep(for: .milliseconds(100))
        }
    }
}

/// A port the kernel chose for a socket bound to port 0, released for a server that cannot be
/// handed a socket. Another program could take it in between, but two tests' random choices can
/// no longer collide: the kernel gives a port no socket holds.
private func freePort() throws -> Int {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
    }
    guard bound else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    return Int(UInt16(bigEndian: address.sin_port))
}

@Suite("worldclock export behind nginx")
struct ExportTests {
    @Test("nginx serving the export answers every path with the body worldclock serve gives at the same instant")
    func nginxMatchesServe() async throws {
        let nginx = ["/usr/sbin/nginx", "/usr/bin/nginx"].first { FileManager.default.isExecutableFile(atPath: $0) }
        let binary = try #require(nginx, "nginx is not installed: apt-get install -y nginx-light (.ci/run does)")
        let at = "2026-11-23T12:00:00Z"
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("export-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        let site = work.appendingPathComponent("site")

        let export = try CommandRunner.run(["export", site.path, "--at", at, "--tzdata", "bundled"])
        #expect(export.status == 0, "\(export.stderr)")
        let index = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: site.appendingPathComponent("index.json"))) as? [String: Any])
        let entries = try #require(index["entries"] as? [[String: Any]])
        let paths = entries.compactMap { $0["path"] as? String }
        #expect(paths.count == entries.count)
        #expect(paths.contains("/v1/sections") && paths.contains("/v1/zones/Asia/Seoul") && paths.contains("/v1/sections/%E3%84%B1"))

        // Ports from the kernel (bound to port 0, then released), not a random guess. `serve --port 0`
        // would say its port in its log, but the log reaches a file only when the server exits.
        let (nginxPort, servePort) = (try freePort(), try freePort())
        let config = try String(contentsOf: repository.appendingPathComponent("Scripts/nginx-export.conf"), encoding: .utf8)
            .replacingOccurrences(of: "ROOT", with: site.path)
            .replacingOccurrences(of: "PORT", with: String(nginxPort))
            .replacingOccurrences(of: "PIDFILE", with: work.appendingPathComponent("nginx.pid").path)
        let configFile = work.appendingPathComponent("nginx.conf")
        try config.write(to: configFile, atomically: true, encoding: .utf8)
        let web = try Background(binary, ["-c", configFile.path, "-p", work.path, "-e", "stderr"], log: work.appendingPathComponent("nginx.log"))
        let serve = try Background(
            CommandRunner.executable.path, ["serve", "--port", String(servePort), "--quiet", "--tzdata", "bundled"],
            log: work.appendingPathComponent("serve.log"))

        var compared = 0
        for path in paths {
            // Catalogue-only bodies take no `at`; every time-dependent one is asked for at the export's instant.
            let query = ["/v1/meta", "/healthz", "/openapi.yaml"].contains(path) ? "" : "?at=" + at
            let (fromNginx, nginxResponse) = try await fetch("http://127.0.0.1:\(nginxPort)\(path)", from: web)
            let (fromServe, serveResponse) = try await fetch("http://127.0.0.1:\(servePort)\(path)\(query)", from: serve)
            #expect(nginxResponse.statusCode == 200, "\(path)")
            #expect(serveResponse.statusCode == 200, "\(path)")
            #expect(fromNginx == fromServe, "\(path): nginx \(fromNginx.count) bytes, serve \(fromServe.count) bytes")
            #expect(
                nginxResponse.value(forHTTPHeaderField: "Content-Type")?.hasPrefix(
                    serveResponse.value(forHTTPHeaderField: "Content-Type")?.split(separator: ";").first.map(String.init) ?? "?") == true, "\(path)")
            compared += 1
        }
        #expect(compared == paths.count)
        // The precompressed file is what nginx sends to a client that accepts gzip.
        let (_, gzipped) = try await fetch("http://127.0.0.1:\(nginxPort)/v1/sections", from: web, acceptEncoding: "gzip")
        #expect(gzipped.value(forHTTPHeaderField: "Content-Encoding") == "gzip")
        #expect(gzipped.value(forHTTPHeaderField: "Vary") == "Accept-Encoding")
    }
}
