import Foundation
import Testing
import TimeZoneRules
@testable import WorldClock

/// The bundled catalogue, loaded once for the suite.
let bundled = try! Catalogue.load()

/// The repository root, for reading Data/ in tests.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// zone.tab's zone ids (tzdata 2025b: 418).
let zoneTabIDs: [String] = {
    let text = (try? String(contentsOfFile: "/usr/share/zoneinfo/zone.tab", encoding: .utf8)) ?? ""
    return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { String($0.split(separator: "\t")[2]) }
}()

@Suite("The bundled catalogue")
struct CatalogueTests {
    @Test("every zone.tab zone appears, plus UTC")
    func everyZoneTabZone() {
        #expect(zoneTabIDs.count >= 418)
        let zones = Set(bundled.places.map(\.zoneID))
        let missing = zoneTabIDs.filter { !zones.contains($0) }
        #expect(missing.isEmpty, "\(missing)")
        #expect(zones.contains("UTC"))
        #expect(zones.count == zoneTabIDs.count + 1)
    }

    /// zone.tab lists modern ids only (one per country and region), so a catalogue whose ids are
    /// all zone.tab ids never shows one place under an old and a new id.
    @Test("every zone is a zone.tab id or UTC, never an old id such as Asia/Calcutta")
    func noOldIDs() {
        let zones = Set(bundled.places.map(\.zoneID))
        #expect(zones.subtracting(zoneTabIDs + ["UTC"]).isEmpty)
        #expect(zones.isDisjoint(with: ["Asia/Calcutta", "Europe/Kiev", "America/Godthab", "Asia/Saigon", "Asia/Rangoon", "Pacific/Enderbury"]))
        // tzdata links Amsterdam and Oslo elsewhere, but zone.tab keeps them: people look for them.
        #expect(zones.isSuperset(of: ["Europe/Amsterdam", "Europe/Oslo", "Asia/Kolkata", "Europe/Kyiv", "America/Nuuk"]))
    }

    @Test("every zone is known to Foundation's TimeZone")
    func everyZoneKnown() {
        #expect(bundled.places.allSatisfy { TimeZone(identifier: $0.zoneID) != nil })
    }

    @Test("several names may share one zone; names are unique")
    func sharedZones() {
        #expect(Set(bundled.places(inZone: "Asia/Seoul").map(\.name)).isSuperset(of: ["부산", "서울"]))
        #expect(bundled.place(named: "인천")?.isListed == false)  // found by search, not in the list
        #expect(Set(bundled.places.map(\.name)).count == bundled.places.count)
        #expect(bundled.place(named: "뉴욕")?.zoneID == "America/New_York")
        #expect(bundled.place(named: "\u{1109}\u{1165}\u{110B}\u{116E}\u{11AF}")?.name == "서울")  // NFD
    }

    @Test("the current spellings win, and the old ones stay as aliases", arguments: [
        ("키이우", "Europe/Kyiv", "키예프"), ("누크", "America/Nuuk", "고드호프"), ("칸톤", "Pacific/Kanton", "엔더베리"),
    ])
    func overriddenSpellings(name: String, zone: String, old: String) throws {
        let place = try #require(bundled.place(named: name))
        #expect(place.zoneID == zone)
        #expect(place.aliases.contains(old))
    }

    @Test("튀르키예 is the country name; 터키 and the short forms people use are country terms")
    func countryRename() throws {
        let istanbul = try #require(bundled.places(inZone: "Europe/Istanbul").first)
        #expect(istanbul.country == "튀르키예")
        let countryTerms = Set(bundled.terms.filter { $0.kind == .country }.map { "\($0.term) \($0.target)" })
        for expected in ["터키 TR", "튀르키예 TR", "한국 KR", "대한민국 KR", "호주 AU", "남아공 ZA", "영국 GB", "미국 US", "UAE AE", "Japan JP"] {
            #expect(countryTerms.contains(expected), "\(expected)")
        }
    }

    @Test("the catalogue is grouped ㄱ…ㅎ, A–Z, # and looked up by the compatibility jamo")
    func sections() throws {
        let titles = bundled.sections.titles.map(\.text)
        #expect(titles.first == "ㄱ")
        #expect(titles.contains("ㅎ"))
        let giyeok = try #require(bundled.sections.section(titled: "ㄱ"))
        #expect(giyeok.rows.allSatisfy { bundled.indexer.title(for: $0.name).text == "ㄱ" })
        #expect(bundled.sections.section(titled: "\u{1100}") == nil)
        #expect(bundled.places.count == bundled.sections.sections.reduce(0) { $0 + $1.rows.count })
    }

    @Test("the compiled-in tables are byte for byte the Data/ files", arguments: [
        ("Data/zones.tsv", EmbeddedTable.contents), ("Data/search-only.tsv", EmbeddedTable.searchOnly), ("Data/terms.tsv", EmbeddedTable.terms),
    ])
    func embeddedMatchesData(path: String, embedded: String) throws {
        let data = try Data(contentsOf: repositoryRoot.appendingPathComponent(path))
        #expect(Array(embedded.utf8) == Array(data), "run Scripts/embed-table")
    }

    @Test("the search-only places and the terms load: known zones, no place twice, every term leads somewhere")
    func searchTables() throws {
        try bundled.validateSearchTables()
        #expect(bundled.searchOnlyPlaces.count > 3000)
        #expect(bundled.places.count > 450 && bundled.places.count < 600, "the list stays a list: \(bundled.places.count)")
        let all = bundled.places + bundled.searchOnlyPlaces
        #expect(Set(all.map(\.name)).count == all.count)
        #expect(all.allSatisfy { bundled.zoneID(for: $0.zoneID) == $0.zoneID })
        #expect(bundled.searchOnlyPlaces.allSatisfy { !$0.isListed } && bundled.places.allSatisfy(\.isListed))
        for kind in Term.Kind.allCases { #expect(bundled.terms.contains { $0.kind == kind }, "\(kind)") }
        // No GeoNames place repeats a listed one under another name: one place per (English name, zone).
        let keys = all.filter { $0.population > 0 }.map { "\($0.englishName)|\($0.zoneID)" }
        #expect(Set(keys).count == keys.count, "\(Dictionary(grouping: keys) { $0 }.filter { $0.value.count > 1 }.keys.sorted().prefix(5))")
    }

    @Test("a GeoNames city found in the listed table is that place, with its population and other spellings")
    func geonamesMerged() throws {
        let seoul = try #require(bundled.place(named: "서울"))
        #expect(seoul.population > 9_000_000)
        #expect(seoul.aliases.contains("서울특별시"))
        let munich = try #require(bundled.place(named: "뮌헨"))
        #expect(munich.zoneID == "Europe/Berlin" && munich.population > 1_000_000)
        #expect(bundled.place(named: "아바나")?.aliases.contains("하바나") == true)
        #expect(bundled.place(named: "후쿠오카")?.zoneID == "Asia/Tokyo")  // GeoNames' "후쿠오카 시", suffix stripped
        #expect(bundled.place(named: "후쿠오카 시") == nil)
    }

    /// Each override row must show in the committed table, so editing overrides.tsv without
    /// regenerating fails here.
    @Test("the committed table carries every override of Data/overrides.tsv")
    func overridesApplied() throws {
        let text = try String(contentsOf: repositoryRoot.appendingPathComponent("Data/overrides.tsv"), encoding: .utf8)
        let rows = text.split(separator: "\n").filter { !$0.hasPrefix("#") }.dropFirst().map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        #expect(rows.count > 10)
        let table = try ZoneTable(bytes: Array(EmbeddedTable.contents.utf8), path: EmbeddedTable.path)
        let places = bundled.places + bundled.searchOnlyPlaces
        for fields in rows {
            try #require(fields.count == 5, "malformed overrides row \(fields)")
            let (kind, key, korean) = (fields[0], fields[1], fields[2])
            switch kind {
            case "city": #expect(table.rows.contains { $0.zone == key && $0.name == korean }, "city \(key) → \(korean)")
            case "country":
                let rows = table.rows.filter { $0.countryCode == key }
                #expect(!rows.isEmpty && rows.allSatisfy { $0.country == korean }, "country \(key) → \(korean)")
            case "alias" where key.count == 2:
                #expect(bundled.terms.contains { $0.kind == .country && $0.target == key && $0.term == korean }, "country term \(key) → \(korean)")
            case "alias":
                #expect(places.contains { $0.zoneID == key && $0.aliases.contains(korean) }, "alias \(key) → \(korean)")
            case "add": #expect(table.rows.contains { $0.zone == key && $0.name == korean }, "add \(key) → \(korean)")
            case "spelling": #expect(places.contains { $0.zoneID == key && $0.name == korean }, "spelling \(key) → \(korean)")
            case "drop": #expect(!places.contains { $0.zoneID == key && ($0.name == korean || $0.aliases.contains(korean)) }, "drop \(key) → \(korean)")
            case "zone_name":
                #expect(bundled.terms.contains { $0.kind == .zoneName && $0.term == korean && bundled.place(named: $0.target)?.zoneID == key }, "zone name \(key) → \(korean)")
            default: Issue.record("unknown override kind \(kind)")
            }
        }
    }
}

@Suite("Zone aliases")
struct ZoneAliasTests {
    @Test("old ids collapse to the canonical zone", arguments: [
        ("Asia/Calcutta", "Asia/Kolkata"), ("Europe/Kiev", "Europe/Kyiv"), ("America/Godthab", "America/Nuuk"),
        ("US/Eastern", "America/New_York"), ("Europe/Amsterdam", "Europe/Amsterdam"), ("Asia/Seoul", "Asia/Seoul"),
    ])
    func canonical(written: String, canonical: String) {
        #expect(ZoneAliases(canonical: Catalogue.bundledZoneIDs, links: TZDatabase.bundled.links).canonicalID(for: written) == canonical)
    }

    @Test("a table that names a place by an old id lists it under the new one, once")
    func tableWithOldIDs() throws {
        let text = MalformedTableTests.header + "콜카타\t인도\tIN\tAsia/Calcutta\tKolkata\t\n고드호프\t그린란드\tGL\tAmerica/Godthab\tNuuk\t\n키예프\t우크라이나\tUA\tEurope/Kiev\tKyiv\t\n"
        let table = try ZoneTable(bytes: Array(text.utf8), path: "mine.tsv")
        let catalogue = try Catalogue(table: table, digest: "")
        #expect(Set(catalogue.places.map(\.zoneID)) == ["Asia/Kolkata", "America/Nuuk", "Europe/Kyiv"])
        #expect(catalogue.rewrittenZones.map(\.line) == [2, 3, 4])
    }
}

@Suite("Malformed tables")
struct MalformedTableTests {
    /// Tables written before the population column existed still load; most cases use that header.
    static let legacyColumns = Array(ZoneTable.columns.dropLast())
    static let header = legacyColumns.joined(separator: "\t") + "\n"
    static let good = "서울\t대한민국\tKR\tAsia/Seoul\tSeoul\t\n"

    /// (what, bytes, line, problem)
    static let cases: [(String, [UInt8], Int?, TableError.Problem)] = [
        ("BOM", [0xEF, 0xBB, 0xBF] + Array((header + good).utf8), 1, .byteOrderMark),
        ("CRLF", Array((header + good).replacingOccurrences(of: "\n", with: "\r\n").utf8), 1, .carriageReturn),
        ("bad UTF-8", Array(header.utf8) + Array("서울\t".utf8) + [0xFF, 0xFE] + Array("\tKR\tAsia/Seoul\tSeoul\t\n".utf8), 2, .invalidUTF8(byteOffset: 7)),
        // Was "CRLF line end" (issue 13): /bin/ls has a CR before its first byte that is not UTF-8.
        ("a binary file", [0x7F, 0x45, 0x4C, 0x46, 0x0D, 0x0A, 0x00, 0xFF, 0x0D, 0x0A], 2, .invalidUTF8(byteOffset: 1)),
        ("too few columns", Array((header + "서울\t대한민국\tKR\tAsia/Seoul\n").utf8), 2, .wrongColumnCount(found: 4, expected: legacyColumns)),
        ("too many columns", Array((header + "서울\t대한민국\tKR\tAsia/Seoul\tSeoul\t\t\n").utf8), 2, .wrongColumnCount(found: 7, expected: legacyColumns)),
        ("population missing", Array((ZoneTable.header + "\n" + good).utf8), 2, .wrongColumnCount(found: 6, expected: ZoneTable.columns)),
        ("population not a number", Array((ZoneTable.header + "\n서울\t대한민국\tKR\tAsia/Seoul\tSeoul\t\t1만\n").utf8), 2, .badPopulation("1만")),
        ("negative population", Array((ZoneTable.header + "\n서울\t대한민국\tKR\tAsia/Seoul\tSeoul\t\t-5\n").utf8), 2, .badPopulation("-5")),
        ("empty name", Array((header + "\t대한민국\tKR\tAsia/Seoul\tSeoul\t\n").utf8), 2, .emptyField(column: "name")),
        ("empty zone", Array((header + good + "부산\t대한민국\tKR\t\tBusan\t\n").utf8), 3, .emptyField(column: "zone")),
        ("spaces", Array((header + "서울 \t대한민국\tKR\tAsia/Seoul\tSeoul\t\n").utf8), 2, .surroundingWhitespace(column: "name")),
        ("empty alias", Array((header + "서울\t대한민국\tKR\tAsia/Seoul\tSeoul\t한성;;\n").utf8), 2, .emptyAlias),
        ("bad country code", Array((header + "서울\t대한민국\tkor\tAsia/Seoul\tSeoul\t\n").utf8), 2, .badCountryCode("kor")),
        ("duplicate name", Array((header + good + "# not a comment after the header\n").utf8), 3, .wrongColumnCount(found: 1, expected: legacyColumns)),
        ("duplicate name in NFD", Array((header + good + "\u{1109}\u{1165}\u{110B}\u{116E}\u{11AF}\t대한민국\tKR\tAsia/Seoul\tSeoul\t\n").utf8), 3, .duplicateName("\u{1109}\u{1165}\u{110B}\u{116E}\u{11AF}", firstLine: 2)),
        ("wrong header", Array(("name\tzone\n" + good).utf8), 1, .wrongHeader(found: "name\tzone", expected: ZoneTable.header)),
        ("no header", Array(good.utf8), 1, .wrongHeader(found: good.dropLast().description, expected: ZoneTable.header)),
        ("no rows", Array(header.utf8), nil, .noRows),
        ("empty file", [], nil, .missingHeader(expected: ZoneTable.header)),
    ]

    @Test("each malformed table fails with its file, line and problem", arguments: cases)
    func malformed(what: String, bytes: [UInt8], line: Int?, problem: TableError.Problem) {
        #expect(throws: TableError(path: "t.tsv", line: line, problem: problem), "\(what)") {
            try ZoneTable(bytes: bytes, path: "t.tsv")
        }
    }

    @Test("ideographic space and NBSP around an alias are refused like ASCII spaces")
    func unicodeSpaces() {
        #expect(throws: TableError(path: "t.tsv", line: 2, problem: .surroundingWhitespace(column: "aliases"))) {
            try ZoneTable(bytes: Array((Self.header + "서울\t대한민국\tKR\tAsia/Seoul\tSeoul\t한성\u{3000}\n").utf8), path: "t.tsv")
        }
        #expect(throws: TableError(path: "t.tsv", line: 2, problem: .surroundingWhitespace(column: "english"))) {
            try ZoneTable(bytes: Array((Self.header + "서울\t대한민국\tKR\tAsia/Seoul\t\u{A0}Seoul\t\n").utf8), path: "t.tsv")
        }
    }

    @Test("the parser's spelled-out White_Space set is Unicode's, scalar for scalar")
    func whitespaceSet() {
        let differing = (0...0x10FFFF).compactMap(Unicode.Scalar.init).filter {
            ZoneTable.isWhitespace($0) != $0.properties.isWhitespace
        }
        #expect(differing.isEmpty, "\(differing.map { String($0.value, radix: 16) })")
    }

    @Test("an unknown zone fails with its line")
    func unknownZone() throws {
        let table = try ZoneTable(bytes: Array((Self.header + Self.good + "아무데\t없음\tZZ\tMars/Olympus\tNowhere\t\n").utf8), path: "t.tsv")
        #expect(throws: CatalogueError.table(TableError(path: "t.tsv", line: 3, problem: .unknownZone("Mars/Olympus")))) {
            try Catalogue(table: table, digest: "")
        }
    }

    @Test("messages name the file and line")
    func messages() {
        let error = TableError(path: "Data/zones.tsv", line: 12, problem: .unknownZone("Asia/Nowhere"))
        #expect(error.description == "Data/zones.tsv:12: unknown zone \"Asia/Nowhere\": Foundation's TimeZone does not know it")
    }

    @Test("a missing file is an error naming it")
    func missingFile() {
        #expect(throws: CatalogueError.table(TableError(path: "/nonexistent/zones.tsv", line: nil, problem: .unreadable(reason: "no such file")))) {
            try Catalogue.load(.file(path: "/nonexistent/zones.tsv"))
        }
    }
}
