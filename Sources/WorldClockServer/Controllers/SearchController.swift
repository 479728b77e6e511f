import HangulIndex
import Hummingbird
import SearchEngine
import WorldClockKit

/// `GET /v1/search?q=뉴[&limit=20][&at=…]`: the search the CLI runs (`PlaceSearch`: offsets,
/// abbreviations in use, whole words, neutral labels), at the request's instant, with its limits
/// and its notes as fields.
struct SearchController: Sendable {
    let service: FeedService

    static let defaultLimit = SearchRules.defaultLimit
    static let maximumLimit = SearchRules.maximumLimit

    /// Adds the route, answered by the controller `current` gives at each request's start.
    static func addRoutes(to router: FeedRouter, current: @escaping @Sendable () -> Self) {
        router.getAndHead("/v1/search") { request, _ in
            let controller = current()
            return try await controller.service.respond(to: request, controller.search(request))
        }
    }

    func search(_ request: Request) throws(APIError) -> FeedService.Timed {
        let query = try QueryString(request.uri.query, allowed: ["q", "limit", "at"], endpoint: "/v1/search")
        guard let q = query["q"] else {
            throw .refused(.missingParameter, "the parameter 'q' is required: the text to search for, e.g. /v1/search?q=%EB%89%B4 (뉴)")
        }
        let limit = try query.wholeNumber("limit", in: 1...Self.maximumLimit, default: Self.defaultLimit, code: .invalidLimit)
        let instant = try service.instant(query)
        let resource = "/v1/search?limit=\(limit)&q=" + QueryString.encode(q)
        let service = self.service
        return FeedService.Timed(resource: resource, instant: instant, role: .cheap) { (instant) throws(APIError) in
            let search = PlaceSearch(catalogue: service.catalogue, clocks: service.clocks, at: instant.date)
            let outcome: PlaceSearch.Outcome
            do throws(SearchError) { outcome = try search.search(q, limit: limit) } catch {
                // The code is the search's own (the web module writes the same); the words name the parameter.
                let code = error.refusal
                switch error {
                case .emptyQuery:
                    throw .refused(code, "the parameter 'q' is empty or only spaces; give the text to search for")
                case .queryTooLong(let scalars, let maximum):
                    throw .refused(code, "the parameter 'q' is \(scalars) Unicode code points long; the limit is \(maximum)")
                case .tooManyCombiningMarks(let scalar, let maximum):
                    throw .refused(
                        code,
                        "the parameter 'q' has more than \(maximum) combining marks in a row (from code point \(scalar)); no place name needs more")
                }
            }
            let feed = FeedSearch(query: q, outcome: outcome, at: instant.date, clocks: service.clocks)
            // The answer holds until a zone it judged changes: those shown and left out, and for
            // an offset every listed zone (any may move onto the offset or off it).
            let judged =
                outcome.offset != nil
                ? service.catalogue.zoneIDs : (outcome.result.matches + outcome.former).map(\.item.zoneID)
            return .init(
                body: FeedJSON.encode(feed),
                nextTransition: service.earliestTransition(zoneIDs: judged, after: instant.date),
                contentLocation: nil)
        }
    }
}
