import Foundation
import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The repository's root, for Scripts/ops/nginx-export.conf.
private let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// A process started for a test and stopped when the value goes away. What it writes on stderr
/// is kept, to wait for the line that says it serves and to say why it stopped.
private final class Background: @unchecked Sendable {
    let process = Process()
    private let stderr: Output

    /// Standard error as it arrives, read to its end by a thread of its own (so the process never
    /// blocks on a full pipe), and a condition signalled at each read and at the end.
    private final class Output: @unchecked Sendable {
        let changed = NSCondition()
        var text = ""  // guarded by `changed`
        var ended = false  // guarded by `changed`
    }

    init(_ executable: String, _ arguments: [String]) throws {
        let pipe = Pipe()
        let output = Output()
        stderr = output
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = pipe
        try process.run()
        let reading = pipe.fileHandleForReading
        Thread {
            while case let data = reading.availableData, !data.isEmpty {
                output.changed.withLock {
                    output.text += String(decoding: data, as: UTF8.self)
                    output.changed.broadcast()
                }
            }
            output.changed.withLock {
                output.ended = true
                output.changed.broadcast()
            }
        }.start()
    }

    /// The first line on standard error that contains `needle`: waits for the line itself (the
    /// server's `listening on`, nginx's `start worker processes`), not for a time. It throws when
    /// the process ends without writing it, with its standard error; the 120 s are only a guard
    /// against a process that hangs.
    func line(containing needle: String) async throws -> String {
        let output = stderr
        let process = process
        return try await onOwnThread {
            let guardDeadline = Date(timeIntervalSinceNow: 120)
            output.changed.lock()
            defer { output.changed.unlock() }
            while true {
                if let line = output.text.split(separator: "\n").first(where: { $0.contains(needle) }) { return String(line) }
                if output.ended {
                    process.waitUntilExit()
                    throw ServerExited(
                        description:
                            "\(process.executableURL?.lastPathComponent ?? "?") exited with status \(process.terminationStatus): \(output.text)")
                }
                if !output.changed.wait(until: guardDeadline) {
                    throw ServerExited(description: "no line with \(needle) in 120 s (a guard against a hang): \(output.text)")
                }
            }
        }
    }

    deinit {
        process.terminate()
        process.waitUntilExit()
    }
}

/// A server that stopped, or never said it serves.
private struct ServerExited: Error, CustomStringConvertible { let description: String }

/// The body of `url` without content coding, and its status; asked once the server said it serves.
private func fetch(_ url: String, acceptEncoding: String = "identity") async throws -> (Data, HTTPURLResponse) {
    var request = URLRequest(url: URL(string: url)!)
    request.setValue(acceptEncoding, forHTTPHeaderField: "Accept-Encoding")
    let (data, response) = try await URLSession.shared.data(for: request)
    return (data, response as! HTTPURLResponse)
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

        let export = try await onOwnThread { try CommandRunner.run(["export", site.path, "--at", at, "--tzdata", "bundled"]) }
        #expect(export.status == 0, "\(export.stderr)")
        let index = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: site.appendingPathComponent("index.json"))) as? [String: Any])
        let entries = try #require(index["entries"] as? [[String: Any]])
        let paths = entries.compactMap { $0["path"] as? String }
        #expect(paths.count == entries.count)
        #expect(paths.contains("/v1/sections") && paths.contains("/v1/zones/Asia/Seoul") && paths.contains("/v1/sections/%E3%84%B1"))
        // Aliases too, compared below with serve's answer like every path: `/v1/zones/UTC` is the same JSON from both.
        #expect(
            paths.contains("/v1/zones/UTC") && paths.contains("/v1/zones/Asia/Calcutta"), "\(paths.filter { $0.hasPrefix("/v1/zones/") }.prefix(5))")
        // The digest of rules and catalogue a client watches, as serve's /v1/meta gives it (compared below).
        #expect(((index["meta"] as? [String: Any])?["rules_digest"] as? String)?.count == 16)
        // And the build that wrote it, as `/v1/meta` (compared below) and `--version` say it.
        #expect((((index["meta"] as? [String: Any])?["server"] as? [String: Any])?["version"] as? String)?.isEmpty == false)

        // nginx's port from the kernel (bound to port 0, then released), not a random guess; serve
        // listens on port 0 and says which port it got.
        let nginxPort = try freePort()
        let config = try String(contentsOf: repository.appendingPathComponent("Scripts/ops/nginx-export.conf"), encoding: .utf8)
            .replacingOccurrences(of: "ROOT", with: site.path)
            .replacingOccurrences(of: "PORT", with: String(nginxPort))
            .replacingOccurrences(of: "PIDFILE", with: work.appendingPathComponent("nginx.pid").path)
        let configFile = work.appendingPathComponent("nginx.conf")
        try config.write(to: configFile, atomically: true, encoding: .utf8)
        let web = try Background(binary, ["-c", configFile.path, "-p", work.path] + Self.nginxSaysItServes)
        // No /metrics listener: its "listening on" line (127.0.0.1:9464) could come first and be taken for the feed's.
        let serve = try Background(
            CommandRunner.executable.path, ["serve", "--port", "0", "--metrics-address", "off", "--quiet", "--tzdata", "bundled"])
        _ = try await web.line(containing: "start worker processes")
        let listening = try await serve.line(containing: "listening on 127.0.0.1:")
        let servePort = try #require(listening.split(separator: ":").last.flatMap { Int($0) }, "\(listening)")

        var compared = 0
        for path in paths {
            // Catalogue-only bodies take no `at`; every time-dependent one is asked for at the export's instant.
            let query = ["/v1/meta", "/healthz", "/openapi.yaml", "/v1/posix.json", "/v1/posix.h"].contains(path) ? "" : "?at=" + at
            let (fromNginx, nginxResponse) = try await fetch("http://127.0.0.1:\(nginxPort)\(path)")
            let (fromServe, serveResponse) = try await fetch("http://127.0.0.1:\(servePort)\(path)\(query)")
            #expect(nginxResponse.statusCode == 200, "\(path)")
            #expect(serveResponse.statusCode == 200, "\(path)")
            // One difference by design: the export's page names no server search (no server answers there).
            let served = path == "/" ? Self.withoutServerSearch(fromServe) : fromServe
            #expect(fromNginx == served, "\(path): nginx \(fromNginx.count) bytes, serve \(fromServe.count) bytes")
            #expect(
                nginxResponse.value(forHTTPHeaderField: "Content-Type")?.hasPrefix(
                    serveResponse.value(forHTTPHeaderField: "Content-Type")?.split(separator: ";").first.map(String.init) ?? "?") == true, "\(path)")
            compared += 1
        }
        #expect(compared == paths.count)
        // The precompressed file is what nginx sends to a client that accepts gzip.
        let (_, gzipped) = try await fetch("http://127.0.0.1:\(nginxPort)/v1/sections", acceptEncoding: "gzip")
        #expect(gzipped.value(forHTTPHeaderField: "Content-Encoding") == "gzip")
        #expect(gzipped.value(forHTTPHeaderField: "Vary") == "Accept-Encoding")
    }

    @Test(
        """
        re-exported 5 times while nginx serves it and readers read it in a loop: every response and every tree read whole and consistent, the \
        older trees removed
        """
    )
    func reexportUnderReaders() async throws {
        let nginx = ["/usr/sbin/nginx", "/usr/bin/nginx"].first { FileManager.default.isExecutableFile(atPath: $0) }
        let binary = try #require(nginx, "nginx is not installed: apt-get install -y nginx-light (Scripts/test does)")
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("reexport-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let site = work.appendingPathComponent("site")
        // Each export at its own instant, so that two exports' bodies differ and a mix would show.
        let start = Date(timeIntervalSince1970: 1_795_435_200)  // 2026-11-23T12:00:00Z
        // What failed, said after the wait: an #expect on a thread of our own has no test to record to.
        @Sendable func export(_ k: Int) throws -> String? {
            let at = ISO8601DateFormatter().string(from: start.addingTimeInterval(Double(k) * 3_600))
            let run = try CommandRunner.run(["export", site.path, "--at", at, "--tzdata", "bundled"])
            return run.status == 0 ? nil : "export \(k): status \(run.status), \(run.stderr)"
        }
        let first = try await onOwnThread { try export(0) }
        try #require(first == nil, "\(first ?? "")")

        let port = try freePort()
        let config = try String(contentsOf: repository.appendingPathComponent("Scripts/ops/nginx-export.conf"), encoding: .utf8)
            .replacingOccurrences(of: "ROOT", with: site.path)
            .replacingOccurrences(of: "PORT", with: String(port))
            .replacingOccurrences(of: "PIDFILE", with: work.appendingPathComponent("nginx.pid").path)
        try config.write(to: work.appendingPathComponent("nginx.conf"), atomically: true, encoding: .utf8)
        let web = try Background(binary, ["-c", work.appendingPathComponent("nginx.conf").path, "-p", work.path] + Self.nginxSaysItServes)
        _ = try await web.line(containing: "start worker processes")

        // Readers on threads of their own: one reads the tree as a mirror or an upload would, one asks
        // nginx. A round parses only JSON it has not parsed (the same bytes as the last round that
        // parsed are the same JSON), and between rounds a reader waits for the exports' end, 10 ms at
        // most (it leaves at once when they end). Reading as fast as they could, parsing every round,
        // the two kept two cores from the tests beside them for the whole test: 835 tree and 392 HTTP
        // rounds for 42 CPU-seconds (the test alone); now 1,391 and 530 for 29.
        let readings = Mutex(Readings())
        // The exports' end, the event the readers wait for: left when the last export is done.
        let exporting = DispatchGroup()
        exporting.enter()
        let readers = (0..<2).map { number in
            let done = DispatchSemaphore(value: 0)
            Thread {
                var parsed = Parsed()
                repeat {
                    let round = number == 0 ? TreeReader.read(site, parsed: &parsed) : HTTPReader.read(port: port, parsed: &parsed)
                    readings.withLock { $0.add(round) }
                } while exporting.wait(timeout: .now() + .milliseconds(10)) == .timedOut
                done.signal()
            }.start()
            return done
        }
        // The exports and the wait for the readers block: off the concurrency pool.
        let failedExports = try await onOwnThread {
            defer {
                exporting.leave()
                for done in readers { done.wait() }
            }
            return try (1...5).compactMap { try export($0) }
        }
        #expect(failedExports.isEmpty, "\(failedExports)")

        let result = readings.withLock { $0 }
        // isEmpty, not == []: a failed == of two arrays makes the testing library diff them, which
        // for thousands of failures does not end.
        #expect(result.failures.isEmpty, "\(result.failures.count) failed reads, first: \(result.failures.prefix(5))")
        #expect(result.treeRounds > 0 && result.httpRounds > 0, "rounds: \(result.treeRounds) of trees, \(result.httpRounds) over HTTP")
        // Every .gz read is its plain file compressed (one check per pair read, after the loop).
        let packed = work.appendingPathComponent("read.gz")
        let mismatches = try await onOwnThread { try Self.gunzipMismatches(result.pairs, through: packed) }
        #expect(mismatches.isEmpty, "\(mismatches)")
        #expect(result.pairs.count > 1, "the readers met more than one export")

        // Nothing of the older exports is left: one tree, the link's, holding what its index lists.
        let link = try FileManager.default.destinationOfSymbolicLink(atPath: site.path)
        let versions = site.path + ".exports"
        #expect(try FileManager.default.contentsOfDirectory(atPath: versions).sorted() == [".lock", String(link.split(separator: "/").last!)])
        #expect(try FileManager.default.contentsOfDirectory(atPath: work.path).filter { $0.hasPrefix(".site") } == [])
        let tree = work.appendingPathComponent(link)
        let index = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: tree.appendingPathComponent("index.json"))) as? [String: Any])
        var listed: Set<String> = ["index.json"]
        for entry in try #require(index["entries"] as? [[String: Any]]) {
            let file = try #require(entry["file"] as? String)
            listed.insert(file)
            if entry["gzip_bytes"] is Int { listed.insert(file + ".gz") }
        }
        let present = Set(
            (FileManager.default.enumerator(atPath: tree.path)?.allObjects as? [String] ?? []).filter {
                var directory: ObjCBool = false
                return FileManager.default.fileExists(atPath: tree.appendingPathComponent($0).path, isDirectory: &directory) && !directory.boolValue
            })
        #expect(present == listed)
    }

    /// nginx's log on standard error, at the notice level too: its master writes `start worker
    /// processes` once its sockets listen, which the tests wait for.
    static let nginxSaysItServes = ["-e", "stderr", "-g", "error_log stderr notice;"]

    /// The pairs whose `.gz`, unpacked by gzip(1) through the file `packed`, is not their plain file.
    /// `serve`'s page as the export writes it: the same bytes, with the server's search endpoint
    /// left empty. Fails the test when `serve`'s page does not name it.
    private static func withoutServerSearch(_ page: Data) -> Data {
        let text = String(decoding: page, as: UTF8.self)
        let named = "<meta name=\"worldclock-search\" content=\"/v1/search\">"
        #expect(text.contains(named), "serve's page names its search endpoint")
        return Data(text.replacingOccurrences(of: named, with: "<meta name=\"worldclock-search\" content=\"\">").utf8)
    }

    private static func gunzipMismatches(_ pairs: [Data: Data], through packed: URL) throws -> [String] {
        var mismatches: [String] = []
        for (plain, gzip) in pairs {
            try gzip.write(to: packed)
            let gunzip = Process()
            gunzip.executableURL = URL(fileURLWithPath: "/bin/gzip")
            gunzip.arguments = ["-dc", packed.path]
            let output = Pipe()
            gunzip.standardOutput = output
            try gunzip.run()
            let unpacked = output.fileHandleForReading.readDataToEndOfFile()
            gunzip.waitUntilExit()
            // Compared here, not in #expect: a failed == between two large collections makes the
            // testing library diff them byte by byte, which does not end (what hung this test).
            if unpacked != plain {
                mismatches.append("a .gz (\(unpacked.count) bytes unpacked) read beside a plain file (\(plain.count) bytes) of another export")
            }
        }
        return mismatches
    }

    @Test("an export refuses a folder it did not make, and a file, and leaves them as they were")
    func refusesWhatItDoesNotOwn() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("export-owner-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        let folder = work.appendingPathComponent("www")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        let file = work.appendingPathComponent("file")
        try Data("x".utf8).write(to: file)
        for (target, says) in [(folder, "비어 있지 않은 폴더"), (file, "파일")] {
            let run = try CommandRunner.run(["export", target.path, "--tzdata", "bundled"])
            #expect(run.status == 4, "\(target.lastPathComponent): \(run.stderr)")
            #expect(run.stderr.contains(target.path) && run.stderr.contains(says), "\(run.stderr)")
        }
        #expect(try Data(contentsOf: folder.appendingPathComponent("notes.txt")) == Data("mine".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: work.path).sorted() == ["file", "www"])
        // An empty folder, made for the export, is taken.
        let empty = work.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let run = try CommandRunner.run(["export", empty.path, "--tzdata", "bundled"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: empty.appendingPathComponent("v1/sections.json").path))
    }
}

/// What the readers of `reexportUnderReaders` saw.
private struct Readings {
    var treeRounds = 0, httpRounds = 0
    var failures: [String] = []
    /// Each plain body read with the `.gz` read from the same tree, once.
    var pairs: [Data: Data] = [:]

    mutating func add(_ round: Round) {
        switch round {
        case .tree(let pairs):
            treeRounds += 1
            for (plain, gzip) in pairs where self.pairs[plain] == nil { self.pairs[plain] = gzip }
        case .http: httpRounds += 1
        case .pruned: break
        case .failed(let why): failures.append(why)
        }
    }
}

/// The JSON bodies a reader last parsed whole: a body of the same bytes needs no parse.
private struct Parsed {
    var tree: [Data] = []
    var feed: Data?
}

/// One reader's pass.
private enum Round {
    /// A tree read whole: its (plain, gzip) pairs.
    case tree([(Data, Data)])
    case http
    /// The tree being read was removed under the reader after a newer export replaced it.
    case pruned
    case failed(String)
}

/// Reads one export's tree as a mirror or an upload would: the tree the link names, then its files.
private enum TreeReader {
    static func read(_ site: URL, parsed: inout Parsed) -> Round {
        guard let link = try? FileManager.default.destinationOfSymbolicLink(atPath: site.path) else {
            return .failed("\(site.path) is not a link")
        }
        let treePath = site.deletingLastPathComponent().appendingPathComponent(link).path
        let tree = open(treePath, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard tree >= 0 else { return errno == ENOENT ? .pruned : .failed("open \(treePath): errno \(errno)") }
        defer { close(tree) }
        var files: [String: Data] = [:]
        // Two compressed bodies and their plain files (a zone's body is too small to get a .gz).
        let names = [
            "index.json", "v1/sections.json", "v1/sections.json.gz", "v1/sections/ㄱ.json", "v1/sections/ㄱ.json.gz", "index.html",
        ]
        for name in names {
            guard let data = contents(tree, name) else {
                return FileManager.default.fileExists(atPath: treePath) ? .failed("\(link)/\(name): missing") : .pruned
            }
            files[name] = data
        }
        let json = [files["index.json"]!, files["v1/sections.json"]!, files["v1/sections/ㄱ.json"]!]
        if json != parsed.tree {
            guard let index = (try? JSONSerialization.jsonObject(with: json[0])) as? [String: Any],
                let sections = (try? JSONSerialization.jsonObject(with: json[1])) as? [String: Any],
                (try? JSONSerialization.jsonObject(with: json[2])) != nil
            else { return .failed("\(link): a JSON file does not parse") }
            guard let at = index["at"] as? String, sections["at"] as? String == at else {
                return .failed("\(link): sections.json is for \(sections["at"] ?? "?"), index.json for \(index["at"] ?? "?")")
            }
            parsed.tree = json
        }
        let page = String(decoding: files["index.html"]!, as: UTF8.self)
        let assets = page.matches(of: #/"/(app/[^"]+)"/#).map { String($0.1) }
        guard assets.count >= 3 else { return .failed("\(link)/index.html names \(assets.count) assets") }
        for asset in assets where faccessat(tree, asset, F_OK, 0) != 0 {
            return FileManager.default.fileExists(atPath: treePath) ? .failed("\(link): index.html names \(asset), not there") : .pruned
        }
        return .tree([
            (files["v1/sections.json"]!, files["v1/sections.json.gz"]!), (files["v1/sections/ㄱ.json"]!, files["v1/sections/ㄱ.json.gz"]!),
        ])
    }

    /// The whole file `name` under the directory `tree`, or nil when it cannot be opened.
    private static func contents(_ tree: Int32, _ name: String) -> Data? {
        let file = openat(tree, name, O_RDONLY | O_CLOEXEC)
        guard file >= 0 else { return nil }
        defer { close(file) }
        var data = Data(), buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = Glibc.read(file, &buffer, buffer.count)
            if count <= 0 { return count == 0 ? data : nil }
            data.append(contentsOf: buffer[..<count])
        }
    }
}

/// Asks nginx as a browser and a clock app would: the feed, the page and the page's assets.
private enum HTTPReader {
    static func read(port: Int, parsed: inout Parsed) -> Round {
        let base = "http://127.0.0.1:\(port)"
        guard let (feed, feedStatus) = get(base + "/v1/sections"), feedStatus == 200 else { return .failed("/v1/sections: no 200") }
        if feed != parsed.feed {
            guard (try? JSONSerialization.jsonObject(with: feed)) != nil else {
                return .failed("/v1/sections: \(feed.count) bytes that do not parse")
            }
            parsed.feed = feed
        }
        guard let (page, pageStatus) = get(base + "/"), pageStatus == 200 else { return .failed("/: no 200") }
        let assets = String(decoding: page, as: UTF8.self).matches(of: #/"(/app/[^"]+)"/#).map { String($0.1) }
        guard assets.count >= 3 else { return .failed("/ names \(assets.count) assets (\(page.count) bytes)") }
        for asset in assets {
            guard let (_, status) = get(base + asset), status == 200 else { return .failed("\(asset), named by /, not served") }
        }
        return .http
    }

    /// The body and status of GET `url` (a thread of its own waits for it).
    private static func get(_ url: String) -> (Data, Int)? {
        let answer = Mutex<(Data, Int)?>(nil)
        let done = DispatchSemaphore(value: 0)
        var request = URLRequest(url: URL(string: url)!)
        request.setValue("identity", forHTTPHeaderField: "Accept-Encoding")
        URLSession.shared.dataTask(with: request) { data, response, _ in
            if let data, let response = response as? HTTPURLResponse { answer.withLock { $0 = (data, response.statusCode) } }
            done.signal()
        }.resume()
        done.wait()
        return answer.withLock { $0 }
    }
}
