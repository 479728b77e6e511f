import Hummingbird
import WorldClockKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The calendars of clock changes (`ChangesCalendar`): `GET /v1/zones/{zone}/changes.ics[?at=…]`,
/// one zone's own changes, and `GET /v1/changes.ics?zones=…[&from=…][&at=…]`, my clocks' changes
/// as the reference sees them (what the web page offers to subscribe to with `webcal:`).
struct ChangesController: Sendable {
    let service: FeedService

    /// At most this many clocks in one calendar.
    static let maximumZones = 50
    static let contentType = "text/calendar; charset=utf-8"

    /// Adds `/v1/changes.ics`; the zone's calendar is routed by `ZonesController` (its path is under a zone's).
    static func addRoutes(to router: FeedRouter, current: @escaping @Sendable () -> Self) {
        router.getAndHead("/v1/changes.ics") { request, _ in
            let controller = current()
            return try await controller.service.respond(to: request, controller.calendar(request))
        }
    }

    func zoneCalendar(_ request: Request, components: ArraySlice<Substring>) throws(APIError) -> FeedService.Timed {
        let requested = try components.map { (component) throws(APIError) in
            try QueryString.decode(component.utf8, what: "the zone id in the path", plusIsSpace: false)
        }.joined(separator: "/")
        let query = try QueryString(request.uri.query, allowed: ["at"], endpoint: "/v1/zones/{zone}/changes.ics")
        let instant = try service.instant(query)
        let (zoneID, places, clock) = try ZonesController.resolve(requested, service: service)
        let name = places.first?.name ?? zoneID
        let version = service.clocks.tzdata.version?.description ?? "unknown"
        let contentLocation = zoneID == requested ? nil : "/v1/zones/" + zoneID + "/changes.ics"
        return FeedService.Timed(resource: "/v1/zones/" + zoneID + "/changes.ics", instant: instant, role: .cheap) { instant in
            let body = ChangesCalendar.ics(
                title: "\(name) 시각 변경", clocks: [.init(name: name, clock: clock)], reference: nil, at: instant.date, tzdataVersion: version)
            return .init(
                body: body, nextTransition: clock.nextTransition(after: instant.date)?.startDate, contentLocation: contentLocation,
                contentType: Self.contentType)
        }
    }

    func calendar(_ request: Request) throws(APIError) -> FeedService.Timed {
        let query = try QueryString(request.uri.query, allowed: ["zones", "from", "at"], endpoint: "/v1/changes.ics")
        let instant = try service.instant(query)
        guard let list = query["zones"] else {
            throw .refused(
                .missingParameter, "the parameter 'zones' is missing: my clocks, as place names or zone ids separated by commas (zones=뉴욕,런던)")
        }
        let items = list.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard !items.isEmpty, items.count <= Self.maximumZones, items.allSatisfy({ !$0.isEmpty }) else {
            throw .refused(
                .invalidZones, "the parameter 'zones' must name 1 to \(Self.maximumZones) places or zone ids separated by commas, none empty")
        }
        var clocks: [ChangesCalendar.Clock] = []
        for item in items {
            let clock = try self.clock(item, parameter: "zones")
            if !clocks.contains(where: { $0.name == clock.name && $0.clock.zoneID == clock.clock.zoneID }) { clocks.append(clock) }
        }
        let chosen = clocks
        let reference = try query["from"].map { (text) throws(APIError) in try self.clock(text, parameter: "from") }
        let version = service.clocks.tzdata.version?.description ?? "unknown"
        let resource =
            "/v1/changes.ics?zones=" + chosen.map { QueryString.encode($0.name + "|" + $0.clock.zoneID) }.joined(separator: ",")
            + (reference.map { "&from=" + QueryString.encode($0.name + "|" + $0.clock.zoneID) } ?? "")
        let title = "내 시계 시각 변경" + (reference.map { " (기준 \($0.name))" } ?? "")
        let zoneClocks = chosen.map(\.clock) + (reference.map { [$0.clock] } ?? [])
        return FeedService.Timed(resource: resource, instant: instant, role: .cheap) { instant in
            let body = ChangesCalendar.ics(title: title, clocks: chosen, reference: reference, at: instant.date, tzdataVersion: version)
            let next = zoneClocks.compactMap { $0.nextTransition(after: instant.date)?.start }.min()
            return .init(
                body: body, nextTransition: next.map { Date(timeIntervalSince1970: Double($0)) }, contentLocation: nil,
                contentType: Self.contentType)
        }
    }

    /// A clock of the calendar from a place's name (뉴욕) or a zone id or alias (America/New_York,
    /// named by its first place); a 400 naming the parameter otherwise.
    private func clock(_ text: String, parameter: String) throws(APIError) -> ChangesCalendar.Clock {
        if let place = service.catalogue.place(named: text), let clock = service.clocks[place.zoneID] {
            return .init(name: place.name, clock: clock)
        }
        if let (zoneID, places) = service.zone(text), let clock = service.clocks[zoneID] {
            return .init(name: places.first?.name ?? zoneID, clock: clock)
        }
        throw .refused(
            .invalidZones,
            """
            the parameter '\(parameter)': \"\(QueryString.printable(text))\" is neither a place of the catalogue nor a zone id (such as 뉴욕 or \
            America/New_York)
            """
        )
    }
}
