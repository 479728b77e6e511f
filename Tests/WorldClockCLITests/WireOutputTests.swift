import Foundation
import TestSupport
import Testing

/// Every `--json` the CLI prints is WireCore's writing through the one pretty-printer: keys in byte
/// order at every level, indented as `JSONEncoder`'s `.prettyPrinted` indents, escaped as it
/// escapes. `JSONEncoder`, given the parsed output back, prints the same bytes.
@Suite("The CLI's JSON is the wire's")
struct WireOutputTests {
    @Test(
        "the output is the wire's bytes, indented by the one pretty-printer",
        arguments: [
            ["doctor", "--json"], ["sections", "--json"], ["show", "뉴욕", "서울", "--json", "--at", "2026-03-07T12:00:00Z"],
            ["list", "--section", "ㅎ", "--json", "--from", "뉴욕"], ["search", "뉴", "--json"], ["search", "PST", "--json"],
            ["plan", "서울", "뉴욕", "--date", "2026-12-02", "--json"], ["search", "", "--json"], ["show", "없는곳", "--json"],
        ])
    func pretty(arguments: [String]) throws {
        let run = try CommandRunner.run(arguments + ["--tzdata", "bundled"], environment: ["XDG_CONFIG_HOME": "/nonexistent"])
        let output = run.stdout.isEmpty ? run.stderr : run.stdout
        #expect(output.hasSuffix("}\n") || output.hasSuffix("]\n"), "\(arguments): \(output.suffix(200))")
        let again = try CodableJSON.writtenAgain(Data(output.utf8), pretty: true)
        #expect(String(output.dropLast()) == String(decoding: again, as: UTF8.self), "\(arguments)")
    }

    @Test("feed prints the wire's compact bytes")
    func feed() throws {
        let run = try CommandRunner.run(["feed", "--tzdata", "bundled", "--at", "2026-11-28T00:00:00Z"])
        #expect(run.status == 0)
        let output = Data(run.stdout.dropLast().utf8)
        #expect(try CodableJSON.writtenAgain(output) == output)
    }
}
