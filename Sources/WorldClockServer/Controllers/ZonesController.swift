import Hummingbird
import WorldClockKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `GET /v1/zones/{zone}[?at=…][&transitions=365]`: one zone in WorldTimeAPI's style, with its transitions ahead. Zone ids have slashes
/// (America/Argentina/Buenos_Aires), hence the recursive wildcard; aliases (Asia/Calcutta) answer
/// for their canonical zone and say so (`requested_timezone`, `Content-Location`).
struct ZonesController: Sendable {
    let service: FeedService

    /// Adds the route, answered by the controller `current` gives at each request's start.
    static func addRoutes(to router: FeedRouter, current: @escaping @Sendable () -> Self) {
        router.getAndHead("/v1/zones/**") { request, context in
            let controller = current()
            let components = context.parameters.getCatchAll()
            // `/v1/zones/{zone}/changes.ics`: no zone id ends in that.
            if components.count > 1, components.last == "changes.ics" {
                let calendar = ChangesController(service: controller.service)
                return try await controller.service.respond(to: request, calendar.zoneCalendar(request, components: components.dropLast()))
            }
            return try await controller.service.respond(to: request, controller.zone(request, components: components))
        }
    }

    func zone(_ request: Request, components: [Substring]) throws(APIError) -> FeedService.Timed {
        let requested = try components.map { (component) throws(APIError) in
            try QueryString.decode(component.utf8, what: "the zone id in the path", plusIsSpace: false)
        }.joined(separator: "/")
        let query = try QueryString(request.uri.query, allowed: ["at", "transitions"], endpoint: "/v1/zones/{zone}")
        let instant = try service.instant(query)
        let days = try service.transitionDays(query)
        let (zoneID, places, clock) = try Self.resolve(requested, service: service)
        var canonicalQuery = days == Feed.defaultTransitionDays ? [] : ["transitions=\(days)"]
        if instant.fixed { canonicalQuery.append("at=" + QueryString.encode(ISO8601.utc(instant.date))) }
        let contentLocation =
            zoneID == requested
            ? nil
            : "/v1/zones/" + zoneID + (canonicalQuery.isEmpty ? "" : "?" + canonicalQuery.joined(separator: "&"))
        let resource = "/v1/zones/" + zoneID + "?transitions=\(days)&requested=" + QueryString.encode(requested)
        let version = service.clocks.tzdata.version?.description ?? "unknown", digest = service.rulesDigest
        let posixTZ = clock.posixTZ, posixTZExactFrom = clock.posixTZExactFrom
        return FeedService.Timed(resource: resource, instant: instant, role: .cheap) { instant in
            let time = clock.time(at: instant.date)
            let until = instant.date.addingTimeInterval(Double(days) * 86_400)
            let info = ZoneInfo(
                time: time, requested: requested, places: places,
                transitions: clock.transitions(after: instant.date, through: until), until: until, posixTZ: posixTZ,
                posixTZExactFrom: posixTZExactFrom, tzdataVersion: version, rulesDigest: digest)
            return .init(body: FeedJSON.encode(info), nextTransition: time.nextTransition?.startDate, contentLocation: contentLocation)
        }
    }

    /// The catalogue's zone, places and clock for a zone id or alias from a path; a 404 naming
    /// the right spelling when only the case is wrong.
    static func resolve(_ requested: String, service: FeedService) throws(APIError) -> (id: String, places: [Place], clock: ZoneClock) {
        guard let (zoneID, places) = service.zone(requested), let clock = service.clocks[zoneID] else {
            let shown = QueryString.printable(requested)
            if let match = service.catalogue.zoneID(ignoringCase: requested) {
                throw APIError(
                    .unknownZone,
                    message: "\"\(shown)\" is not a zone of the catalogue; zone ids are case-sensitive: did you mean \(match)?")
            }
            throw APIError(
                .unknownZone,
                message:
                    """
                    \"\(shown)\" is not a zone of the catalogue; expected a tz zone id such as Asia/Seoul or America/Argentina/Buenos_Aires \
                    (\(service.zoneCount) zones; aliases such as Asia/Calcutta are accepted)
                    """
            )
        }
        return (zoneID, places, clock)
    }
}
