import Foundation
import HangulIndex
import SearchEngine
import TestSupport
import Testing
import TimeZoneRules
import WireCore
import WorldClockKit

/// The web app's search engine (the committed Web/app/search.wasm.base64, run
/// in Node by Scripts/dev/wasm-engine.mjs as the page runs it) answers the shared query table as the
/// CLI's search does: the same top five, in order, with the same fields, kinds and labels.
@Suite("The web app's WebAssembly search answers as the CLI")
struct WasmSearchTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// 2026-07-15T12:00Z, the instant the query-set tests use.
    static let instant = Date(timeIntervalSince1970: 1_784_116_800)

    /// One result as both sides are compared: where and how it matched, and what the label says.
    struct Row: Equatable, CustomStringConvertible {
        let name: String
        let zone: String
        let field: String
        let kind: String
        let label: String?
        var description: String { "\(name) (\(zone), \(field) \(kind)\(label.map { ", " + $0 } ?? ""))" }
    }

    /// The answer as the module's JSON has it.
    struct Answer: Decodable {
        struct Result: Decodable {
            struct Place: Decodable {
                let name: String
                let zone: String
            }
            struct Match: Decodable {
                let kind: String
                let field: String
                let label: String?
            }
            let place: Place
            let match: Match
        }
        struct Refusal: Decodable { let code: String }
        struct Former: Decodable, Equatable {
            let abbreviation: String
            let places: [String]
        }
        let results: [Result]?
        let error: Refusal?
        let total: Int?
        let former: Former?
        let onlyFormer: String?

        enum CodingKeys: String, CodingKey {
            case results, error, total, former
            case onlyFormer = "only_former"
        }
    }

    /// The queries: the shared table, and the cases the web app's browser tests type.
    static let queries = UserQuery.all.map(\.query) + ["뉴", "ㄴㅇ", "늉", "sbdyr", "UTC+9", "KST", "PST", "평양", "ㅍㄹ", "tjdnf"]

    @Test("top five, labels and notes (total, former, only_former) are the CLI's for every query of the table")
    func sameAnswers() async throws {
        let catalogue = try Catalogue.load()
        let search = PlaceSearch(catalogue: catalogue, tzdata: .bundled, at: Self.instant)
        let queries = Self.queries.filter { !$0.contains("\n") }
        let instant = String(Int64(Self.instant.timeIntervalSince1970))
        let output = try await onOwnThread {
            try Self.runEngine(["search", "TIMELINES", instant, "INPUT", "5"], input: queries.joined(separator: "\n"))
        }
        let answers = try output.map { try JSONDecoder().decode(Answer.self, from: $0) }
        try #require(answers.count == queries.count, "the runner answered \(answers.count) of \(queries.count) queries")
        var differences: [String] = []
        for (query, answer) in zip(queries, answers) {
            let native: [Row]
            do {
                let outcome = try search.search(query, limit: 5)
                native = outcome.result.matches.map {
                    Row(name: $0.item.name, zone: $0.item.zoneID, field: $0.field, kind: $0.kind.name, label: $0.label)
                }
                // The notes, as the API's fields.
                let former = outcome.former.first.map { Answer.Former(abbreviation: $0.text, places: outcome.former.map(\.item.name)) }
                if answer.total != outcome.total || answer.former != former || answer.onlyFormer != outcome.onlyFormerAbbreviation {
                    differences.append(
                        "\(query): notes: CLI total \(outcome.total), former \(String(describing: former)), "
                            + "only former \(outcome.onlyFormerAbbreviation ?? "-"); "
                            + "wasm \(answer.total ?? -1), \(String(describing: answer.former)), \(answer.onlyFormer ?? "-")")
                }
            } catch {
                if answer.error == nil { differences.append("\(query): the CLI refuses it (\(error)), the module answers") }
                continue
            }
            let wasm = (answer.results ?? []).map {
                Row(name: $0.place.name, zone: $0.place.zone, field: $0.match.field, kind: $0.match.kind, label: $0.match.label)
            }
            if wasm != native { differences.append("\(query): CLI \(native), wasm \(wasm)") }
        }
        #expect(differences.isEmpty, "\(differences.count) of \(queries.count) queries differ:\n\(differences.joined(separator: "\n"))")
    }

    /// The keys of `/v1/search`'s place the module leaves out: the page computes the time and how it
    /// stands against the reference itself, from the zones' timelines.
    static let placeKeysOnlyTheServerWrites: Set<String> = ["time", "relative"]

    @Test("the module's JSON is /v1/search's, key for key and value for value, for every query of the table (a place's time aside)")
    func sameJSON() async throws {
        let catalogue = try Catalogue.load()
        let search = PlaceSearch(catalogue: catalogue, tzdata: .bundled, at: Self.instant)
        let clocks = ZoneClocks(zoneIDs: catalogue.zoneIDs, tzdata: .bundled)
        let queries = Self.queries.filter { !$0.contains("\n") } + ["   ", String(repeating: "가", count: 101)]
        let instant = String(Int64(Self.instant.timeIntervalSince1970))
        let output = try await onOwnThread {
            try Self.runEngine(["search", "TIMELINES", instant, "INPUT", "20"], input: queries.joined(separator: "\n"))
        }
        try #require(output.count == queries.count, "the runner answered \(output.count) of \(queries.count) queries")
        func object(_ data: Data) -> [String: Any] { (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:] }
        func same(_ a: Any?, _ b: Any?) -> Bool {
            switch (a, b) {
            case (nil, nil): true
            case (let a as NSObject, let b as NSObject): a.isEqual(b)
            default: false
            }
        }
        var differences: [String] = []
        var compared = 0
        for (query, data) in zip(queries, output) {
            let wasm = object(data)
            let native: [String: Any]
            do {
                let outcome = try search.search(query, limit: 20)
                native = object(FeedJSON.encode(FeedSearch(query: query, outcome: outcome, at: Self.instant, clocks: clocks)))
            } catch {
                // The refusal: the search's code, which /v1/search answers too.
                let code = (wasm["error"] as? [String: Any])?["code"] as? String
                if code != error.code {
                    differences.append("\(query.prefix(20)): refused as \(error.code) natively, \(code ?? "not refused") by the module")
                }
                continue
            }
            // null and an absent key say the same to a reader of the JSON; every other key must match.
            let wasmTop = wasm.filter { !($0.value is NSNull) && $0.key != "results" }
            let nativeTop = native.filter { !($0.value is NSNull) && $0.key != "results" }
            if !same(wasmTop as NSDictionary, nativeTop as NSDictionary) {
                differences.append("\(query): top level: native \(nativeTop), wasm \(wasmTop)")
            }
            let wasmResults = wasm["results"] as? [[String: Any]] ?? [], nativeResults = native["results"] as? [[String: Any]] ?? []
            if wasmResults.count != nativeResults.count {
                differences.append("\(query): \(nativeResults.count) results natively, \(wasmResults.count) in the module")
            }
            for (w, n) in zip(wasmResults, nativeResults) {
                compared += 1
                let wPlace = (w["place"] as? [String: Any] ?? [:]).filter { !($0.value is NSNull) }
                let nPlace = (n["place"] as? [String: Any] ?? [:]).filter {
                    !($0.value is NSNull) && !Self.placeKeysOnlyTheServerWrites.contains($0.key)
                }
                if !same(wPlace as NSDictionary, nPlace as NSDictionary) { differences.append("\(query): place: native \(nPlace), wasm \(wPlace)") }
                let wMatch = (w["match"] as? [String: Any] ?? [:]).filter { !($0.value is NSNull) }
                let nMatch = (n["match"] as? [String: Any] ?? [:]).filter { !($0.value is NSNull) }
                if !same(wMatch as NSDictionary, nMatch as NSDictionary) { differences.append("\(query): match: native \(nMatch), wasm \(wMatch)") }
                if Set(w.keys) != Set(n.keys) { differences.append("\(query): result keys: native \(n.keys.sorted()), wasm \(w.keys.sorted())") }
            }
        }
        #expect(compared > 1000, "only \(compared) results compared")
        #expect(differences.isEmpty, "\(differences.count) differences:\n\(differences.prefix(30).joined(separator: "\n"))")
    }

    /// Every zone of the catalogue's timeline from the instant for 400 days, from the bundled TZif
    /// rules: what the page gives the module from the feed (`ZONE TAB START,OFFSET,ABBREVIATION,DST;…`).
    static let timelines: String = {
        let end = instant.addingTimeInterval(400 * 86_400)
        let catalogue = try! Catalogue.load()
        return Set((catalogue.places + catalogue.searchOnlyPlaces).map(\.zoneID)).sorted().compactMap { zone in
            ZoneClock(zoneID: zone, tzdata: .bundled).map { clock in
                zone + "\t"
                    + ZoneTimeline(clock, from: instant, through: end).periods.map {
                        "\($0.start),\($0.utcOffset),\($0.abbreviation),\($0.isDaylightSavingTime ? 1 : 0)"
                    }
                    .joined(separator: ";")
            }
        }.joined(separator: "\n")
    }()

    /// A failed run of the engine in Node.
    struct EngineFailed: Error, CustomStringConvertible { let description: String }

    /// Runs `node Scripts/dev/wasm-engine.mjs` with `arguments`, in which TIMELINES stands for a file of
    /// `timelines` and INPUT for a file of `input`: one JSON answer a line.
    static func runEngine(_ arguments: [String], input: String) throws -> [Data] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wasm-engine-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let timelinesFile = folder.appendingPathComponent("timelines.tsv"), inputFile = folder.appendingPathComponent("input.txt")
        try Data(timelines.utf8).write(to: timelinesFile)
        try Data(input.utf8).write(to: inputFile)
        let process = Process()
        // Debian's nodejs (.ci/run installs it).
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            ["node", root.appendingPathComponent("Scripts/dev/wasm-engine.mjs").path]
            + arguments.map { $0 == "TIMELINES" ? timelinesFile.path : $0 == "INPUT" ? inputFile.path : $0 }
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw EngineFailed(description: "node Scripts/dev/wasm-engine.mjs failed (is nodejs installed?): \(message)")
        }
        return data.split(separator: UInt8(ascii: "\n")).map { Data($0) }
    }
}
