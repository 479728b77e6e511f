import Dispatch
import Logging
import ServiceLifecycle
import Synchronization
import TimeZoneRules
import UnixSignals
import WorldClockKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The rules a server answers with, swappable while it runs: one immutable snapshot (the tzdata,
/// the catalogue, the digest of both, every body and cache made from them) that each request reads
/// once, at its start. A reload builds the next snapshot whole, off the request path, and switches
/// in one step: a request sees the old rules or the new ones, never a mix, and the old snapshot's
/// caches go with it (every cache is keyed by its snapshot, being part of it).
final class LiveFeed: Sendable {
    /// One set of rules and what is made from them: the service and the controllers that read it.
    struct Snapshot: Sendable {
        let service: FeedService
        let sections: SectionsController
        let search: SearchController
        let zones: ZonesController
        let meta: MetaController
        /// The tzdata choice these rules came from (version, source, warnings).
        let choice: TZDataChoice?
        /// The catalogue's zones the directory had no file for when these rules were read (the
        /// bundled copy answered for them): a reload refuses a copy that lacks more.
        let missingZones: Set<String>

        init(service: FeedService, choice: TZDataChoice? = nil) {
            self.service = service
            self.choice = choice
            missingZones = RulesReloader.missingZones(service.catalogue.zoneIDs, in: service.clocks.tzdata)
            sections = SectionsController(service: service)
            search = SearchController(service: service)
            zones = ZonesController(service: service)
            meta = MetaController(service: service)
        }
    }

    private let state: Mutex<Snapshot>
    /// Whether the server is draining before it stops (`/readyz`, `Connection: close`).
    let readiness = Readiness()
    /// What `/metrics` shows; nil when metrics are off.
    let metrics: ServerMetrics?

    init(_ snapshot: Snapshot, metrics: ServerMetrics? = nil) {
        state = Mutex(snapshot)
        self.metrics = metrics
    }

    /// The snapshot in force: read once per request.
    var current: Snapshot { state.withLock { $0 } }

    /// Puts `snapshot` in force for every request that starts from now on.
    func install(_ snapshot: Snapshot) { state.withLock { $0 = snapshot } }
}

/// What a reload did.
enum RulesReload: Sendable, Equatable, CustomStringConvertible {
    /// The directory's rules decide every time as the ones in force do: nothing to switch.
    case unchanged(digest: String)
    /// New rules are in force.
    case switched(from: String, to: String, digest: String)
    /// The copy found was not put in force, and why (the old rules stay).
    case refused(String)

    var description: String {
        switch self {
        case .unchanged(let digest): "tzdata unchanged (rules digest \(digest))"
        case .switched(let from, let to, let digest): "tzdata reloaded: \(from) → \(to) (rules digest \(digest))"
        case .refused(let reason): "tzdata reload refused, the rules in force stay: \(reason)"
        }
    }
}

/// Reloads the tzdata of a running server: at SIGHUP, and by itself every `interval` (one minute
/// by default, so a change is in force well within five). It chooses the tzdata again as at start
/// (`--tzdata`, `TZDIR`, the system's), and when the rules of the catalogue's zones differ from
/// the ones in force, checks the copy (every zone's file reads as TZif, none is missing that was
/// there, its version is not older) and then builds the next snapshot off the request path
/// before switching. A refused copy is logged and the old rules stay.
actor RulesReloader: Service {
    private let live: LiveFeed
    private let choose: @Sendable () throws -> TZDataChoice
    private let makeService: @Sendable (TZDataChoice) -> FeedService
    private let interval: Duration
    private let logger: Logger

    /// - Parameters:
    ///   - choose: chooses the tzdata again, as at start.
    ///   - makeService: builds a service for a checked choice (clocks, written bodies, caches).
    init(
        live: LiveFeed, choose: @escaping @Sendable () throws -> TZDataChoice, interval: Duration = .seconds(60), logger: Logger,
        makeService: @escaping @Sendable (TZDataChoice) -> FeedService
    ) {
        self.live = live
        self.choose = choose
        self.interval = interval
        self.logger = logger
        self.makeService = makeService
    }

    func run() async throws {
        let signals = await UnixSignalsSequence(trapping: .sighup)
        await withDiscardingTaskGroup { group in
            group.addTask {
                for await _ in signals { await self.reloadAndLog(cause: "SIGHUP") }
            }
            group.addTask {
                while !Task.isCancelled {
                    do { try await Task.sleep(for: self.interval) } catch { return }
                    await self.reloadAndLog(cause: "periodic check")
                }
            }
            // Until the server shuts down: then the signal and the timer stop with it.
            try? await gracefulShutdown()
            group.cancelAll()
        }
    }

    /// Reloads and logs the outcome: a refusal as an error, a switch as a notice, "unchanged" as
    /// info after a signal (an operator who sent it reads what it did) and as debug after the
    /// periodic check (once a minute, every minute).
    @discardableResult
    func reloadAndLog(cause: String) async -> RulesReload {
        let outcome = await reload()
        switch outcome {
        case .unchanged: live.metrics?.reload("unchanged")
        case .switched: live.metrics?.reload("switched")
        case .refused: live.metrics?.reload("refused")
        }
        switch outcome {
        case .unchanged where cause == "SIGHUP": logger.info("\(cause): \(outcome)")
        case .unchanged: logger.debug("\(cause): \(outcome)")
        case .switched: logger.notice("\(cause): \(outcome)")
        case .refused: logger.error("\(cause): \(outcome)")
        }
        return outcome
    }

    /// Chooses, checks and, if the rules changed, builds and switches to the new snapshot. Runs
    /// on a thread of its own: parsing every zone and writing every timeline takes a while.
    func reload() async -> RulesReload {
        let old = live.current
        let choose = self.choose, makeService = self.makeService
        let built: Result<(LiveFeed.Snapshot, from: String, to: String)?, RefusedReload> = await withCheckedContinuation { done in
            // Dispatch, not Foundation's Thread: the static server links no Foundation (docs/packaging.md).
            DispatchQueue.global(qos: .utility).async {
                done.resume(returning: Self.prepare(old: old, choose: choose, makeService: makeService))
            }
        }
        switch built {
        case .failure(let refusal): return .refused(refusal.reason)
        case .success(nil): return .unchanged(digest: old.service.rulesDigest)
        case .success(let prepared?):
            live.install(prepared.0)
            return .switched(from: prepared.from, to: prepared.to, digest: prepared.0.service.rulesDigest)
        }
    }

    private struct RefusedReload: Error {
        let reason: String
    }

    private static func prepare(
        old: LiveFeed.Snapshot, choose: @Sendable () throws -> TZDataChoice, makeService: @Sendable (TZDataChoice) -> FeedService
    ) -> Result<(LiveFeed.Snapshot, from: String, to: String)?, RefusedReload> {
        let choice: TZDataChoice
        do { choice = try choose() } catch { return .failure(RefusedReload(reason: "\(error)")) }
        let catalogue = old.service.catalogue
        let database = choice.database
        let oldDatabase = old.service.clocks.tzdata
        let digest = FeedMeta.rulesDigest(catalogue: catalogue, tzdata: database)
        guard digest != old.service.rulesDigest else { return .success(nil) }
        // The digest read every zone's file: one that is there but not TZif was answered by the
        // bundled copy, which would mix two tzdata releases in one feed.
        let corrupt = database.fallbacks
        if !corrupt.isEmpty {
            let shown = corrupt.prefix(3).map(\.description).joined(separator: "; ")
            return .failure(RefusedReload(reason: "\(database.source) has \(corrupt.count) unreadable zone file(s): \(shown)"))
        }
        // A zone whose file is gone (a copy written half-way) would also come from the bundled copy.
        let missing = missingZones(catalogue.zoneIDs, in: database).subtracting(old.missingZones)
        if !missing.isEmpty {
            return .failure(
                RefusedReload(
                    reason:
                        """
                        \(database.source) lacks \(missing.count) zone file(s) the rules in force have: \
                        \(missing.sorted().prefix(3).joined(separator: ", "))
                        """
                ))
        }
        let from = oldDatabase.version?.description ?? "of no stated version"
        let to = database.version?.description ?? "of no stated version"
        if let oldVersion = oldDatabase.version {
            guard let newVersion = database.version else {
                return .failure(RefusedReload(reason: "\(database.source) states no tzdata version; the rules in force are \(oldVersion)"))
            }
            if newVersion < oldVersion {
                return .failure(RefusedReload(reason: "\(database.source) holds tzdata \(newVersion), older than the \(oldVersion) in force"))
            }
        }
        return .success((LiveFeed.Snapshot(service: makeService(choice), choice: choice), from, to))
    }

    /// The zones of `zoneIDs` that `database`'s directory has no file for (none for the bundled copy).
    static func missingZones(_ zoneIDs: [String], in database: TZDatabase) -> Set<String> {
        guard let directory = database.source.directory else { return [] }
        return Set(zoneIDs.filter { !FileManager.default.fileExists(atPath: directory + "/" + $0) })
    }
}
