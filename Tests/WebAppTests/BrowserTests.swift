import Testing

/// Runs the web app's browser tests (Web/tests/browser/test_web_app.py: Python, selenium,
/// axe-core 4.12 from axe-playwright-python, Debian's headless Chromium) against the `worldclock`
/// built beside this test bundle. Screenshots of the desktop and phone layouts go to
/// .build/web-screenshots. The tests are dealt to three browsers side by side (`--shard`), each
/// with its own server: one browser alone was the test run's last five minutes.
@Suite("Web app in headless Chromium")
struct BrowserTests {
    @Test(
        """
        the page loads without console errors; the index bar jumps and scrubs; search highlights and names what matched; clocks tick across a \
        transition; my clocks persist; all by keyboard too; the shared wording table holds; Tab after the index bar goes on where it put the \
        list; the bar gives up empty titles first; targets of 24 px; offline reloads (the network cut in the page and its service worker) run \
        on the kept feed and say when they may be wrong, and a document opened in a tab never becomes the app; the feed is revalidated with its \
        ETag on the wire; axe-core 4.12 (WCAG 2.2 AA, best practices) finds nothing serious in six states; 200 % text clips no row and no card; \
        회의 시간 shows the CLI's plan of three clocks as a table, its slider moves by keyboard and by touch, its link reopens the plan, it plans \
        offline, axe-core finds nothing serious in it and 200 % text clips none of it
        """,
        arguments: 0..<3
    )
    func browser(shard: Int) async throws {
        let root = BrowserScript.folder.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        try await BrowserScript.run(
            "test_web_app.py", ["--shard", "\(shard)/3", "--screenshots", root.appendingPathComponent(".build/web-screenshots").path])
    }
}
