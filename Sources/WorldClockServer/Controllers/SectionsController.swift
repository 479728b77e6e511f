import Foundation
import HangulIndex
import Hummingbird
import WorldClock

/// `GET /v1/sections[?section=ㄱ][&at=…]`: the index titles and the sections with their places and
/// times, in the catalogue's order (the shared `Feed`).
struct SectionsController: Sendable {
    let service: FeedService

    func addRoutes(to router: Router<some RequestContext>) {
        router.getAndHead("/v1/sections") { request, _ in try sections(request).response(to: request) }
    }

    func sections(_ request: Request) throws(APIError) -> Representation {
        let query = try QueryString(request.uri.query, allowed: ["section", "at"], endpoint: "/v1/sections")
        let instant = try service.instant(query)
        var selected: [Section<Place>]?
        var contentLocation: String?
        var key = ""
        if let typed = query["section"] {
            let resolved = try Self.resolve(typed, indexer: service.catalogue.indexer)
            // A title without places (none in this catalogue) is an empty list, not an error.
            selected = service.catalogue.sections.section(titled: resolved.title.text).map { [$0] } ?? []
            key = "section=" + QueryString.encode(resolved.title.text)
            if resolved.resolvedFrom != nil {
                contentLocation = "/v1/sections?" + key + (instant.fixed ? "&at=" + QueryString.encode(ISO8601.utc(instant.date)) : "")
                key += "&from=" + QueryString.encode(typed)
            }
        }
        return try service.timed(endpoint: "/v1/sections", key: key, instant: instant) { () throws(APIError) in
            let feed = Feed(catalogue: service.catalogue, sections: selected, at: instant.date, clocks: service.clocks)
            let zones = (selected ?? service.catalogue.sections.sections).lazy.flatMap(\.rows).map(\.zoneID)
            return .init(body: FeedJSON.encode(feed), nextTransition: service.earliestTransition(zoneIDs: zones, after: instant.date),
                         contentLocation: contentLocation)
        }
    }

    /// The title `typed` stands for. Stricter than the CLI's `--section`: no spaces around it, so
    /// that the OpenAPI document's pattern for `section` is exactly what is accepted.
    static func resolve(_ typed: String, indexer: SectionIndexer) throws(APIError) -> ResolvedTitle {
        let scalars = typed.unicodeScalars
        if let first = scalars.first, let last = scalars.last, first.properties.isWhitespace || last.properties.isWhitespace {
            throw .badRequest("invalid_section", "the parameter 'section' has spaces around it; give the title alone, e.g. section=%E3%84%B1 (ㄱ)")
        }
        do { return try indexer.resolveTitle(typed) } catch {
            throw .badRequest("invalid_section", "the parameter 'section': \(QueryString.printable(error.description, limit: nil))")
        }
    }
}
