extension ZoneRules {
    /// The zone's POSIX TZ string, the TZif footer as tz wrote it ("EST5EDT,M3.2.0,M11.1.0",
    /// "<+05>-5"): what a device that keeps time with `TZ` (newlib, musl, ESP-IDF's `configTzTime`)
    /// is given. Nil for a file without one (TZif version 1).
    package var posixTZ: String? { tzif.footerText }

    /// The first instant (seconds since 1970 UT) from which `posixTZ` alone gives the same offset,
    /// abbreviation and DST flag as these rules at every later instant, for as long as the rules
    /// stand; nil when it gives them at every instant (a zone that never changed, "UTC0"), or when
    /// there is no footer. Before it, the stored transitions differ from what the string says:
    /// the end of the last stretch of time where they do (New York's old US rule ends
    /// 2006-11-05; Gaza's explicit Ramadan transitions run decades ahead).
    ///
    /// Compared on tz's own local time types (the DST flag as tz sets it, Dublin's winter
    /// included), which is what the C library's `tzset` reads from the string.
    /// - Complexity: O(k) in the stored stretches the footer agrees with, walked back from the last.
    package var posixTZExactFrom: Int64? {
        guard let footer = tzif.footer else { return nil }
        let times = tzif.transitionTimes
        guard !times.isEmpty else { return nil }
        func footerType(at t: Int64) -> TZif.LocalTimeType {
            guard let daylight = footer.daylight, footer.isDaylight(at: t) else { return footer.standard }
            return daylight.type
        }
        // Stretch k runs from times[k − 1] (or forever before times[0]) to times[k]; the last, from
        // the last stored transition on, is the footer's by definition.
        for k in stride(from: times.count - 1, through: 0, by: -1) {
            let type = tzif.localTimeTypes[k == 0 ? 0 : tzif.transitionTypes[k - 1]]
            let end = times[k]
            guard k > 0 else {
                // Before the first transition, for ever: only a footer without DST can agree.
                return footer.daylight == nil && footer.standard == type ? nil : end
            }
            let start = times[k - 1]
            // The footer's own switches inside the stretch cut it into pieces; the latest piece that
            // differs ends where the string starts to be exact.
            let cuts = footerSwitches(after: start, through: end - 1)
            var pieceEnd = end
            for pieceStart in ([start] + cuts).reversed() {
                if footerType(at: pieceStart) != type { return pieceEnd }
                pieceEnd = pieceStart
            }
        }
        return nil
    }
}
