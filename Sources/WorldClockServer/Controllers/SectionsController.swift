import HangulIndex
import Hummingbird
import WorldClockKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `GET /v1/sections[?section=ㄱ][&at=…][&transitions=365]`: the index titles and the sections with
/// their places and times, in the catalogue's order, and their zones' transitions ahead (the shared `Feed`).
struct SectionsController: Sendable {
    let service: FeedService
    /// The current feed, whole, with the default window: what a request without a query (nearly
    /// every one) asks for. Made once, and moved to each request's instant (`Timed.at`).
    private let current: FeedService.Timed

    init(service: FeedService) {
        self.service = service
        current = Self.timed(
            service: service, resource: Self.defaultResource, instant: .init(date: Date(timeIntervalSince1970: 0), fixed: false),
            days: Feed.defaultTransitionDays, selected: nil, contentLocation: nil)
    }

    /// Adds the routes, answered by the controller `current` gives at each request's start.
    static func addRoutes(to router: FeedRouter, current: @escaping @Sendable () -> Self) {
        router.getAndHead("/v1/sections") { request, context in
            let controller = current()
            return try await controller.service.respond(to: request, controller.sections(request), client: context.channel)
        }
        // One section by path, as a static export (a CDN, nginx) can serve it: /v1/sections/ㄱ.
        router.getAndHead("/v1/sections/:title") { request, context in
            let controller = current()
            return try await controller.service.respond(
                to: request, controller.sections(request, pathTitle: Substring(context.parameters.get("title") ?? "")),
                client: context.channel)
        }
    }

    /// The parameters of `/v1/sections` and of `/v1/sections/{title}`, and the resource of the
    /// default window: made once, not per request.
    private static let wholeParameters = ["section", "at", "transitions"]
    private static let titleParameters = ["at", "transitions"]
    private static let defaultResource = "/v1/sections?transitions=\(Feed.defaultTransitionDays)"

    /// The sections `?section=` (or the path's title) selects, at `?at=` or now, with
    /// `?transitions=` days of transitions.
    func sections(_ request: Request, pathTitle: Substring? = nil) throws(APIError) -> FeedService.Timed {
        if pathTitle == nil, request.uri.query == nil {
            return current.at(.init(date: FeedService.wholeSecond(service.now()), fixed: false))
        }
        let allowed = pathTitle == nil ? Self.wholeParameters : Self.titleParameters
        let endpoint = pathTitle == nil ? "/v1/sections" : "/v1/sections/{title}"
        let query = try QueryString(request.uri.query, allowed: allowed, endpoint: endpoint)
        let instant = try service.instant(query)
        let days = try service.transitionDays(query)
        var selected: [IndexSection<Place>]?
        var contentLocation: String?
        var resource = days == Feed.defaultTransitionDays ? Self.defaultResource : "/v1/sections?transitions=\(days)"
        let typed =
            try pathTitle.map { (title) throws(APIError) in
                try QueryString.decode(title.utf8, what: "the section title in the path", plusIsSpace: false)
            } ?? query["section"]
        if let typed {
            let resolved = try Self.resolve(
                typed, indexer: service.catalogue.indexer,
                what: pathTitle == nil ? "the parameter 'section'" : "the section title in the path")
            // A title without places (none in this catalogue) is an empty list, not an error.
            selected = service.catalogue.sections.section(titled: resolved.title.text).map { [$0] } ?? []
            let title = QueryString.encode(resolved.title.text)
            resource += "&section=" + title
            if resolved.resolvedFrom != nil {
                var parameters = days == Feed.defaultTransitionDays ? [] : ["transitions=\(days)"]
                if instant.fixed { parameters.append("at=" + QueryString.encode(ISO8601.utc(instant.date))) }
                if pathTitle == nil { parameters.insert("section=" + title, at: 0) }
                contentLocation =
                    (pathTitle == nil ? "/v1/sections" : "/v1/sections/" + title)
                    + (parameters.isEmpty ? "" : "?" + parameters.joined(separator: "&"))
                resource += (pathTitle == nil ? "&from=" : "&path-from=") + QueryString.encode(typed)
            }
        }
        return Self.timed(service: service, resource: resource, instant: instant, days: days, selected: selected, contentLocation: contentLocation)
    }

    /// The sections `selected` (all when nil) with `days` of transitions, at `instant`. The current
    /// feed with the default window, whole or by a title as it is, is canonical (cached apart, never
    /// evicted); any other instant, window or spelling of a title is a costly variant.
    private static func timed(
        service: FeedService, resource: String, instant: FeedService.Instant, days: Int, selected: [IndexSection<Place>]?,
        contentLocation: String?
    ) -> FeedService.Timed {
        let canonical = !instant.fixed && days == Feed.defaultTransitionDays && contentLocation == nil
        let chosen = selected, location = contentLocation
        return FeedService.Timed(resource: resource, instant: instant, role: canonical ? .canonical : .costly) { instant in
            if let written = service.sectionsBody.write(selected: chosen, at: instant.date, transitionDays: days) {
                return .init(body: written.body, nextTransition: written.nextTransition, contentLocation: location)
            }
            // Outside the span the timelines cover (before 1970, after 2100): the general way.
            let feed = Feed(catalogue: service.catalogue, sections: chosen, at: instant.date, clocks: service.clocks, transitionDays: days)
            let zones = (chosen ?? service.catalogue.sections.sections).lazy.flatMap(\.rows).map(\.zoneID)
            return .init(
                body: FeedJSON.encode(feed), nextTransition: service.earliestTransition(zoneIDs: zones, after: instant.date),
                contentLocation: location)
        }
    }

    /// The title `typed` stands for. Stricter than the CLI's `--section`: one code point, so that
    /// the OpenAPI document's pattern for `section` (a character class) is exactly what is accepted.
    static func resolve(_ typed: String, indexer: IndexDefinition, what: String = "the parameter 'section'") throws(APIError) -> ResolvedTitle {
        let resolved: ResolvedTitle
        do { resolved = try indexer.resolveTitle(typed) } catch {
            throw .refused(.invalidSection, "\(what): \(QueryString.printable(error.description, limit: nil))")
        }
        guard typed.unicodeScalars.count == 1 else {
            throw .refused(.invalidSection, "\(what) must be one code point, such as \(resolved.title.text), without spaces or conjoining jamo")
        }
        return resolved
    }
}
