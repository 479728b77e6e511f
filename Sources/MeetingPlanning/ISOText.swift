/// RFC 3339 text of local times and offsets, with integer arithmetic only: the one definition the
/// plan's wire shape (here, for the web module too) and the kit's `ISO8601` both write.
public enum ISOText {
    /// "2026-11-23T19:00:00" (no offset): `local`'s date and time, the year in four digits.
    public static func dateTime(_ local: LocalDateTime) -> String {
        padded(local.year, 4) + "-" + padded(local.month, 2) + "-" + padded(local.day, 2) + "T" + padded(local.hour, 2) + ":"
            + padded(local.minute, 2) + ":" + padded(local.second, 2)
    }

    /// "+09:00", "-03:30", "+00:00": an offset east of UTC in seconds, whole minutes shown.
    public static func offset(_ seconds: Int) -> String {
        let minutes = (seconds < 0 ? -seconds : seconds) / 60
        return (seconds < 0 ? "-" : "+") + padded(minutes / 60, 2) + ":" + padded(minutes % 60, 2)
    }

    /// "2026-11-23T10:00:00Z": an instant in seconds since 1970, in UTC.
    public static func utc(_ instant: Int64) -> String { dateTime(LocalDateTime(secondsSinceEpoch: instant)) + "Z" }

    /// "2026-11-23T19:00:00+09:00": a local time with the offset it was read at.
    public static func local(_ local: LocalDateTime, offset: Int) -> String { dateTime(local) + Self.offset(offset) }

    private static func padded(_ value: Int, _ width: Int) -> String { zeroPadded(value, width: width) }
}
