// Times the section index on a names file (one name per line), for Scripts/bench/bench-index:
//   index-benchmark NAMES_FILE [--sections-out FILE]
// (a) assigning each name its section, (b) building the full index (bucket + sort).
import Foundation
import HangulCollation
import HangulIndex

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("index-benchmark: \(message)\n".utf8))
    exit(2)
}

var arguments = Array(CommandLine.arguments.dropFirst())
var sectionsOut: String?
if let flag = arguments.firstIndex(of: "--sections-out") {
    guard flag + 1 < arguments.count else { fail("--sections-out needs a file") }
    sectionsOut = arguments[flag + 1]
    arguments.removeSubrange(flag...(flag + 1))
}
guard arguments.count == 1 else { fail("usage: index-benchmark NAMES_FILE [--sections-out FILE]") }
guard let data = FileManager.default.contents(atPath: arguments[0]) else { fail("cannot read \(arguments[0])") }
let names: [String] = {
    var lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    return lines
}()

func peakRSSMiB() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024
}

func report(_ what: String, count: Int, seconds: Double) {
    let rate = Double(count) / seconds
    print(
        """
        worldclock \(what): \(count) names in \(String(format: "%.3f", seconds)) s = \(String(format: "%.0f", rate)) names/s, peak RSS \
        \(String(format: "%.1f", peakRSSMiB())) MiB
        """
    )
}

func seconds(_ body: () -> Void) -> Double {
    let start = ContinuousClock.now
    body()
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

let indexer: SectionIndexer
let collator: Collator
do {
    indexer = try SectionIndexer()
    collator = try Collator(locale: "ko", strength: .tertiary)
} catch {
    fail("\(error)")
}

// (a) The best of three runs, as the baseline does its single pass over names held in memory.
/// Assigns every name its section; a function so the loop works on locals, not on globals that
/// top-level code guards with exclusivity checks.
func assignSections(_ names: [String], _ indexer: SectionIndexer) -> (sections: [Int], seconds: Double) {
    var sections = [Int](repeating: 0, count: names.count)
    var best = Double.infinity
    for _ in 0..<3 {
        best = min(
            best,
            seconds {
                sections.withUnsafeMutableBufferPointer { out in
                    for i in names.indices { out[i] = indexer.section(for: names[i]) }
                }
            })
    }
    return (sections, best)
}
let (sections, assignTime) = assignSections(names, indexer)
report("assign", count: names.count, seconds: assignTime)

// (b) The full index: bucket and sort every name.
var built: SectionIndex<String>?
let buildTime = seconds { built = try! SectionIndex(names, indexer: indexer, collator: collator) { $0 } }
report("build", count: names.count, seconds: buildTime)
if let built {
    print("worldclock sections: " + built.sections.map { "\($0.title) \($0.rows.count)" }.joined(separator: ", "))
}

if let sectionsOut {
    var text = ""
    text.reserveCapacity(names.count * 4)
    for section in sections {
        text += indexer.titles[section].text
        text += "\n"
    }
    guard FileManager.default.createFile(atPath: sectionsOut, contents: Data(text.utf8)) else { fail("cannot write \(sectionsOut)") }
}
