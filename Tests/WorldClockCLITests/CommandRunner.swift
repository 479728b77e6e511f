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
        // Both pipes at once: read one to its end first and a child that fills the other's 64 KiB
        // buffer blocks on it, while we wait for an end that never comes.
        let errData = Box<Data>()
        let errRead = DispatchSemaphore(value: 0)
        let reader = Thread {
            errData.value = err.fileHandleForReading.readDataToEndOfFile()
            errRead.signal()
        }
        reader.start()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        errRead.wait()
        process.waitUntilExit()
        return CommandResult(
            stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errData.value ?? Data(), as: UTF8.self),
            status: process.terminationStatus)
    }
}

/// A value one thread writes and another reads after a semaphore says it is there.
private final class Box<Value>: @unchecked Sendable {
    var value: Value?
}
