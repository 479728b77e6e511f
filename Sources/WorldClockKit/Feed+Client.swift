import TimeZoneRules
public import WireCore

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// Why a feed could not be read.
public struct FeedDecodingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was wrong, and where in the JSON.
    public let reason: String

    /// The reason, introduced as a feed that cannot be read.
    public var description: String { "the feed cannot be read: \(reason)" }
}

extension Feed {
    /// Reads a `/v1/sections` response, `worldclock feed`, or an exported `v1/sections.json`, with
    /// the checks of `init(from:)` (which every decoder of a `Feed` runs), errors in words.
    /// - Throws: `FeedDecodingError` saying which field was missing or malformed, or that the
    ///   schema version is not one this library reads.
    public static func decode(_ data: Data) throws(FeedDecodingError) -> Feed {
        let feed: Feed
        do {
            feed = try JSONDecoder().decode(Feed.self, from: data)
        } catch let DecodingError.keyNotFound(key, context) {
            throw FeedDecodingError(reason: "no \"\(key.stringValue)\" at \(path(context.codingPath))")
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
            throw FeedDecodingError(reason: "\(context.debugDescription) at \(path(context.codingPath))")
        } catch let DecodingError.dataCorrupted(context) where context.codingPath.isEmpty {
            throw FeedDecodingError(reason: context.debugDescription)
        } catch let DecodingError.dataCorrupted(context) {
            throw FeedDecodingError(reason: "\(context.debugDescription) at \(path(context.codingPath))")
        } catch {
            throw FeedDecodingError(reason: "\(error)")
        }
        return feed
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.isEmpty ? "the top level" : keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
    }

    /// Whether this feed's times come from the rules `meta` (a freshly fetched `/v1/meta`) states:
    /// false when new tzdata or a new catalogue changed some time since the feed was written (or
    /// either predates `rules_digest`). Refetch the feed at once then, whatever `validUntil` says.
    public func isCurrent(for meta: FeedMeta) -> Bool {
        guard let held = self.meta.rulesDigest else { return false }
        return held == meta.rulesDigest
    }

    /// The instant the feed's times are for.
    public var instant: Date { (try? ISO8601.parseInstant(at)) ?? .distantPast }

    /// Until when the feed can drive clocks: the end of its transitions' window. Past it, a change
    /// of offset the feed does not list may have happened; refetch before then.
    public var validUntil: Date { (try? ISO8601.parseInstant(transitionsUntil)) ?? instant }

    /// The first change of offset in any of the feed's zones after `instant`, if one falls in the
    /// window: a clock list redraws its offsets then.
    public func nextChange(after instant: Date) -> Date? {
        let seconds = ZoneRules.seconds(instant)
        var earliest: Int64?
        for timeline in timelines.values {
            let next = timeline.periodIndex(at: seconds) + 1
            guard next < timeline.periods.count else { continue }
            if earliest.map({ timeline.periods[next].start < $0 }) ?? true { earliest = timeline.periods[next].start }
        }
        return earliest.map { Date(timeIntervalSince1970: Double($0)) }
    }

    /// When an app should fetch the feed again: at `validUntil`, or a day before it when the window
    /// is longer than that, so one failed fetch does not leave clocks unsure.
    public var refreshDate: Date {
        let margin: TimeInterval = 86_400
        return validUntil.timeIntervalSince(instant) > 2 * margin ? validUntil.addingTimeInterval(-margin) : validUntil
    }

    /// The period of `zoneID` holding at `date`, from the feed alone: its offset, abbreviation and
    /// DST, and its start (the transition that began it, or the feed's instant for the period the
    /// feed begins in). Nil when the feed has no place in that zone, or `date` is outside
    /// `instant…validUntil` (the feed cannot know it then).
    /// - Complexity: O(log n) in the zone's transitions: the feed's `ZoneTimeline` of the zone,
    ///   made once when the feed was decoded.
    public func offset(ofZone zoneID: String, at date: Date) -> ZoneTimeline.Period? {
        guard date >= instant, date <= validUntil, let timeline = timelines[zoneID] else { return nil }
        return timeline.period(at: ZoneRules.seconds(date))
    }

    /// The feed's places as a sectioned list with its full index (ㄱ … ㅎ, A … Z, #; a feed
    /// older than `index_titles` gives the titles of its sections).
    public var list: ClockList {
        ClockList(titles: indexTitles ?? titles, sections: sections.map { ClockList.Section(title: $0.title, places: $0.places.map(\.place)) })
    }
}
