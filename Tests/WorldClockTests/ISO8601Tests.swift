import CatalogueBuilder
import Foundation
import MeetingPlanning
import Testing

import WireCore
@testable import WorldClockKit

@Suite("RFC 3339 instants: one strict parser, proleptic Gregorian both ways")
struct ISO8601Tests {
    @Test(
        "accepted forms give the instant they name",
        arguments: [
            ("2026-07-15T12:00:00Z", "2026-07-15T12:00:00Z"),
            ("2026-07-15T21:00:00+09:00", "2026-07-15T12:00:00Z"),
            ("2026-07-15T08:00:00-04:00", "2026-07-15T12:00:00Z"),
            ("2026-07-15t12:00:00z", "2026-07-15T12:00:00Z"),  // RFC 3339 allows lower case
            ("2026-07-15T12:00:00.999Z", "2026-07-15T12:00:00Z"),  // a fraction is dropped
            ("2026-07-15T12:00:00-00:00", "2026-07-15T12:00:00Z"),
            ("2024-02-29T00:00:00Z", "2024-02-29T00:00:00Z"),
            ("2000-02-29T00:00:00Z", "2000-02-29T00:00:00Z"),
            ("2016-12-31T23:59:60Z", "2017-01-01T00:00:00Z"),  // a leap second: the next second
            ("2017-01-01T08:59:60+09:00", "2017-01-01T00:00:00Z"),  // the same leap second in Seoul
            ("1582-10-04T12:00:00Z", "1582-10-04T12:00:00Z"),  // Gregorian before 1582 too
            ("0001-01-01T00:00:00Z", "0001-01-01T00:00:00Z"),
            ("9999-12-31T23:59:59Z", "9999-12-31T23:59:59Z"),
        ])
    func accepted(text: String, utc: String) throws {
        #expect(ISO8601.utc(try ISO8601.parseInstant(text)) == utc)
    }

    @Test(
        "rejected forms name what is wrong",
        arguments: [
            ("2026-07-15T12:00:00Zjunk", "unexpected \"junk\" after the UTC offset"),
            ("2026-02-30T12:00:00Z", "February 2026 has 28 days, not 30"),
            ("2100-02-29T12:00:00Z", "February 2100 has 28 days, not 29"),
            ("2026-13-01T12:00:00Z", "month 13 is not 01–12"),
            ("2026-07-15T12:00:00+0900", "the UTC offset must be ±HH:MM with a colon"),
            ("2026-07-15T12:00:00+09:00:00", "unexpected \":00\" after the UTC offset"),
            ("2026-07-15T12:00:00GMT", "expected Z or ±HH:MM at byte 20, found \"G\""),
            ("2026-07-15T12:00:00", "the UTC offset is missing"),
            ("2026-07-15T12:00:00 09:00", "send '+' as %2B"),
            ("2026-07-15", "a date without a time"),
            ("2026-07-15 12:00:00Z", "RFC 3339's T, not a space"),
            ("2026-07-15T12:00Z", "the seconds are missing"),
            ("2026-07-15T24:00:00Z", "hour 24 is not 00–23"),
            ("2026-07-15T12:60:00Z", "minute 60 is not 00–59"),
            ("2026-07-15T12:00:61Z", "second 61 is not 00–59"),
            ("2026-07-15T12:00:60Z", "only accepted at 23:59:60 UTC on the last day of a month"),
            ("2026-07-15T23:59:60Z", "only accepted at 23:59:60 UTC on the last day of a month"),
            ("2026-07-15T12:00:00+24:00", "is not a valid ±HH:MM"),
            ("0000-01-01T00:00:00Z", "year 0000 is out of range"),
            ("0001-01-01T00:00:00+01:00", "outside 0001-01-01T00:00:00Z…9999-12-31T23:59:59Z"),
            ("9999-12-31T23:59:59-01:00", "outside 0001-01-01T00:00:00Z…9999-12-31T23:59:59Z"),
            ("20260-07-15T12:00:00Z", "the year (4 digits, 0001–9999) has more than 4 digits"),
            ("26-07-15T12:00:00Z", "expected the year (4 digits, 0001–9999) at byte 3, found \"-\" after 2 digits"),
            ("2026-07-15T12:00:00.Z", "a '.' after the seconds must be followed by digits"),
            ("2026-07-15T12:00:00,5Z", "must follow a '.'"),
            (" 2026-07-15T12:00:00Z", "expected the year"),
            ("", "it is empty"),
            ("yesterday", "expected the year"),
            ("２０２６-07-15T12:00:00Z", "expected the year"),
        ])
    func rejected(text: String, reason: String) {
        #expect {
            _ = try ISO8601.parseInstant(text)
        } throws: { error in
            (error as? InstantError)?.reason.contains(reason) == true
        }
    }

    @Test("an enormous or control-laden at is refused unread and shown escaped")
    func hostile() throws {
        let long = String(repeating: "9", count: 100_000)
        let error = try #require(throws: InstantError.self) { try ISO8601.parseInstant(long) }
        #expect(error.reason == "it is 100000 bytes long; an instant is at most 64")
        #expect(error.description.count < 300)
        let escape = try #require(throws: InstantError.self) { try ISO8601.parseInstant("\u{1B}[31m") }
        #expect(!escape.description.contains("\u{1B}"))
    }

    @Test("parsing and formatting are inverse for every day of years 1, 1582, 2000 and 9999")
    func roundTrip() throws {
        for year in [1, 1582, 1900, 2000, 9999] {
            for month in 1...12 {
                for day in 1...ISO8601.daysIn(month: month, year: year) {
                    func pad(_ n: Int, _ width: Int) -> String { String(repeating: "0", count: width - String(n).count) + String(n) }
                    let text = "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T13:14:15Z"
                    #expect(ISO8601.utc(try ISO8601.parseInstant(text)) == text)
                }
            }
        }
    }

    @Test(
        "days since 1970 agree with known dates (proleptic Gregorian)",
        arguments: [
            (1970, 1, 1, 0), (2000, 3, 1, 11_017), (1582, 10, 15, -141_427), (1582, 10, 4, -141_438), (1, 1, 1, -719_162),
        ])
    func days(year: Int, month: Int, day: Int, expected: Int) {
        #expect(ISO8601.daysFromCivil(year: year, month: month, day: day) == expected)
    }

    @Test(
        "zeroPadded pads to the width, keeps longer numbers whole and puts the sign first",
        arguments: [
            (7, 2, "07"), (0, 2, "00"), (59, 2, "59"), (123, 2, "123"), (5, 3, "005"), (999, 3, "999"),
            (1, 4, "0001"), (2026, 4, "2026"), (-5, 4, "-0005"), (-12345, 4, "-12345"), (Int.min, 1, "-9223372036854775808"),
        ])
    func zeroPadding(value: Int, width: Int, expected: String) {
        #expect(zeroPadded(value, width: width) == expected)
    }
}
