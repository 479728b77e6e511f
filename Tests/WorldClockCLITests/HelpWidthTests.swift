import Testing

@testable import WorldClockCLI

/// Every help screen, as `worldclock` prints it: the root's, `help <command>` and each command's
/// `--help`, piped (help then assumes 80 columns) and on an 80-column terminal.
@Suite("Help fits an 80-column terminal")
struct HelpWidthTests {
    static let screens: [[String]] =
        [["--help"], ["help"]] + WorldClockCommand.commands().flatMap { [[$0.spec.name, "--help"], ["help", $0.spec.name]] }

    @Test("no line of any help screen is wider than 80 display columns (Hangul takes 2)", arguments: screens, [[:], ["COLUMNS": "80"]])
    func fits(arguments: [String], environment: [String: String]) throws {
        let result = try CommandRunner.run(arguments, environment: environment)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count > 5, "\(arguments) printed \(lines.count) lines")
        let tooWide = lines.filter { Terminal.displayWidth($0) > 80 }.map { "\(Terminal.displayWidth($0)): \($0)" }
        #expect(tooWide.isEmpty, "\(arguments) wider than 80: \(tooWide)")
    }

    @Test("the width rule counts Hangul as two columns, so a help line of 41 syllables is too wide")
    func measure() {
        #expect(Terminal.displayWidth(String(repeating: "가", count: 41)) == 82)
        #expect(Terminal.displayWidth("  worldclock 뉴욕") == 17)
    }
}
