import Foundation
import HangulIndex
import Hummingbird
import WorldClock

/// `GET /v1/sections[?section=ㄱ][&at=…][&transitions=365]`: the index titles and the sections with
/// their places and times, in the catalogue's order, and their zones' transitions ahead (the shared `Feed`).
struct SectionsController: Sendable {
    let service: FeedService

    func addRoutes(to router: Router<some RequestContext>) {
        router.getAndHead("/v1/sections") { request, _ in try sections(request).response(to: request) }
    }

    func sections(_ request: Request) throws(APIError) -> Representation {
        let query = try QueryString(request.uri.query, allowed: ["section", "at", "transitions"], endpoint: "/v1/sections")
        let instant = try service.instant(query)
        let days = try service.transitionDays(query)
        var selected: [Section<Place>]?
        var contentLocation: String?
        var key = "transitions=\(days)"
        if let typed = query["section"] {
            let resolved: ResolvedTitle
            do { resolved = try service.catalogue.indexer.resolveTitle(typed) } catch {
                throw .badRequest("invalid_section", "the parameter 'section': \(QueryString.printable(error.description, limit: nil))")
            }
            // A title without places (none in this catalogue) is an empty list, not an error.
            selected = service.catalogue.sections.section(titled: resolved.title.text).map { [$0] } ?? []
            let canonical = "section=" + QueryString.encode(resolved.title.text)
            key += "&" + canonical
            if resolved.resolvedFrom != nil {
                contentLocation = "/v1/sections?" + canonical + (days == Feed.defaultTransitionDays ? "" : "&transitions=\(days)")
                    + (instant.fixed ? "&at=" + QueryString.encode(ISO8601.utc(instant.date)) : "")
                key += "&from=" + QueryString.encode(typed)
            }
        }
        return try service.timed(endpoint: "/v1/sections", key: key, instant: instant) { () throws(APIError) in
            let feed = Feed(catalogue: service.catalogue, sections: selected, at: instant.date, clocks: service.clocks, transitionDays: days)
            let zones = (selected ?? service.catalogue.sections.sections).lazy.flatMap(\.rows).map(\.zoneID)
            return .init(body: FeedJSON.encode(feed), nextTransition: service.earliestTransition(zoneIDs: zones, after: instant.date),
                         contentLocation: contentLocation)
        }
    }
}
