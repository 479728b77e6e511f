import Foundation
import TestSupport
import Testing

/// Runs the exported site's browser tests (Tests/WebAppTests/browser/test_export_site.py: Python,
/// selenium, Debian's headless Chromium and nginx) against the `worldclock` built beside this test
/// bundle: `worldclock export` served by nginx alone with Scripts/nginx-export.conf, no worldclock
/// process running.
@Suite("Exported site behind nginx in headless Chromium")
struct ExportSiteBrowserTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

    @Test(
        "the export served by nginx alone loads every section without console errors; /v1/search is a 404, and the page's WebAssembly search gives the CLI's results for 뉴, ㄴㅇ, sbdyr and UTC+9; my clocks added from search survive a reload in their order and tick; with nginx stopped, a reload keeps the app, my clocks and search"
    )
    func exportSite() async throws {
        let worldclock = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("worldclock")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", Self.folder.appendingPathComponent("browser/test_export_site.py").path,
            "--worldclock", worldclock.path,
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        // A browser and nginx for a while: waited for off the concurrency pool.
        let text = try await onOwnThread {
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return text
        }
        if process.terminationStatus == 3 {
            Issue.record("the exported site's browser tests cannot run: \(text)")
        } else {
            #expect(
                process.terminationStatus == 0,
                "exported site browser tests failed (python3 Tests/WebAppTests/browser/test_export_site.py --worldclock \(worldclock.path)):\n\(text)"
            )
        }
    }
}
