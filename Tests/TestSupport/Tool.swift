import Foundation
import Testing

/// Something outside the package a test needs: a program, a Python module, an executable built
/// beside the tests.
///
/// A test names it with `.needs(_:)`. Where it is missing the test is skipped and says how to
/// install it, except under CI (the environment variable `CI` set): Scripts/test installs every
/// tool, so there a missing one is a broken setup and fails the test instead of hiding it.
public struct Tool: Sendable, CustomStringConvertible {
    /// What the skip or the failure names.
    public let description: String
    /// How to get it.
    public let install: String
    private let isPresent: @Sendable () -> Bool

    public init(_ description: String, install: String, isPresent: @escaping @Sendable () -> Bool) {
        self.description = description
        self.install = install
        self.isPresent = isPresent
    }

    /// A program on the PATH.
    public static func program(_ name: String, install: String) -> Tool {
        Tool(name, install: install) {
            (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
                FileManager.default.isExecutableFile(atPath: "\($0)/\(name)")
            }
        }
    }

    /// A program at one of `paths` (a daemon in /usr/sbin, which a user's PATH often lacks).
    public static func program(_ name: String, at paths: [String], install: String) -> Tool {
        Tool(name, install: install) { paths.contains(where: FileManager.default.isExecutableFile(atPath:)) }
    }

    /// A module that `python3` imports.
    public static func pythonModule(_ module: String, install: String) -> Tool {
        Tool("Python's \(module)", install: install) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", "-c", "import \(module)"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            guard (try? process.run()) != nil else { return false }
            process.waitUntilExit()
            return process.terminationStatus == 0
        }
    }

    /// An executable of this package, built beside the test bundle (`swift build --build-tests`).
    public static func builtExecutable(_ name: String) -> Tool {
        Tool(name, install: "swift build --build-tests builds it beside the tests") {
            FileManager.default.isExecutableFile(atPath: builtExecutable(named: name).path)
        }
    }

    /// Where `swift build` puts the package's executable `name`: beside the test bundle.
    public static func builtExecutable(named name: String) -> URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(name)
    }

    /// Whether the test runs: true where the tool is there, false (a skip) where it is not, and an
    /// error (a failure) where it is not under CI.
    func check() throws -> Bool {
        if isPresent() { return true }
        if ProcessInfo.processInfo.environment["CI"] != nil { throw Missing(description: "\(self) is missing under CI: \(install)") }
        return false
    }

    struct Missing: Error, CustomStringConvertible {
        let description: String
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs the test where `tool` is there; skips it elsewhere, saying how to install it, except
    /// under CI, where the missing tool fails the test (`Tool`).
    public static func needs(_ tool: Tool) -> Self {
        .enabled(if: try tool.check(), "needs \(tool): \(tool.install)")
    }
}
