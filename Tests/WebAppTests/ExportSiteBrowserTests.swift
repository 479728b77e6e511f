import Testing

/// Runs the exported site's browser tests (Web/tests/browser/test_export_site.py: Python,
/// selenium, Debian's headless Chromium and nginx) against the `worldclock` built beside this test
/// bundle: `worldclock export` served by nginx alone with Scripts/ops/nginx-export.conf, no worldclock
/// process running.
@Suite("Exported site behind nginx in headless Chromium")
struct ExportSiteBrowserTests {
    @Test(
        """
        the export served by nginx alone loads every section without console errors; /v1/search is a 404, and the page's WebAssembly search \
        gives the CLI's results for 뉴, ㄴㅇ, sbdyr and UTC+9; my clocks added from search survive a reload in their order and tick; 회의 시간 plans \
        my clocks; with nginx stopped, a reload keeps the app, my clocks and search
        """
    )
    func exportSite() async throws {
        try await BrowserScript.run("test_export_site.py")
    }
}
