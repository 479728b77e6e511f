import CatalogueBuilder
import Foundation
import Hummingbird
import Logging
import ServerConfiguration
import Synchronization
import Testing
import TimeZoneRules
import WorldClockKit

@testable import WorldClockServer

/// Built once for all suites: loading the catalogue and reading 419 TZif files is the slow part.
let catalogue: Catalogue = try! Catalogue.load()
/// On the bundled tzdata (2026f), so the times tests expect hold whatever the machine has.
let sharedClocks = ZoneClocks(zoneIDs: catalogue.zoneIDs, tzdata: .bundled)
/// Every zone's transitions and the places' JSON, written once for all services here.
let sharedSectionsBody = SectionsBody(catalogue: catalogue, clocks: sharedClocks)
/// The service every test uses unless it fixes the clock.
let liveService = FeedService(catalogue: catalogue, clocks: sharedClocks, sectionsBody: sharedSectionsBody)

func service(now: Date, costly: CostlyWork = CostlyWork(), cacheBudget: Int = ResponseCache.defaultByteBudget) -> FeedService {
    FeedService(catalogue: catalogue, clocks: sharedClocks, now: { now }, costly: costly, cacheBudget: cacheBudget, sectionsBody: sharedSectionsBody)
}

func instant(_ text: String) -> Date { try! ISO8601.parseInstant(text) }

/// Runs `test` against the application in memory (no socket).
func withApp<Value: Sendable>(
    _ service: FeedService = liveService, quiet: Bool = true, logger: Logger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }),
    _ test: @escaping @Sendable (any TestClientProtocol) async throws -> Value
) async throws -> Value {
    let app = buildApplication(service: service, configuration: FeedServerConfiguration(quiet: quiet), logger: logger)
    return try await app.test(.router) { client in try await test(client) }
}

extension TestResponse {
    var data: Data { Data(body.readableBytesView) }
    var text: String { String(decoding: body.readableBytesView, as: UTF8.self) }
    var json: [String: Any] { (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:] }
    var error: FeedError? { try? JSONDecoder().decode(FeedError.self, from: data) }
}

/// A log handler keeping what it is given.
final class CapturedLog: Sendable {
    let lines = Mutex<[String]>([])

    var logger: Logger {
        Logger(label: "captured") { _ in Handler(sink: self) }
    }

    struct Handler: LogHandler {
        let sink: CapturedLog
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .info
        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }
        func log(event: LogEvent) {
            sink.lines.withLock { $0.append("\(event.level) \(event.message)") }
        }
    }
}
