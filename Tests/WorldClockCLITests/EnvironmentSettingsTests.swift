import Foundation
import Testing

@testable import WorldClockCLI

/// `serve` and `export` take every option from `WORLDCLOCK_…` too (a unit file, a container),
/// the command line winning.
@Suite("Settings from the environment")
struct EnvironmentSettingsTests {
    static let spec = CommandSpec(
        name: "serve", abstract: "",
        options: [.option("port", value: "포트", help: ""), .option("max-connections", value: "수", help: ""), .flag("quiet", help: "")],
        readsEnvironment: true)

    static func parsed(_ arguments: [String], _ environment: [String: String], spec: CommandSpec = spec) throws(UsageError) -> ParsedArguments {
        try ArgumentReader.read(arguments, for: spec, environment: { environment[$0] })
    }

    @Test(
        "each option's variable is WORLDCLOCK_ and its name in capitals, dashes as underscores",
        arguments: ServerCommands.serve.options + ServerCommands.export.options)
    func names(option: OptionSpec) {
        #expect(option.environmentName.hasPrefix("WORLDCLOCK_"))
        #expect(option.environmentName.dropFirst("WORLDCLOCK_".count) == option.name.uppercased().replacing("-", with: "_"))
    }

    @Test("the names the packaging's unit file and image use")
    func packagingNames() {
        let names = Set(ServerCommands.serve.options.map(\.environmentName))
        #expect(names.isSuperset(of: ["WORLDCLOCK_HOST", "WORLDCLOCK_PORT", "WORLDCLOCK_TZDATA", "WORLDCLOCK_DRAIN", "WORLDCLOCK_MAX_CONNECTIONS"]))
        #expect(ServerCommands.serve.readsEnvironment && ServerCommands.export.readsEnvironment)
    }

    @Test("variables alone configure the command; the command line wins over them")
    func variablesAndFlags() throws {
        let environment = ["WORLDCLOCK_PORT": "9000", "WORLDCLOCK_MAX_CONNECTIONS": "12", "WORLDCLOCK_QUIET": "true"]
        let alone = try Self.parsed([], environment)
        #expect(try alone.integer("port", default: 8080) == 9000)
        #expect(try alone.integer("max-connections", default: 1) == 12)
        #expect(alone.flag("quiet"))
        let flags = try Self.parsed(["--port", "7000"], environment)
        #expect(try flags.integer("port", default: 8080) == 7000)
        #expect(!(try Self.parsed([], ["WORLDCLOCK_QUIET": "0"]).flag("quiet")))
    }

    @Test("a command that does not read the environment ignores the variables")
    func otherCommands() throws {
        var spec = Self.spec
        spec.readsEnvironment = false
        #expect(try Self.parsed([], ["WORLDCLOCK_PORT": "9000"], spec: spec).value("port") == nil)
    }

    @Test("a bad value names its variable")
    func badValues() throws {
        #expect {
            _ = try Self.parsed([], ["WORLDCLOCK_QUIET": "maybe"])
        } throws: { error in
            (error as? UsageError)?.message.contains("WORLDCLOCK_QUIET") == true
        }
        let parsed = try Self.parsed([], ["WORLDCLOCK_PORT": "eighty"])
        #expect {
            _ = try parsed.integer("port", default: 8080)
        } throws: { error in
            (error as? UsageError)?.message.contains("WORLDCLOCK_PORT") == true
        }
    }

    @Test("worldclock serve configured by variables alone: the port from WORLDCLOCK_PORT, a bad one refused naming it")
    func serveFromVariables() throws {
        let listener = try Listener()
        let busy = try CommandRunner.run(
            [], shell: "exec timeout 30 \"$0\" serve", environment: ["WORLDCLOCK_PORT": String(listener.port), "WORLDCLOCK_TZDATA": "bundled"])
        #expect(busy.status == 4, "\(busy.stderr)")
        #expect(busy.stderr.contains("127.0.0.1:\(listener.port)"), "\(busy.stderr)")
        _ = listener
        let bad = try CommandRunner.run(["serve"], environment: ["WORLDCLOCK_PORT": "eighty"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("WORLDCLOCK_PORT"), "\(bad.stderr)")
    }
}
