import Foundation

/// What a run of the built `worldclock` printed and how it exited.
struct CommandResult {
    let stdout: String
    let stderr: String
    let status: Int32

    /// stdout parsed as JSON.
    var json: Any? { try? JSONSerialization.jsonObject(with: Data(stdout.utf8)) }
}

/// Runs the real `worldclock` executable, built beside this test bundle.
enum CommandRunner {
    static let executable: URL = {
        let products = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        return products.appendingPathComponent("worldclock")
    }()

    /// Runs `worldclock` with `arguments` (through `/bin/sh -c` when `shell` is set, for bytes a
    /// Swift String cannot hold) and a clean environment: no colour, a fixed machine zone.
    static func run(_ arguments: [String], shell: String? = nil, environment: [String: String] = [:]) throws -> CommandResult {
        let process = Process()
        if let shell {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", shell, executable.path]
        } else {
            process.executableURL = executable
            process.arguments = arguments
        }
        process.environment = ["TZ": "Asia/Seoul", "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"].merging(environment) { $1 }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CommandResult(
            stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errData, as: UTF8.self), status: process.terminationStatus)
    }
}
