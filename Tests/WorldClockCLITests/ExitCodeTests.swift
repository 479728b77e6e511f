import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A TCP socket listening on a free loopback port, closed when the value goes away.
final class Listener {
    let descriptor: Int32
    let port: Int

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw -> Bool in
                bind(descriptor, raw, length) == 0 && listen(descriptor, 1) == 0 && getsockname(descriptor, raw, &length) == 0
            }
        }
        self.descriptor = descriptor
        self.port = Int(UInt16(bigEndian: address.sin_port))
        try #require(descriptor >= 0 && bound, "cannot listen on a loopback port: errno \(errno)")
    }

    deinit { close(descriptor) }
}

@Suite("Exit codes: one per class of failure")
struct ExitCodeTests {
    @Test("serve on a port another socket holds is an I/O failure (4) naming the address, not a data error")
    func busyPort() throws {
        let listener = try Listener()
        // `timeout` so that a server that did start fails the test instead of hanging it.
        let result = try CommandRunner.run([], shell: "exec timeout 30 \"$0\" serve --port \(listener.port) --quiet --tzdata bundled")
        #expect(result.status == 4, "\(result.stderr)")
        #expect(result.stderr.contains("worldclock: 127.0.0.1:\(listener.port) 포트를 이미 다른 프로그램이 쓰고 있습니다"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        _ = listener
    }

    @Test("export into a path that cannot be a directory is an I/O failure (4)")
    func unwritableExport() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("worldclock-file-\(UUID())")
        try Data("x".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try CommandRunner.run(["export", file.appendingPathComponent("site").path, "--tzdata", "bundled"])
        #expect(result.status == 4, "\(result.stderr)")
        #expect(result.stderr.contains("\(file.path)/site에 쓰지 못했습니다"))
    }

    @Test(
        "my clocks that cannot be saved (the config folder is a file) are an I/O failure (4) naming the path",
        arguments: [["add", "서울"], ["from", "서울"]])
    func unsavableClocks(command: [String]) throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("worldclock-config-\(UUID())")
        try Data("x".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try CommandRunner.run(command + ["--tzdata", "bundled"], environment: ["XDG_CONFIG_HOME": file.path])
        #expect(result.status == 4, "\(result.stderr)")
        #expect(result.stderr.contains("내 시계를 저장하지 못했습니다: \(file.path)/worldclock"), "\(result.stderr)")
    }

    @Test("the root help lists every exit code, in Korean")
    func helpListsExitCodes() throws {
        let result = try CommandRunner.run(["--help"])
        #expect(result.status == 0)
        #expect(
            result.stdout.contains(
                """
                종료 코드:
                  0 성공, 1 찾은 것 없음, 2 사용법 오류,
                  3 데이터 오류(잘못된 표나 내 시계 파일),
                  4 입출력·네트워크 오류(이미 쓰이는 포트, 쓸 수 없는 디렉터리나 읽기 전용 파일)
                """), "\(result.stdout)")
    }

    @Test("serve takes --data from the shared table options: once in its help, and a bad table is a data error (3)")
    func serveData() throws {
        let help = try CommandRunner.run(["serve", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.components(separatedBy: "--data <파일>").count == 3, "\(help.stdout)")  // usage line and option list
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("worldclock-bad-\(UUID()).tsv")
        try "name\tcountry\tcountry_code\tzone\tenglish\taliases\n서울\t대한민국\tKR\tAsia/Nowhere\tSeoul\t\n".write(
            to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try CommandRunner.run(["serve", "--data", file.path, "--port", "0"])
        #expect(result.status == 3)
        #expect(result.stderr.contains("\(file.path):2:"))
    }

    @Test(
        "a --data file that does not exist is an I/O failure (4), as the README's table says, in text and JSON",
        arguments: [
            ["list", "--tzdata", "bundled"], ["feed", "--tzdata", "bundled"], ["serve", "--port", "0", "--tzdata", "bundled"],
        ])
    func missingDataFile(command: [String]) throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("worldclock-missing-\(UUID()).tsv").path
        let result = try CommandRunner.run(command + ["--data", missing])
        #expect(result.status == 4, "\(result.stderr)")
        #expect((result.stderr + result.stdout).contains(missing))
        if command[0] == "list" {
            let json = try CommandRunner.run(command + ["--data", missing, "--json"])
            #expect(json.status == 4)
            #expect(((json.json as? [String: Any])?["error"] as? [String: Any])?["code"] as? String == "io", "\(json.stdout)")
        }
    }

    /// A command line that does not parse has no command to ask; `--json` is then read by
    /// ArgumentParser alone, so `--` still ends the options.
    @Test(
        "a usage error is JSON on stdout when --json was given, or for feed; not after --",
        arguments: [
            (["list", "--json", "--at", "someday"], true),
            (["feed", "--at", "someday"], true),
            (["search", "뉴", "--json", "--limit", "0"], true),
            (["list", "--at", "someday"], false),
            (["search", "", "--", "--json"], false),
        ])
    func usageErrorOutput(arguments: [String], json: Bool) throws {
        let result = try CommandRunner.run(arguments)
        #expect(result.status == 2)
        if json {
            #expect(((result.json as? [String: Any])?["error"] as? [String: Any])?["code"] as? String == "usage", "\(result.stdout)")
            #expect(result.stderr.isEmpty)
        } else {
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.contains("worldclock: ") || result.stderr.contains("오류"), "\(result.stderr)")
        }
    }
}
