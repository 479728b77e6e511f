import WorldClockKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The bodies for devices that keep time with a POSIX `TZ` string, made from the rules in force:
/// `/v1/posix.json` in posix_tz_db's `zones.json` shape (zone id → string), for the tools that
/// already read it, and `/v1/posix.h`, a C99 header of every listed place for firmware
/// (`Examples/firmware`, docs/firmware.md). Both change with the rules: the header names the
/// tzdata release and the rules digest it was made from.
enum POSIXTZBodies {
    /// Every zone of the catalogue and every tz alias the catalogue answers for (US/Eastern,
    /// Asia/Calcutta), each with its zone's string, keys sorted.
    static func json(catalogue: Catalogue, clocks: ZoneClocks) -> Data {
        var strings: [String: String] = [:]
        for zone in catalogue.zoneIDs {
            if let string = clocks[zone]?.posixTZ { strings[zone] = string }
        }
        for alias in clocks.tzdata.links.keys where strings[alias] == nil {
            guard let zone = catalogue.zoneID(for: alias), let string = strings[zone] else { continue }
            strings[alias] = string
        }
        return FeedJSON.encode(strings)
    }

    /// The C99 header: each listed place in the index's order with its Korean name (UTF-8), its
    /// English name, zone id, string, and the instant (Unix seconds) from which the string alone
    /// is exact. It defines the table in the one file that defines
    /// `WORLDCLOCK_POSIX_IMPLEMENTATION` before including it (as single-file C libraries do), so
    /// that any number of files may include it without a warning about an unused table.
    static func header(catalogue: Catalogue, clocks: ZoneClocks, rulesDigest: String) -> Data {
        let version = clocks.tzdata.version?.description ?? "unknown"
        let places = catalogue.sections.sections.flatMap(\.rows)
        var text = """
            /* worldclock_posix.h: the POSIX TZ string of every place worldclock lists, for devices
             * that keep time with TZ (newlib, musl, ESP-IDF's configTzTime). Made by worldclock from
             * tzdata \(version), rules digest \(rulesDigest). Places in the Korean index's order.
             *
             * posix_tz alone gives the zone's offsets, abbreviations and DST from posix_tz_exact_from
             * on (Unix seconds; WORLDCLOCK_EXACT_ALWAYS when it always has), for as long as tz's rules
             * stand. Refresh this file when WORLDCLOCK_RULES_DIGEST differs from the rules_digest of
             * /v1/meta, and before posix_tz_exact_from use the zone's transitions (/v1/zones/{zone}).
             *
             * In exactly one C file: #define WORLDCLOCK_POSIX_IMPLEMENTATION before the #include.
             */
            #ifndef WORLDCLOCK_POSIX_H
            #define WORLDCLOCK_POSIX_H

            #define WORLDCLOCK_TZDATA_VERSION "\(version)"
            #define WORLDCLOCK_RULES_DIGEST "\(rulesDigest)"
            #define WORLDCLOCK_PLACE_COUNT \(places.count)
            #define WORLDCLOCK_EXACT_ALWAYS (-9223372036854775807LL - 1)

            struct worldclock_place {
                const char *name;         /* Korean, UTF-8 */
                const char *english_name;
                const char *zone;         /* tz zone id */
                const char *posix_tz;     /* the TZ string */
                long long posix_tz_exact_from;
            };

            extern const struct worldclock_place worldclock_places[WORLDCLOCK_PLACE_COUNT];

            #ifdef WORLDCLOCK_POSIX_IMPLEMENTATION
            const struct worldclock_place worldclock_places[WORLDCLOCK_PLACE_COUNT] = {

            """
        for place in places {
            let clock = clocks[place.zoneID]
            let exact = clock?.posixTZExactFrom.map { Int64($0.timeIntervalSince1970) }.map { $0 < 0 ? "(\($0)LL)" : "\($0)LL" }
            let fields = [place.name, place.englishName, place.zoneID, clock?.posixTZ ?? ""].map(cString)
            text += "    {" + fields.joined(separator: ", ") + ", " + (exact ?? "WORLDCLOCK_EXACT_ALWAYS") + "},\n"
        }
        text += """
            };
            #endif /* WORLDCLOCK_POSIX_IMPLEMENTATION */

            #endif /* WORLDCLOCK_POSIX_H */

            """
        return Data(text.utf8)
    }

    /// A C string literal: UTF-8 as it is, quotes, backslashes and `?` (trigraphs) escaped,
    /// control characters as octal.
    static func cString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "?": out += "\\?"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                out += "\\" + String(scalar.value, radix: 8).leftPadded(to: 3)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
