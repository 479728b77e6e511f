import Foundation
import Testing
import WireCore

@testable import WorldClockCLI

/// The CLI answers each refusal of the one table with the table's exit code and, with `--json`,
/// its code: as the feed and the web module do.
@Suite("Refusals: the CLI maps every case of the table")
struct RefusalTests {
    @Test("each refusal ends the CLI with the table's exit code and writes the table's code", arguments: Refusal.allCases)
    func exitAndCode(refusal: Refusal) {
        let error = CLIError.refused(refusal.message, refusal)
        #expect(error.exitCode == refusal.exitCode)
        #expect(error.code == refusal.code)
        #expect(error.message == refusal.message)
    }

    @Test("the CLI's own classes of failure are the table's: nothing found 1, usage 2, data 3, I/O 4")
    func ownClasses() {
        #expect(CLIError.nothingFound("").refusal == .notFound && CLIError.nothingFound("").exitCode == 1)
        #expect(CLIError.usage("").refusal == .usage && CLIError.usage("").exitCode == 2)
        #expect(CLIError.data("").refusal == .data && CLIError.data("").exitCode == 3)
        #expect(CLIError.io("").refusal == .io && CLIError.io("").exitCode == 4)
    }

    /// The API answers an argument that is not UTF-8 with `invalid_utf8`; the CLI said `usage`.
    @Test("an argument that is not UTF-8 is invalid_utf8 with --json, as the API says it, exit 2")
    func invalidUTF8() throws {
        let result = try CommandRunner.run([], shell: "\"$0\" search \"$(printf '\\377\\376')\" --json")
        #expect(result.status == 2)
        #expect(((result.json as? [String: Any])?["error"] as? [String: Any])?["code"] as? String == "invalid_utf8", "\(result.stdout)")
    }

    /// The web module answers a plan that breaks MeetingRequest's rules with `bad_request`; the
    /// CLI said `usage`.
    @Test(
        "a plan that breaks MeetingRequest's rules is bad_request with --json, as the web module says it, exit 2",
        arguments: [["--length", "3m"], ["--step", "10"], ["--weekly", "105"], ["--date", "2026-12-02~2027-01-10"]])
    func planRefusal(options: [String]) throws {
        let result = try CommandRunner.run(["plan", "서울", "뉴욕", "--from", "서울", "--tzdata", "bundled", "--json"] + options)
        #expect(result.status == 2, "\(result.stdout)")
        #expect(((result.json as? [String: Any])?["error"] as? [String: Any])?["code"] as? String == "bad_request", "\(result.stdout)")
    }
}
