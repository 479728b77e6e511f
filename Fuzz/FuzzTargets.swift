import CatalogueBuilder
import Foundation
import HangulCollation
import HangulIndex
import MeetingPlanning
import WorldClockKit
import WorldClockServer

/// One function per parser or matcher that takes outside input. Each must not crash, hang or
/// leak (AddressSanitizer watches), and checks a property that would show a wrong answer.
enum FuzzTargets {
    /// The zone table parser (`--data`): any bytes give rows or a `TableError` naming a line.
    static func table(_ data: UnsafeRawBufferPointer) {
        do {
            let table = try ZoneTable(bytes: Array(data), path: "fuzz.tsv")
            require(
                table.rows.allSatisfy { !$0.place.name.isEmpty && !$0.place.zoneID.isEmpty && $0.place.countryCode.utf8.count == 2 },
                "a row with an empty field")
        } catch {
            require(error.line.map { $0 >= 1 } ?? true, "line \(String(describing: error.line))")
            _ = error.description
        }
    }

    /// The strict query-string decoder: canonical forms decode to the same parameters.
    static func queryString(_ data: UnsafeRawBufferPointer) {
        let raw = String(decoding: data, as: UTF8.self)
        require(QueryStringFuzzing.check(raw), "query string \(raw.debugDescription)")
    }

    /// The RFC 3339 parser: what it accepts is in range and formats back to the same instant.
    static func instant(_ data: UnsafeRawBufferPointer) {
        let text = String(decoding: data, as: UTF8.self)
        guard let seconds = try? ISO8601.parseSeconds(text) else { return }
        require(ISO8601.acceptedSeconds.contains(seconds), "\(text.debugDescription) → \(seconds)")
        let formatted = ISO8601.utc(Date(timeIntervalSince1970: TimeInterval(seconds)))
        require((try? ISO8601.parseSeconds(formatted)) == seconds, "\(text.debugDescription) → \(formatted)")
    }

    /// `--at`'s reader: what it refuses comes with one line and an example it takes; what it takes
    /// reads back the same from its own description, and resolves in 서울 and 뉴욕 (a gap, an overlap
    /// or an instant in range) or is refused with a reason. A wall-clock time read once shows on the
    /// zone's clock as written; a time from now (`30분 뒤`) is now plus its length.
    static func timeQuery(_ data: UnsafeRawBufferPointer) {
        let text = String(decoding: data.prefix(256), as: UTF8.self)
        let query: TimeQuery
        do { query = try TimeQuery.parse(text) } catch {
            require(!error.reason.isEmpty && !error.description.contains("\n"), "\(text.debugDescription): \(error.description)")
            require((try? TimeQuery.parse(error.example)) != nil, "\(text.debugDescription): example \(error.example.debugDescription) is refused")
            return
        }
        require((try? TimeQuery.parse(query.description)) == query, "\(text.debugDescription) → \(query.description.debugDescription)")
        for clock in timeQueryClocks {
            let reading: WallClockReading
            do { reading = try query.resolve(now: timeQueryNow, in: clock) } catch {
                require(
                    (try? TimeQuery.parse(error.example)) != nil, "\(text.debugDescription): example \(error.example.debugDescription) is refused")
                continue
            }
            switch reading {
            case .unique(let instant):
                require(ISO8601.acceptedSeconds.contains(instant), "\(text.debugDescription) → \(instant)")
                if case .fromNow(let seconds) = query {
                    require(instant == timeQueryNow + Int64(seconds), "\(text.debugDescription) → \(instant), not now + \(seconds) s")
                    continue
                }
                let time: TimeQuery.ClockTime
                switch query {
                case .time(let written, nil), .dayTime(_, let written, nil), .time(let written, .some(.abbreviation)),
                    .dayTime(_, let written, .some(.abbreviation)):
                    time = written
                default: continue
                }
                let local = clock.time(at: Date(timeIntervalSince1970: TimeInterval(instant))).local
                require(
                    (local.hour, local.minute, local.second) == (time.hour, time.minute, time.second),
                    "\(text.debugDescription) in \(clock.zoneID) → \(local)")
            case .overlap(let first, let second):
                require(first < second && second - first <= 86_400, "\(text.debugDescription): overlap \(first) \(second)")
            case .gap(let before, let after):
                require(before < after, "\(text.debugDescription): gap \(before) \(after)")
            }
        }
    }

    /// 서울 (no DST) and 뉴욕 (gaps, overlaps, EST/EDT): two, as each resolve costs more than the parse.
    static let timeQueryClocks = ["Asia/Seoul", "America/New_York"].map { ZoneClock(zoneID: $0, tzdata: .bundled)! }
    /// 2026-11-26T10:00:00Z.
    static let timeQueryNow: Int64 = 1_795_687_200

    /// The search every surface runs: any query gives matches whose highlighted range lies in
    /// their text, and no more than it counts in all.
    static let placeSearch = PlaceSearch(catalogue: catalogue, tzdata: .bundled, at: Date(timeIntervalSince1970: 1_784_116_800))

    static func search(_ data: UnsafeRawBufferPointer) {
        let query = String(decoding: data, as: UTF8.self)
        guard let outcome = try? placeSearch.search(query, limit: 100) else { return }
        require(outcome.total >= outcome.result.matches.count, "\(query.debugDescription): total \(outcome.total)")
        for match in outcome.result.matches {
            require(
                match.utf16Range.lowerBound >= 0 && match.utf16Range.upperBound <= match.text.utf16.count,
                "\(query.debugDescription): range \(match.utf16Range) outside \(match.text.debugDescription)")
        }
    }

    /// Choseong and section assignment: the fast path agrees with the collator, a title resolves
    /// to one of the titles, and a choseong is a compatibility consonant.
    static let collatedIndexer = SectionIndexer(definition: catalogue.indexer)

    static func sections(_ data: UnsafeRawBufferPointer) {
        let name = String(decoding: data.prefix(256), as: UTF8.self)
        let indexer = collatedIndexer
        require(
            indexer.section(for: name) == indexer.collatedSection(for: name),
            "\(name.debugDescription): section \(indexer.section(for: name)) but collator says \(indexer.collatedSection(for: name))")
        if let resolved = try? catalogue.indexer.resolveTitle(name) {
            require(indexer.titles.contains(resolved.title), "\(name.debugDescription) resolved to \(resolved.title.text)")
        }
        if let initial = try? Choseong.of(name) {
            require((0x3131...0x314E).contains(initial.value), "\(name.debugDescription): choseong U+\(String(initial.value, radix: 16))")
        }
        _ = try? Choseong.string(of: name)
    }

    /// Loaded once, on the first input, with its search-only places read as a server reads them.
    static let catalogue: Catalogue = {
        let catalogue = try! Catalogue.load()
        try! catalogue.validateSearchTables()
        return catalogue
    }()
}
