import Foundation
import TestSupport
import Testing

/// Runs one of the Python browser test scripts in Web/tests/browser (selenium, Debian's
/// headless Chromium) against the `worldclock` built beside this test bundle, and records its
/// outcome: exit 0 passes, 3 says what is missing to run it, anything else fails with the
/// script's output.
enum BrowserScript {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Web/tests/browser")

    static func run(_ script: String, _ arguments: [String] = [], sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let worldclock = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("worldclock")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", folder.appendingPathComponent(script).path, "--worldclock", worldclock.path] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        // Minutes of a browser: waited for off the concurrency pool.
        let text = try await onOwnThread {
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return text
        }
        if process.terminationStatus == 3 {
            Issue.record("\(script) cannot run: \(text)", sourceLocation: sourceLocation)
        } else {
            #expect(
                process.terminationStatus == 0,
                "\(script) failed (python3 Web/tests/browser/\(script) --worldclock \(worldclock.path)):\n\(text)",
                sourceLocation: sourceLocation)
        }
    }
}
