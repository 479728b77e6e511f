import WorldClock

/// The columns `list` and `search` print for a place: name, country, local time, day and hours
/// against the reference zone, UTC offset with tz abbreviation, zone id.
enum PlaceRows {
    static func cells(_ place: Place, time: ZoneTime?, session: Session) -> [String] {
        guard let time else { return [place.name, place.country, "?", "", "", "", place.zoneID] }
        let relative = RelativeTime(time, from: session.reference)
        return [
            place.name,
            place.country,
            KoreanTimeFormat.time(time.local, style: session.style),
            relative.koreanDay,
            relative.koreanHours,
            "\(KoreanTimeFormat.utcOffset(time.utcOffset)) \(time.abbreviation)",
            place.zoneID,
        ]
    }
}
