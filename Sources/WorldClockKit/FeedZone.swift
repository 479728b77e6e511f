import WireCore

/// What a device that keeps time with a POSIX `TZ` string needs of one zone: the string, and the
/// instant from which it alone is exact. The feed's `zones` holds one per zone with rules; the same
/// two fields are in `/v1/zones/{zone}`.
public struct FeedZone: Codable, Equatable, Sendable {
    /// The zone's POSIX TZ string, the footer of its TZif rules ("EST5EDT,M3.2.0,M11.1.0"); nil
    /// only for rules without one.
    public let posixTZ: String?
    /// From this instant on (ISO 8601, UTC) `posixTZ` alone gives the rules' offset, abbreviation
    /// and DST; nil when it always has. Before it, a device uses the feed's transitions.
    public let posixTZExactFrom: String?

    /// Decoding is synthesized: a missing field reads as null, as `decodeIfPresent` reads an optional.
    enum CodingKeys: String, CodingKey {
        case posixTZ = "posix_tz", posixTZExactFrom = "posix_tz_exact_from"
    }

    /// The string and instant of `clock`'s rules.
    package init(_ clock: ZoneClock) {
        posixTZ = clock.posixTZ
        posixTZExactFrom = clock.posixTZExactFrom.map(ISO8601.utc)
    }

    /// Encodes both fields as the wire writes them, null as null: a device reads "exact from
    /// always", not "unknown".
    public func encode(to encoder: any Encoder) throws { try WireValue.encode(JSONWriter.bytes(of: self), to: encoder) }
}
