import Hummingbird
import NIOCore

/// The request context of the feed's router: Hummingbird's basic one, and the connection the
/// request came on, so that a costly request whose client has gone is not built (`CostlyWork`).
struct FeedRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    /// The connection the answer goes to.
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
    }
}
