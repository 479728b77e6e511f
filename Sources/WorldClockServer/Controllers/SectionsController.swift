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

    /// The title `typed` stands for. Stricter than the CLI's `--section`: one code point, so that
    /// the OpenAPI document's pattern for `section` (a character class) is exactly what is accepted.
    static func resolve(_ typed: String, indexer: SectionIndexer) throws(APIError) -> ResolvedTitle {
        let resolved: ResolvedTitle
        do { resolved = try indexer.resolveTitle(typed) } catch {
            throw .badRequest("invalid_section", "the parameter 'section': \(QueryString.printable(error.description, limit: nil))")
        }
        guard typed.unicodeScalars.count == 1 else {
            throw .badRequest("invalid_section", "the parameter 'section' must be one code point, such as \(resolved.title.text), without spaces or conjoining jamo")
        }
        return resolved
    }
}
