import Foundation
import HTTPTypes
import Hummingbird
import Logging
import ServerConfiguration
import Synchronization
import Testing
import TimeZoneRules
import WorldClockKit

@testable import WorldClockServer

/// A zoneinfo directory the tests change as an operator would: a copy of the bundled 2026f zones,
/// labelled by its `tzdata.zi`, with Asia/Seoul recompiled (DST from March to October) or broken.
final class TZDataCopy: Sendable {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("reload-zoneinfo-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: TZDataLogTests.bundledZoneinfo, to: directory)
        try label("2026f")
    }

    /// Removes the copy.
    func remove() { try? FileManager.default.removeItem(at: directory) }

    func label(_ version: String) throws {
        try Data("# version \(version)\n".utf8).write(to: directory.appendingPathComponent("tzdata.zi"))
    }

    func write(_ zone: String, _ data: Data) throws {
        try data.write(to: directory.appendingPathComponent(zone), options: .atomic)
    }

    /// A TZif (version 2) file with no stored transitions, one type (`abbreviation`, `offset`) and
    /// `footer` as the rule for all time: what `zic` makes of a zone given as one POSIX rule.
    static func tzif(offset: Int32, abbreviation: String, footer: String) -> Data {
        func be32(_ value: Int32) -> [UInt8] { withUnsafeBytes(of: value.bigEndian) { Array($0) } }
        func block() -> [UInt8] {
            var bytes = Array("TZif2".utf8) + [UInt8](repeating: 0, count: 15)
            // isutcnt, isstdcnt, leapcnt, timecnt, typecnt, charcnt
            for count: Int32 in [0, 0, 0, 0, 1, Int32(abbreviation.utf8.count + 1)] { bytes += be32(count) }
            bytes += be32(offset) + [0, 0] + Array(abbreviation.utf8) + [0]
            return bytes
        }
        return Data(block() + block() + Array("\n\(footer)\n".utf8))
    }

    /// Seoul with DST every year, 02:00 last Sunday of March to 03:00 last Sunday of October.
    static let seoulWithDST = tzif(offset: 32400, abbreviation: "KST", footer: "KST-9KDT,M3.5.0,M10.5.0/3")
}

@Suite("Reloading the tzdata while the server runs")
struct RulesReloadTests {
    /// A server on `copy` whose reloader chooses the same directory again, as `serve --tzdata` does.
    struct Server {
        let live: LiveFeed
        let reloader: RulesReloader
        let log = CapturedLog()

        init(_ copy: TZDataCopy) throws {
            let choice = try TZDataChoice.choose(option: copy.directory.path)
            let makeService: @Sendable (TZDataChoice) -> FeedService = { choice in
                FeedService(catalogue: catalogue, clocks: ZoneClocks(zoneIDs: catalogue.zoneIDs, tzdata: choice.database))
            }
            live = LiveFeed(LiveFeed.Snapshot(service: makeService(choice), choice: choice))
            reloader = RulesReloader(live: live, choose: { try choice.chooseAgain() }, logger: log.logger, makeService: makeService)
        }

        func withClient<Value: Sendable>(_ test: @escaping @Sendable (any TestClientProtocol) async throws -> Value) async throws -> Value {
            let app = buildApplication(
                live: live, configuration: FeedServerConfiguration(quiet: true), logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
            return try await app.test(.router) { client in try await test(client) }
        }
    }

    static let seoul2027 = "/v1/zones/Asia/Seoul?at=2027-01-01T00:00:00Z"

    static func meta(_ client: any TestClientProtocol) async throws -> FeedMeta {
        try await client.execute(uri: "/v1/meta", method: .get) { response in
            #expect(response.status == .ok)
            return try JSONDecoder().decode(FeedMeta.self, from: response.data)
        }
    }

    @Test("a recompiled zone changes /v1/meta's version and digest, the zone's transitions and its ETag, without a restart")
    func recompiledZone() async throws {
        let copy = try TZDataCopy()
        defer { copy.remove() }
        let server = try Server(copy)
        try await server.withClient { client in
            let before = try await Self.meta(client)
            #expect(before.tzdataVersion == "2026f")
            let (oldTag, oldTransitions) = try await client.execute(uri: Self.seoul2027, method: .get) { response in
                (response.headers[.eTag], (response.json["transitions"] as? [Any])?.count)
            }
            #expect(oldTransitions == 0)
            #expect(oldTag?.contains(before.rulesDigest ?? "-") == true)

            // Relabelled alone: the same rules, the same digest, nothing to switch.
            try copy.label("2026g")
            #expect(await server.reloader.reload() == .unchanged(digest: before.rulesDigest ?? ""))

            try copy.write("Asia/Seoul", TZDataCopy.seoulWithDST)
            try copy.label("2027a")
            let outcome = await server.reloader.reload()
            guard case .switched(from: "2026f", to: "2027a", let digest) = outcome else {
                Issue.record("not switched: \(outcome)")
                return
            }
            let after = try await Self.meta(client)
            #expect(after.tzdataVersion == "2027a")
            #expect(after.rulesDigest == digest)
            #expect(after.rulesDigest != before.rulesDigest)
            #expect(after.catalogueDigest == before.catalogueDigest)
            try await client.execute(uri: Self.seoul2027, method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.eTag] != oldTag)
                #expect(response.json["rules_digest"] as? String == digest)
                let transitions = response.json["transitions"] as? [[String: Any]] ?? []
                #expect(transitions.map { $0["abbreviation"] as? String } == ["KDT", "KST"])
                #expect(transitions.first?["at"] as? String == "2027-03-27T17:00:00Z")
            }
            // The current feed carries the new digest in its meta too.
            try await client.execute(uri: "/v1/sections?section=ㅅ&at=2027-01-01T00:00:00Z", method: .get) { response in
                let feed = try Feed.decode(response.data)
                #expect(feed.meta.rulesDigest == digest)
                #expect(feed.transitions["Asia/Seoul"]?.count == 2)
            }
        }
    }

    @Test(
        "a corrupt, incomplete or older copy is refused and logged; the rules in force stay",
        arguments: ["corrupt", "incomplete", "older", "unversioned"])
    func refused(kind: String) async throws {
        let copy = try TZDataCopy()
        defer { copy.remove() }
        let server = try Server(copy)
        let before = server.live.current.service.rulesDigest
        // Every bad copy also changes Seoul's rules: otherwise there would be nothing to switch.
        try copy.write("Asia/Seoul", TZDataCopy.seoulWithDST)
        switch kind {
        case "corrupt":
            try copy.write("Europe/Paris", Data("TZif2 cut short".utf8))
            try copy.label("2027a")
        case "incomplete":
            try FileManager.default.removeItem(at: copy.directory.appendingPathComponent("Europe/Paris"))
            try copy.label("2027a")
        case "older": try copy.label("2025a")
        default: try FileManager.default.removeItem(at: copy.directory.appendingPathComponent("tzdata.zi"))
        }
        let outcome = await server.reloader.reloadAndLog(cause: "test")
        guard case .refused(let reason) = outcome else {
            Issue.record("not refused: \(outcome)")
            return
        }
        #expect(
            reason.contains(kind == "corrupt" || kind == "incomplete" ? "Europe/Paris" : kind == "older" ? "2025a" : "no tzdata version"), "\(reason)"
        )
        #expect(server.live.current.service.rulesDigest == before)
        #expect(server.log.lines.withLock { $0.contains { $0.hasPrefix("error") && $0.contains("refused") } })
        try await server.withClient { client in
            #expect(try await Self.meta(client).tzdataVersion == "2026f")
            try await client.execute(uri: Self.seoul2027, method: .get) { response in
                #expect((response.json["transitions"] as? [Any])?.count == 0)
            }
        }
    }

    @Test("requests running during a reload all succeed, each wholly on the old rules or wholly on the new")
    func reloadUnderRequests() async throws {
        let copy = try TZDataCopy()
        defer { copy.remove() }
        let server = try Server(copy)
        let oldDigest = server.live.current.service.rulesDigest
        try copy.write("Asia/Seoul", TZDataCopy.seoulWithDST)
        try copy.label("2027a")
        let reloaded = Flag()
        let seen = try await server.withClient { client in
            try await withThrowingTaskGroup(of: [String].self) { group in
                for worker in 0..<4 {
                    group.addTask {
                        var digests: [String] = []
                        // Until the reload is done, and a few more after it: every answer must be whole.
                        var after = 0
                        while after < 3 {
                            if reloaded.isSet { after += 1 }
                            let uri = worker % 2 == 0 ? "/v1/sections?at=2027-01-01T00:00:00Z" : Self.seoul2027
                            let digest = try await client.execute(uri: uri, method: .get) { response -> String in
                                #expect(response.status == .ok)
                                if worker % 2 == 0 {
                                    let feed = try Feed.decode(response.data)
                                    let digest = feed.meta.rulesDigest ?? ""
                                    // The times and the digest of one body come from one snapshot.
                                    #expect(feed.transitions["Asia/Seoul"]?.count == (digest == oldDigest ? 0 : 2))
                                    return digest
                                }
                                let digest = response.json["rules_digest"] as? String ?? ""
                                #expect((response.json["transitions"] as? [Any])?.count == (digest == oldDigest ? 0 : 2))
                                return digest
                            }
                            digests.append(digest)
                        }
                        return digests
                    }
                }
                group.addTask {
                    let outcome = await server.reloader.reload()
                    reloaded.set()
                    guard case .switched = outcome else {
                        Issue.record("not switched: \(outcome)")
                        return []
                    }
                    return []
                }
                var all: [String] = []
                for try await digests in group { all += digests }
                return all
            }
        }
        let newDigest = server.live.current.service.rulesDigest
        #expect(newDigest != oldDigest)
        #expect(Set(seen).isSubset(of: [oldDigest, newDigest]))
        #expect(seen.contains(newDigest))
    }
}

/// A flag one task sets and others read.
final class Flag: Sendable {
    private let value = Atomic(false)
    var isSet: Bool { value.load(ordering: .acquiring) }
    func set() { value.store(true, ordering: .releasing) }
}
