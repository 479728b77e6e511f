import Foundation
import Testing

/// WorldClockKit is for apps: nothing it links or depends on may be ICU, neither the system's
/// libicu nor Foundation's own lib_FoundationICU (which full Foundation loads).
@Suite("WorldClockKit links no ICU")
struct KitLinkageTests {
    static let products = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func run(_ executable: String, _ arguments: [String], in directory: URL? = nil) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test("the example app built on the kit loads no ICU library")
    func exampleLinksNoICU() throws {
        let example = Self.products.appendingPathComponent("worldclock-kit-example").path
        let ldd = try Self.run("/usr/bin/ldd", [example])
        #expect(ldd.status == 0)
        #expect(ldd.output.contains("libswiftCore"))  // ldd really listed the libraries
        #expect(!ldd.output.contains("libicu"), "\(ldd.output)")
        #expect(!ldd.output.contains("FoundationICU"), "\(ldd.output)")
        #expect(!ldd.output.contains("libFoundation.so"), "full Foundation loads lib_FoundationICU: \(ldd.output)")
    }

    @Test("the example prints a clock list: sections, every index title, the nearest section for an empty one, live rows")
    func exampleRuns() throws {
        let example = Self.products.appendingPathComponent("worldclock-kit-example").path
        let run = try Self.run(example, ["--at", "2026-07-15T12:00:00Z", "--tzdata", "bundled"])
        #expect(run.status == 0)
        #expect(run.output.contains("numberOfSections: 14"))
        #expect(run.output.contains("sectionIndexTitles: ㄱ ㄴ ㄷ ㄹ ㅁ ㅂ ㅅ ㅇ ㅈ ㅊ ㅋ ㅌ ㅍ ㅎ A B"))
        #expect(run.output.contains("sectionForSectionIndexTitle A → 13 ㅎ (no rows: nearest section)"))
        #expect(run.output.contains("가보로네  보츠와나  오후 2:00  오늘 −7시간  UTC+2"))
    }

    /// The targets `name` depends on, directly or not, from the manifest (`swift package
    /// dump-package`: the same graph `describe` prints, without resolving the dependencies).
    static func targetGraph(of name: String) throws -> Set<String> {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("kit-manifest-\(getpid())")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let dump = try run("/usr/bin/env", ["swift", "package", "--scratch-path", scratch.path, "dump-package"], in: packageRoot)
        #expect(dump.status == 0)
        let manifest = try #require(try JSONSerialization.jsonObject(with: Data(dump.output.utf8)) as? [String: Any])
        let targets = try #require(manifest["targets"] as? [[String: Any]])
        var dependencies: [String: [String]] = [:]
        for target in targets {
            let names = (target["dependencies"] as? [[String: Any]] ?? []).compactMap { dependency -> String? in
                ((dependency["byName"] ?? dependency["target"] ?? dependency["product"]) as? [Any])?.first as? String
            }
            dependencies[target["name"] as! String] = names
        }
        var seen: Set<String> = [], queue = [name]
        while let next = queue.popLast() {
            if seen.insert(next).inserted { queue += dependencies[next] ?? [] }
        }
        return seen
    }

    @Test("the kit's target graph holds no ICU target")
    func graphHasNoICU() throws {
        let graph = try Self.targetGraph(of: "WorldClockKit")
        #expect(graph.isSuperset(of: ["WorldClockKit", "HangulIndex", "TimeZoneRules"]))
        #expect(graph.isDisjoint(with: ["CICU", "ICUBridge", "HangulCollation", "CatalogueBuilder"]), "\(graph.sorted())")
        // The check can fail: the CLI's graph does hold ICU.
        #expect(try Self.targetGraph(of: "WorldClockCLI").contains("CICU"))
    }

    @Test("the server's configuration is out of the kit, and the CLI reads it without linking the server")
    func serverConfigurationOutsideKitAndServer() throws {
        #expect(!(try Self.targetGraph(of: "WorldClockKit").contains("ServerConfiguration")))
        let cli = try Self.targetGraph(of: "WorldClockCLI")
        #expect(cli.contains("ServerConfiguration"))
        #expect(
            cli.isDisjoint(with: ["WorldClockServer", "Hummingbird", "HummingbirdCore", "NIOCore", "NIOHTTP1", "CompressNIO"]), "\(cli.sorted())")
        // The check can fail: the server's graph does hold them.
        #expect(try Self.targetGraph(of: "worldclock-server").isSuperset(of: ["WorldClockServer", "Hummingbird", "ServerConfiguration"]))
    }
}
