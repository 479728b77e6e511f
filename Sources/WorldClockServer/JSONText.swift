import MeetingPlanning
import NIOCore
import WireCore
import WorldClockKit

/// The few pieces of JSON the server writes without `JSONEncoder`, in the encoder's own form
/// (what `FeedJSON.encode` writes: slashes unescaped, non-ASCII as it is).
enum JSONText {
    /// `text` as a JSON string with its quotes.
    static func string(_ text: String) -> String {
        // The encoder's own escaping, so that every character comes out as it would: the
        // strings here (abbreviations, zone ids) are made once, not per request.
        let encoded = FeedJSON.encode([text])
        return String(decoding: encoded.dropFirst().dropLast(), as: UTF8.self)
    }

    /// Writes `2026-11-23T19:00:00`, the local date and time `seconds` after 1970-01-01 00:00
    /// local, as `ISO8601.local` does for years 1000–9999.
    static func writeDateTime(_ seconds: Int64, into buffer: inout ByteBuffer) {
        let t = LocalDateTime(secondsSinceEpoch: seconds)
        var digits:
            (
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
            ) =
                (
                    0, 0, 0, 0, UInt8(ascii: "-"), 0, 0, UInt8(ascii: "-"), 0, 0, UInt8(ascii: "T"), 0, 0, UInt8(ascii: ":"), 0, 0, UInt8(ascii: ":"),
                    0, 0
                )
        let zero = UInt8(ascii: "0")
        digits.0 = zero + UInt8(t.year / 1000 % 10)
        digits.1 = zero + UInt8(t.year / 100 % 10)
        digits.2 = zero + UInt8(t.year / 10 % 10)
        digits.3 = zero + UInt8(t.year % 10)
        digits.5 = zero + UInt8(t.month / 10)
        digits.6 = zero + UInt8(t.month % 10)
        digits.8 = zero + UInt8(t.day / 10)
        digits.9 = zero + UInt8(t.day % 10)
        digits.11 = zero + UInt8(t.hour / 10)
        digits.12 = zero + UInt8(t.hour % 10)
        digits.14 = zero + UInt8(t.minute / 10)
        digits.15 = zero + UInt8(t.minute % 10)
        digits.17 = zero + UInt8(t.second / 10)
        digits.18 = zero + UInt8(t.second % 10)
        withUnsafeBytes(of: &digits) { _ = buffer.writeBytes($0) }
    }
}
