import Foundation
import Testing

@testable import WorldClockCLI

/// `worldclock serve` runs `worldclock-server` from its own directory only, never from the
/// current one, and says what to run when that binary is missing or stale.
@Suite("Finding worldclock-server")
struct ServerPathTests {
    /// A file system of executables and their modification times.
    static func files(_ files: [String: Int]) -> (String) -> (executable: Bool, modified: Int)? {
        { path in files[path].map { (true, $0) } }
    }

    static func path(_ result: Result<String, CLIError>) -> String? { try? result.get() }

    static func message(_ result: Result<String, CLIError>) -> String {
        if case .failure(.io(let message)) = result { return message }
        return ""
    }

    @Test("With /proc/self/exe, the server beside it")
    func selfExecutable() {
        let result = ServerCommands.serverPath(
            selfExecutable: "/usr/local/bin/worldclock", argument0: "worldclock", searchPath: "/usr/bin",
            fileInfo: Self.files(["/usr/local/bin/worldclock-server": 1, "./worldclock-server": 2]))
        #expect(Self.path(result) == "/usr/local/bin/worldclock-server")
    }

    @Test("Without /proc, argv[0] with a slash is the executable's path")
    func argumentPath() {
        let result = ServerCommands.serverPath(
            selfExecutable: nil, argument0: "/opt/wc/worldclock", searchPath: nil,
            fileInfo: Self.files(["/opt/wc/worldclock-server": 1]))
        #expect(Self.path(result) == "/opt/wc/worldclock-server")
    }

    @Test("Without /proc, a bare argv[0] is looked up in PATH's absolute directories, never the current one")
    func searchPath() {
        let files = Self.files(["/home/u/bin/worldclock": 1, "/home/u/bin/worldclock-server": 1, "./worldclock-server": 1, "bin/worldclock": 1])
        let result = ServerCommands.serverPath(
            selfExecutable: nil, argument0: "worldclock", searchPath: ":.:bin:/usr/bin:/home/u/bin", fileInfo: files)
        #expect(Self.path(result) == "/home/u/bin/worldclock-server")
        let nowhere = ServerCommands.serverPath(selfExecutable: nil, argument0: "worldclock", searchPath: ".::bin", fileInfo: files)
        #expect(Self.path(nowhere) == nil)
        #expect(Self.message(nowhere).contains("worldclock-server를 찾지 못했습니다"))
    }

    @Test("In a build directory, a missing or older worldclock-server is refused with what to run")
    func swiftRun() {
        let exe = "/src/wc/.build/debug/worldclock"
        let missing = ServerCommands.serverPath(selfExecutable: exe, argument0: "worldclock", searchPath: nil, fileInfo: Self.files([exe: 10]))
        #expect(Self.message(missing).contains("swift build --product worldclock-server"))
        let stale = ServerCommands.serverPath(
            selfExecutable: exe, argument0: "worldclock", searchPath: nil,
            fileInfo: Self.files([exe: 10, "/src/wc/.build/debug/worldclock-server": 9]))
        #expect(Self.message(stale).contains("오래되었습니다"))
        let fresh = ServerCommands.serverPath(
            selfExecutable: exe, argument0: "worldclock", searchPath: nil,
            fileInfo: Self.files([exe: 10, "/src/wc/.build/debug/worldclock-server": 11]))
        #expect(Self.path(fresh) == "/src/wc/.build/debug/worldclock-server")
    }

    @Test("Installed elsewhere, a missing worldclock-server is named with where it was looked for")
    func installedMissing() {
        let result = ServerCommands.serverPath(
            selfExecutable: "/usr/bin/worldclock", argument0: "worldclock", searchPath: nil, fileInfo: Self.files([:]))
        #expect(Self.message(result).contains("/usr/bin/worldclock-server가 없습니다"))
    }
}
