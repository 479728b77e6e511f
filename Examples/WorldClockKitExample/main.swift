// Drives WorldClockKit the way a UITableViewDataSource does, and prints what the list would show.
// UIKit does not exist on Linux, so the data source below is a plain class with the same methods;
// on iOS it would conform to UITableViewDataSource and return cells instead of strings.
//
//   swift run worldclock-kit-example [--at 2026-07-15T12:00:00Z] [--tzdata bundled]

import TimeZoneRules
import WorldClockKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A world-clock list: one section per initial consonant, a ㄱ–ㅎ index on the right edge.
final class ClockListDataSource {
    let list: ClockList
    let clocks: ZoneClocks
    let reference: ZoneTime
    let now: () -> Date

    init(catalogue: Catalogue, tzdata: TZDatabase, referenceZone: String, now: @escaping () -> Date) {
        list = catalogue.list
        clocks = ZoneClocks(zoneIDs: catalogue.zoneIDs, tzdata: tzdata)
        self.now = now
        reference = clocks[referenceZone]!.time(at: now())
    }

    // numberOfSections(in:)
    func numberOfSections() -> Int { list.sections.count }

    // tableView(_:numberOfRowsInSection:)
    func numberOfRows(inSection section: Int) -> Int { list.sections[section].places.count }

    // tableView(_:titleForHeaderInSection:)
    func titleForHeader(inSection section: Int) -> String { list.sections[section].title }

    // sectionIndexTitles(for:)
    func sectionIndexTitles() -> [String] { list.sectionIndexTitles }

    // tableView(_:sectionForSectionIndexTitle:at:): a title with no rows scrolls to the nearest section with rows.
    func section(forSectionIndexTitle title: String, at index: Int) -> Int { list.section(forSectionIndexTitleAt: index) ?? 0 }

    // tableView(_:cellForRowAt:): the place, its local time now, and how it differs from the reference.
    func cell(section: Int, row: Int) -> String {
        let place = list.sections[section].places[row]
        guard let time = clocks.time(of: place, at: now()) else { return "\(place.name)  (no rules for \(place.zoneID))" }
        let relative = RelativeTime(time, from: reference)
        let dst = time.isDaylightSavingTime ? " 서머타임" : ""
        return
            """
            \(place.name)  \(place.country)  \(KoreanTimeFormat.time(time.local, style: .twelveHour))  \(relative.koreanDay) \
            \(relative.koreanHours)  \(KoreanTimeFormat.utcOffset(time.utcOffset))\(dst)
            """
    }
}

var at: Date?
var tzdata = TZDatabase.automatic
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--at":
        guard let text = arguments.popFirst(), let instant = try? ISO8601.parseInstant(text) else {
            print("--at needs an ISO 8601 instant such as 2026-07-15T12:00:00Z")
            exit(2)
        }
        at = instant
    case "--tzdata":
        guard arguments.popFirst() == "bundled" else {
            print("--tzdata takes \"bundled\"")
            exit(2)
        }
        tzdata = .bundled
    default:
        print("unknown argument \(argument); usage: worldclock-kit-example [--at INSTANT] [--tzdata bundled]")
        exit(2)
    }
}

let catalogue = try Catalogue.load()
let dataSource = ClockListDataSource(catalogue: catalogue, tzdata: tzdata, referenceZone: "Asia/Seoul", now: { at ?? Date() })

print("numberOfSections: \(dataSource.numberOfSections())")
print("sectionIndexTitles: \(dataSource.sectionIndexTitles().joined(separator: " "))")
for (index, title) in dataSource.sectionIndexTitles().enumerated() {
    let section = dataSource.section(forSectionIndexTitle: title, at: index)
    let note = dataSource.titleForHeader(inSection: section) == title ? "" : " (no rows: nearest section)"
    print("sectionForSectionIndexTitle \(title) → \(section) \(dataSource.titleForHeader(inSection: section))\(note)")
}
for section in 0..<min(dataSource.numberOfSections(), 3) {
    print("")
    print("[\(dataSource.titleForHeader(inSection: section))] \(dataSource.numberOfRows(inSection: section))곳")
    for row in 0..<min(dataSource.numberOfRows(inSection: section), 3) {
        print("  " + dataSource.cell(section: section, row: row))
    }
}
