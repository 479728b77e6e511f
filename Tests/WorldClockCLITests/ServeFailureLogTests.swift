import Foundation
import Testing

@testable import WorldClockCLI

/// `serve`'s start-up failures in its log's format (issue 51): JSON with `--log-format json`, the
/// journal's priority when stderr is the journal, so that a pipeline and `journalctl -p err` see them.
@Suite("serve's start-up failures in the log format")
struct ServeFailureLogTests {
    @Test(
        "the failure line for a command line and its environment",
        arguments: [
            (["serve", "--log-format", "json", "--port", "x"], [:], "json"),
            (["serve", "--log-format=json"], [:], "json"),
            (["serve"], ["WORLDCLOCK_LOG_FORMAT": "json"], "json"),
            (["serve", "--log-format", "text", "--log-priority-prefix", "on"], [:], "prefixed text"),
            (["serve", "--log-format", "json", "--log-priority-prefix", "on"], [:], "prefixed json"),
            (["serve"], [:], "none"),
            (["search", "--log-format", "json"], [:], "none"),
            (["serve", "--", "--log-format", "json"], [:], "none"),
        ] as [([String], [String: String], String)])
    func line(arguments: [String], environment: [String: String], expected: String) throws {
        let line = ServerCommands.failureLine(
            "127.0.0.1:80 포트를 \"이미\"\n쓰고 있습니다", arguments: arguments, environment: { environment[$0] }, standardErrorIsJournal: false)
        switch expected {
        case "none":
            #expect(line == nil)
        case "prefixed text":
            // One line: the message's newline escaped, as every printed message escapes it.
            #expect(line == "<3>worldclock: 127.0.0.1:80 포트를 \"이미\"\\n쓰고 있습니다\n")
        default:
            let text = try #require(line)
            let prefixed = expected == "prefixed json"
            #expect(text.hasPrefix("<3>") == prefixed)
            #expect(text.hasSuffix("}\n") && text.dropLast().firstIndex(of: "\n") == nil)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(text.dropFirst(prefixed ? 3 : 0).utf8)) as? [String: Any])
            #expect(object["level"] as? String == "error")
            #expect(object["message"] as? String == "127.0.0.1:80 포트를 \"이미\"\n쓰고 있습니다")
            #expect((object["time"] as? String)?.hasSuffix("Z") == true)
        }
    }

    @Test("auto: the prefix when stderr is the journal", arguments: [true, false])
    func auto(journal: Bool) {
        let line = ServerCommands.failureLine("x", arguments: ["serve"], environment: { _ in nil }, standardErrorIsJournal: journal)
        #expect(line == (journal ? "<3>worldclock: x\n" : nil))
    }

    @Test(
        "worldclock serve --log-format json: a bad option, a bad --tzdata and a port in use each end with one JSON error line",
        arguments: ["option", "tzdata", "port"])
    func endToEnd(failure: String) throws {
        let listener = try Listener()
        let extra =
            switch failure {
            case "option": "--port eighty"
            case "tzdata": "--tzdata /nonexistent/zoneinfo"
            default: "--port \(listener.port) --tzdata bundled --metrics-address off"
            }
        let result = try CommandRunner.run([], shell: "exec timeout 30 \"$0\" serve --quiet --log-format json \(extra)")
        #expect(result.status != 0)
        let lines = result.stderr.split(separator: "\n")
        let last = try #require(lines.last, "\(result.stderr)")
        #expect(lines.allSatisfy { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) != nil }, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
        #expect(object["level"] as? String == "error", "\(result.stderr)")
        #expect((object["message"] as? String)?.isEmpty == false)
        _ = listener
    }
}
