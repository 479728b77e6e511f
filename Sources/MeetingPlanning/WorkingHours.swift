/// The hours of a day a place works, on its own wall clock: 9–18 unless said otherwise.
public struct WorkingHours: Equatable, Sendable {
    /// Minutes after local midnight the working day starts (540 = 09:00).
    public let start: Int
    /// Minutes after local midnight it ends (1080 = 18:00); after `start`, at most 1440.
    public let end: Int

    /// 09:00–18:00.
    public static let standard = WorkingHours(start: 9 * 60, end: 18 * 60)!
    /// The hours a person is awake: 07:00–23:00. Outside them is night.
    public static let waking = WorkingHours(start: 7 * 60, end: 23 * 60)!

    /// Hours from `start` to `end`, in minutes after midnight; nil unless 0 ≤ start < end ≤ 1440.
    public init?(start: Int, end: Int) {
        guard 0 <= start, start < end, end <= 1440 else { return nil }
        self.start = start
        self.end = end
    }

    /// How far a meeting from `from` to `to` (minutes after the midnight starting `from`'s day;
    /// `to` may pass 1440) reaches outside these hours: the minutes before their start plus the
    /// minutes after their end, against the nearest working day (that day's, the day before's or
    /// the day after's). 0: it fits.
    package func minutesOutside(from: Int, to: Int) -> Int {
        [-1440, 0, 1440].map { shift in max(0, start + shift - from) + max(0, to - (end + shift)) }.min()!
    }

    /// How far a meeting from `from` to `to` (minutes after the midnight starting `from`'s day,
    /// whose ISO weekday is `weekday`) reaches outside these hours on the working `days`: as
    /// `minutesOutside(from:to:)`, against the nearest working day, so that a meeting on a day off
    /// is as far outside as the distance to the next or last working day's hours.
    package func minutesOutside(from: Int, to: Int, weekday: Int, days: WorkingDays) -> Int {
        var best = Int.max
        for shift in -3...3 where days.contains(weekday: ((weekday - 1 + shift) % 7 + 7) % 7 + 1) {
            best = min(best, max(0, start + shift * 1440 - from) + max(0, to - (end + shift * 1440)))
        }
        // Two days off either side of four working days cannot all miss; a week of one working
        // day may: then the whole meeting is outside.
        return best == Int.max ? to - from : best
    }

    /// "9–18", "8:30–17:30".
    public var text: String { "\(Self.clock(start))–\(Self.clock(end))" }

    private static func clock(_ minutes: Int) -> String {
        minutes % 60 == 0 ? "\(minutes / 60)" : "\(minutes / 60):\(minutes % 60 < 10 ? "0" : "")\(minutes % 60)"
    }
}
