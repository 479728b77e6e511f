import Foundation
import MeetingPlanning
import Testing

import WireCore
@testable import WorldClockKit

/// The Korean wording table (Tests/Fixtures/korean-wording.json) against `KoreanTimeFormat` and
/// `RelativeTime`. The web app's browser tests run the same file against clock.js, so the CLI and
/// the page cannot drift apart again (they once said `같은 시각` and `+0시간`).
@Suite("Korean wording, from the shared table of cases")
struct KoreanWordingTests {
    struct Table: Decodable {
        struct Seconds: Decodable, CustomTestStringConvertible {
            let seconds: Int
            let text: String
            var testDescription: String { "\(seconds) s → \(text)" }
        }
        struct Day: Decodable, CustomTestStringConvertible {
            let days: Int
            let text: String
            var testDescription: String { "\(days) days → \(text)" }
        }
        struct Clock: Decodable, CustomTestStringConvertible {
            let hour: Int
            let minute: Int
            let twelveHour: String
            let twentyFourHour: String
            var testDescription: String { "\(hour):\(minute) → \(twelveHour) / \(twentyFourHour)" }
            enum CodingKeys: String, CodingKey { case hour, minute, twelveHour = "twelve_hour", twentyFourHour = "twenty_four_hour" }
        }
        struct Relative: Decodable, CustomTestStringConvertible {
            let about: String
            let utc: String
            let offset: Int
            let referenceOffset: Int
            let day: String
            let hours: String
            var testDescription: String { about }
            enum CodingKeys: String, CodingKey { case about, utc, offset, referenceOffset = "reference_offset", day, hours }
        }
        let hourDifference: [Seconds]
        let relativeDay: [Day]
        let utcOffset: [Seconds]
        let time: [Clock]
        let relative: [Relative]
        enum CodingKeys: String, CodingKey {
            case hourDifference = "hour_difference", relativeDay = "relative_day", utcOffset = "utc_offset", time, relative
        }
    }

    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/korean-wording.json")
    // A missing or malformed table fails every test below, naming the file.
    static let table: Table = {
        do { return try JSONDecoder().decode(Table.self, from: Data(contentsOf: file)) } catch { fatalError("\(file.path): \(error)") }
    }()

    @Test("an offset difference reads as the table says: 같은 시각, +30분, −13시간, +5시간 45분", arguments: table.hourDifference)
    func hourDifference(_ item: Table.Seconds) {
        #expect(KoreanTimeFormat.hourDifference(item.seconds) == item.text)
    }

    @Test("a day difference reads as the table says: 그저께, 어제, 오늘, 내일, 모레", arguments: table.relativeDay)
    func relativeDay(_ item: Table.Day) {
        #expect(KoreanTimeFormat.relativeDay(item.days) == item.text)
    }

    @Test("a UTC offset reads as the table says: UTC+9, UTC−3:30", arguments: table.utcOffset)
    func utcOffset(_ item: Table.Seconds) {
        #expect(KoreanTimeFormat.utcOffset(item.seconds) == item.text)
    }

    @Test("a wall-clock time reads as the table says, in 12- and 24-hour style", arguments: table.time)
    func time(_ item: Table.Clock) {
        let local = LocalDateTime(secondsSinceEpoch: Int64(item.hour * 3600 + item.minute * 60))
        #expect(KoreanTimeFormat.time(local, style: .twelveHour) == item.twelveHour)
        #expect(KoreanTimeFormat.time(local, style: .twentyFourHour) == item.twentyFourHour)
    }

    @Test("a zone against a reference zone at one instant gets the table's day and hours", arguments: table.relative)
    func relative(_ item: Table.Relative) throws {
        let instant = try ISO8601.parseInstant(item.utc)
        func zoneTime(_ offset: Int) -> ZoneTime {
            ZoneTime(
                zoneID: "Test/\(offset)", instant: instant, utcOffset: offset, daylightSavingOffset: 0, isDaylightSavingTime: false,
                abbreviation: "", previousTransition: nil, nextTransition: nil,
                local: LocalDateTime(secondsSinceEpoch: Int64(instant.timeIntervalSince1970) + Int64(offset)))
        }
        let relative = RelativeTime(zoneTime(item.offset), from: zoneTime(item.referenceOffset))
        #expect(relative.koreanDay == item.day)
        #expect(relative.koreanHours == item.hours)
    }

    @Test("the table covers every wording the web app and the CLI share, each at least once")
    func coverage() {
        #expect(Set(Self.table.relativeDay.map(\.text)) == ["그저께", "어제", "오늘", "내일", "모레"])
        #expect(Self.table.hourDifference.contains { $0.text == "같은 시각" })
        #expect(Self.table.hourDifference.contains { $0.text.hasSuffix("분") && !$0.text.contains("시간") })
    }
}
