/// RFC 3339 text of instants, local times and offsets, with integer arithmetic only: the one
/// definition the plan's wire shape (written by the web module too) and the kit's `ISO8601` both
/// write. The digits go straight into bytes, which is also what keeps the module small.
package enum ISOText {
    /// "2026-11-23T10:00:00Z": an instant in seconds since 1970, in UTC.
    public static func utc(_ instant: Int64) -> String { text { appendUTC(instant, to: &$0) } }

    /// "2026-11-23T19:00:00+09:00": a local time with the offset it was read at.
    public static func local(_ local: LocalDateTime, offset: Int) -> String { text { appendLocal(local, offset: offset, to: &$0) } }

    /// "+09:00", "-03:30", "+00:00": an offset east of UTC in seconds, whole minutes shown.
    public static func offset(_ seconds: Int) -> String { text { appendOffset(seconds, to: &$0) } }

    /// `utc(_:)`'s text, appended to UTF-8 bytes.
    public static func appendUTC(_ instant: Int64, to out: inout [UInt8]) {
        appendDateTime(LocalDateTime(secondsSinceEpoch: instant), to: &out)
        out.append(UInt8(ascii: "Z"))
    }

    /// `local(_:offset:)`'s text, appended to UTF-8 bytes.
    public static func appendLocal(_ local: LocalDateTime, offset: Int, to out: inout [UInt8]) {
        appendDateTime(local, to: &out)
        appendOffset(offset, to: &out)
    }

    /// "20261202T200000": the date and time in ISO 8601's basic form (iCalendar's DATE-TIME).
    public static func basic(_ local: LocalDateTime) -> String { text { appendDateTime(local, basic: true, to: &$0) } }

    /// "2026-11-23T19:00:00" (or, `basic`, "20261123T190000"): the date and time, the year in four digits.
    public static func appendDateTime(_ local: LocalDateTime, basic: Bool = false, to out: inout [UInt8]) {
        let (dash, colon) = basic ? (nil, nil) : (UInt8(ascii: "-"), UInt8(ascii: ":"))
        appendDigits(local.year, 4, to: &out)
        if let dash { out.append(dash) }
        appendDigits(local.month, 2, to: &out)
        if let dash { out.append(dash) }
        appendDigits(local.day, 2, to: &out)
        out.append(UInt8(ascii: "T"))
        appendDigits(local.hour, 2, to: &out)
        if let colon { out.append(colon) }
        appendDigits(local.minute, 2, to: &out)
        if let colon { out.append(colon) }
        appendDigits(local.second, 2, to: &out)
    }

    /// `offset(_:)`'s text, appended to UTF-8 bytes.
    public static func appendOffset(_ seconds: Int, to out: inout [UInt8]) {
        let minutes = (seconds < 0 ? -seconds : seconds) / 60
        out.append(UInt8(ascii: seconds < 0 ? "-" : "+"))
        appendDigits(minutes / 60, 2, to: &out)
        out.append(UInt8(ascii: ":"))
        appendDigits(minutes % 60, 2, to: &out)
    }

    private static func appendDigits(_ value: Int, _ width: Int, to out: inout [UInt8]) {
        JSONWriter.appendDigits(Int64(value), width: width, to: &out)
    }

    private static func text(_ write: (inout [UInt8]) -> Void) -> String {
        var bytes: [UInt8] = []
        write(&bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}
