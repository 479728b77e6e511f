import CatalogueBuilder
// search-benchmark: how fast and how right the bundled catalogue's search is, over the query set
// of Tests/WorldClockTests/user-queries.tsv and Android DeskClock's Korean city names.
//
//   search-benchmark QUERIES.tsv [DESKCLOCK.tsv] [--rounds N] [--load-before OLD.tsv --load-after NEW.tsv]
//       [--typing LIST.tsv [--typing-before ANSWERS.tsv]]
//   search-benchmark --typing-states LIST.tsv
//
// With --typing, also types each place of LIST (Tests/WorldClockTests/Fixtures/typing-places.tsv)
// key by key on a 2-set keyboard and prints the keys saved before the place is first for good and
// the places first at some key and lost later (`TypingRun`); with --typing-before, the same for the
// first results another engine gave (`STATE TAB NAME` lines: Scripts/bench/bench-search asks the web
// module of an earlier commit for them). --typing-states prints every composing state of LIST, a
// line each, and stops.
//
// With --load-before/--load-after, also times loading each listed table as `list` does, alternating,
// in this one process: a file is parsed, validated and sorted into sections with ICU; `bundled` is
// the compiled-in catalogue (parsed, sections and order compiled in).
// Prints the right-zone-first rate per category and DeskClock's found and right-zone rates, through
// PlaceSearch (the search every surface runs), and the in-process time per query (p50, p99, max over
// every query of every round) of the compiled index alone and of PlaceSearch. A figure, not a test.
import Foundation
import TestSupport
import TimeZoneRules
import WorldClockKit

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("search-benchmark: \(message)\n".utf8))
    exit(2)
}

var arguments = Array(CommandLine.arguments.dropFirst())
var rounds = 200
if let flag = arguments.firstIndex(of: "--rounds") {
    guard flag + 1 < arguments.count, let value = Int(arguments[flag + 1]), value > 0 else { fail("--rounds takes a positive number") }
    rounds = value
    arguments.removeSubrange(flag...(flag + 1))
}
var loadTables: [String] = []
for flag in ["--load-before", "--load-after"] {
    if let index = arguments.firstIndex(of: flag) {
        guard index + 1 < arguments.count else { fail("\(flag) takes a table") }
        loadTables.append(arguments[index + 1])
        arguments.removeSubrange(index...(index + 1))
    }
}
/// The value of `flag`, removed from the arguments with it.
@MainActor func option(_ flag: String) -> String? {
    guard let index = arguments.firstIndex(of: flag) else { return nil }
    guard index + 1 < arguments.count else { fail("\(flag) takes a file") }
    defer { arguments.removeSubrange(index...(index + 1)) }
    return arguments[index + 1]
}
let typingPath = option("--typing"), typingBeforePath = option("--typing-before")
func read(_ path: String) -> String {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { fail("cannot read \(path)") }
    return text
}
if let statesPath = option("--typing-states") {
    var seen: Set<String> = []
    for run in TypingRun.runs(list: read(statesPath), first: { _ in nil }) {
        for state in run.states where seen.insert(state).inserted { print(state) }
    }
    exit(0)
}
guard let queriesPath = arguments.first else { fail("usage: search-benchmark QUERIES.tsv [DESKCLOCK.tsv] [--rounds N]") }

/// The data lines of a TSV file, split into fields (# comments and the header skipped).
func rows(_ path: String, header: String?) -> [[String]] {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { fail("cannot read \(path)") }
    return text.split(separator: "\n").filter { line in !line.hasPrefix("#") && !(header.map { line.hasPrefix($0) } ?? false) }
        .map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
}

let catalogue: Catalogue
do { catalogue = try Catalogue.load() } catch { fail(error.description) }
let started = ContinuousClock.now
_ = catalogue.nameIndex
print(
    """
    search index built in \(started.duration(to: .now)) over \(catalogue.places.count) listed + \(catalogue.searchOnlyPlaces.count) search-only \
    places, \(catalogue.terms.count) terms
    """
)

// The search every surface runs, at a fixed instant on the bundled tzdata (the tests' instant).
let placeSearch = PlaceSearch(catalogue: catalogue, tzdata: .bundled, at: Date(timeIntervalSince1970: 1_784_116_800))  // 2026-07-15T12:00Z

// The query set: right zone first through PlaceSearch, per category.
struct Query {
    let text: String
    let first: Set<String>
    let category: String
}
let queries = rows(queriesPath, header: "query\t").compactMap { fields -> Query? in
    fields.count == 4 ? Query(text: fields[0], first: Set(fields[1].split(separator: "|").map(String.init)), category: fields[3]) : nil
}
// A zone and its tz links are one zone (UTC and Etc/UTC; Asia/Saigon and Asia/Ho_Chi_Minh).
func sameZone(_ zone: String) -> String { TZDatabase.bundled.followingLinks(zone) }
var right: [String: (Int, Int)] = [:]
var wrong: [String] = []
for query in queries {
    let first = try? placeSearch.search(query.text, limit: 20).result.matches.first
    let ok = first.map { found in query.first.contains { sameZone($0) == sameZone(found.item.zoneID) } } ?? false
    right[query.category, default: (0, 0)].0 += ok ? 1 : 0
    right[query.category, default: (0, 0)].1 += 1
    if !ok { wrong.append("\(query.text) → \(first.map { "\($0.item.name) \($0.item.zoneID)" } ?? "nothing")") }
}
let total = right.values.reduce((0, 0)) { ($0.0 + $1.0, $0.1 + $1.1) }
print("\nright zone first, user query set: \(total.0)/\(total.1) = \(String(format: "%.1f", 100.0 * Double(total.0) / Double(total.1))) %")
for (category, (ok, all)) in right.sorted(by: { $0.key < $1.key }) {
    print("  \(category.padding(toLength: 8, withPad: " ", startingAt: 0)) \(ok)/\(all)")
}
if !wrong.isEmpty { print("  wrong: " + wrong.joined(separator: "; ")) }

// Typing: each place of the list key by key, through PlaceSearch (and another engine's answers).
func printTyping(_ runs: [TypingRun], _ engine: String) {
    let saved = runs.map { Double($0.keysSaved) / Double(max($0.states.count, 1)) }.reduce(0, +) / Double(max(runs.count, 1))
    let lost = runs.filter(\.lostAfterFirst), unfound = runs.filter { $0.settledAfter == nil }
    print(
        "\ntyping \(runs.count) places on a 2-set keyboard (\(engine)): keys saved before the place is first for good "
            + "\(String(format: "%.1f", 100 * saved)) % on average; lost after being first \(lost.count) of \(runs.count); "
            + "not first when typed in full \(unfound.count)")
    for run in lost { print("  lost: \(run.trace)") }
    for run in unfound { print("  not first: \(run.trace)") }
}
if let typingPath {
    let list = read(typingPath)
    printTyping(TypingRun.runs(list: list) { (try? placeSearch.search($0, limit: 1))?.result.matches.first?.item.name }, "this build")
    if let typingBeforePath {
        var answers: [String: String] = [:]
        for line in read(typingBeforePath).split(separator: "\n") {
            let cells = line.split(separator: "\t", omittingEmptySubsequences: false)
            if cells.count == 2 { answers[String(cells[0])] = String(cells[1]) }
        }
        printTyping(TypingRun.runs(list: list) { answers[$0] }, "before")
    }
}

// DeskClock: found at all, and the first result in the same zone (after tzdata's links) or with
// the same UTC offsets in January and July (DeskClock files Doha under Asia/Riyadh).
if arguments.count > 1 {
    let names = rows(arguments[1], header: nil).filter { $0.count == 2 }
    let instants = [Date(timeIntervalSince1970: 1_768_478_400), Date(timeIntervalSince1970: 1_784_116_800)]  // 2026-01-15, 2026-07-15
    func offsets(_ zone: String) -> [Int]? {
        guard let clock = ZoneClock(zoneID: zone) else { return nil }
        return instants.map { clock.time(at: $0).utcOffset }
    }
    var found = 0, sameZone = 0
    var missed: [String] = []
    for fields in names {
        guard let first = (try? placeSearch.search(fields[0], limit: 20))?.result.matches.first else {
            missed.append(fields[0])
            continue
        }
        found += 1
        let expected = catalogue.zoneID(for: fields[1]) ?? fields[1]
        if first.item.zoneID == expected || offsets(first.item.zoneID) == offsets(expected) {
            sameZone += 1
        } else {
            missed.append("\(fields[0]) → \(first.item.name)")
        }
    }
    print(
        "\nDeskClock's Korean names: found \(found)/\(names.count) = \(String(format: "%.1f", 100.0 * Double(found) / Double(names.count))) %, "
            + "right zone first \(sameZone)/\(names.count) = \(String(format: "%.1f", 100.0 * Double(sameZone) / Double(names.count))) %")
    if !missed.isEmpty { print("  not right: " + missed.joined(separator: "; ")) }
}

// Speed: every query of the set, `rounds` times, limit 20 (what the CLI and the server ask for):
// the compiled index alone, and PlaceSearch (the search every surface runs: the index, then
// offsets, abbreviations in use and whole words from the zones' rules), interleaved query by query
// so that both see the same machine.
let clock = ContinuousClock()
let searches: [(name: String, run: (String) -> Void)] = [
    ("index", { _ = try? catalogue.nameIndex.search($0, limit: 20) }),
    ("PlaceSearch", { _ = try? placeSearch.search($0, limit: 20) }),
]
var samples = Array(repeating: [Duration](), count: searches.count)
var perQuery = Array(repeating: Array(repeating: [Duration](), count: queries.count), count: searches.count)
for _ in 0..<rounds {
    for (number, query) in queries.enumerated() {
        for (which, search) in searches.enumerated() {
            let start = clock.now
            search.run(query.text)
            let took = start.duration(to: clock.now)
            samples[which].append(took)
            perQuery[which][number].append(took)
        }
    }
}
func micro(_ d: Duration) -> String {
    let (s, atto) = d.components
    return String(format: "%.1f µs", Double(s) * 1e6 + Double(atto) / 1e12)
}
for (which, search) in searches.enumerated() {
    let sorted = samples[which].sorted()
    // Each query's median, so a slow query shows apart from the machine's noise.
    let medians = perQuery[which].map { $0.sorted()[$0.count / 2] }
    print(
        "\n\(search.name) time per query (\(queries.count) queries × \(rounds) rounds, limit 20): p50 \(micro(sorted[sorted.count / 2])), "
            + "p99 \(micro(sorted[sorted.count * 99 / 100])), max \(micro(sorted[sorted.count - 1]))")
    let slowest = medians.indices.sorted { medians[$0] > medians[$1] }.prefix(5)
    print("slowest queries by their median: " + slowest.map { "\(queries[$0].text) \(micro(medians[$0]))" }.joined(separator: ", "))
}

// The list's start-up cost that grows with the table: load before and after, alternating.
if loadTables.count == 2 {
    _ = try? Catalogue.load(.file(path: loadTables[0]))  // reads Foundation's zone list and the bundled ids once
    var times: [[Duration]] = [[], []]
    var counts = [0, 0]
    for _ in 0..<max(rounds / 4, 10) {
        for which in 0..<2 {
            let start = clock.now
            let source: TableSource = loadTables[which] == "bundled" ? .bundled : .file(path: loadTables[which])
            guard let loaded = try? Catalogue.load(source) else { fail("cannot load \(loadTables[which])") }
            _ = loaded.sections.section(titled: "ㄱ")
            times[which].append(start.duration(to: clock.now))
            counts[which] = loaded.places.count
        }
    }
    let medians = times.map { $0.sorted()[$0.count / 2] }
    let ratio =
        Double(medians[1].components.attoseconds + medians[1].components.seconds * 1_000_000_000_000_000_000)
        / Double(medians[0].components.attoseconds + medians[0].components.seconds * 1_000_000_000_000_000_000)
    print(
        "\nloading the listed table for list --section ㄱ (median): before \(counts[0]) places \(micro(medians[0])), "
            + "after \(counts[1]) places \(micro(medians[1])) (\(String(format: "%.2f", ratio))×)")
}
