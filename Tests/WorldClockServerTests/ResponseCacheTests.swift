import Foundation
import Hummingbird
import Testing
import WorldClockKit

@testable import WorldClockServer

/// The cache: an LRU within a byte budget for variants, the canonical bodies apart.
@Suite("Response cache: LRU by bytes, canonical bodies never evicted")
struct ResponseCacheTests {
    static func body(_ bytes: Int) -> Representation {
        Representation(body: Data(repeating: UInt8(ascii: "a"), count: bytes), etag: nil, cacheControl: "no-store")
    }

    @Test("Past the budget the least recently used body goes first, and only as many as needed")
    func leastRecentlyUsed() {
        let size = ResponseCache.charge(Self.body(1000), key: "a")
        var cache = ResponseCache(byteBudget: 3 * size)
        cache.store(Self.body(1000), for: "a")
        cache.store(Self.body(1000), for: "b")
        cache.store(Self.body(1000), for: "c")
        #expect(cache.variantCount == 3)
        #expect(cache.lookup("a") != nil)  // a is now the most recent; b the least
        cache.store(Self.body(1000), for: "d")
        #expect(cache.lookup("b") == nil)
        #expect(cache.lookup("a") != nil && cache.lookup("c") != nil && cache.lookup("d") != nil)
        #expect(cache.bytes <= cache.byteBudget)
        #expect(cache.variantCount == 3)
    }

    @Test("A body larger than the whole budget is not kept, and evicts nothing")
    func tooLarge() {
        var cache = ResponseCache(byteBudget: 4096)
        cache.store(Self.body(100), for: "small")
        cache.store(Self.body(10_000), for: "large")
        #expect(cache.lookup("large") == nil)
        #expect(cache.lookup("small") != nil)
    }

    @Test("The canonical body is kept for its second, replaced by a later one, never by variants")
    func canonical() {
        var cache = ResponseCache(byteBudget: 4096)
        cache.storeCanonical(Self.body(3000), for: "/v1/sections?transitions=365", second: 10)
        for n in 0..<100 { cache.store(Self.body(1000), for: "variant \(n)") }
        #expect(cache.canonical("/v1/sections?transitions=365", second: 10) != nil)
        #expect(cache.canonical("/v1/sections?transitions=365", second: 11) == nil)
        cache.storeCanonical(Self.body(3000), for: "/v1/sections?transitions=365", second: 11)
        cache.storeCanonical(Self.body(5), for: "/v1/sections?transitions=365", second: 10)
        #expect(cache.canonical("/v1/sections?transitions=365", second: 11)?.body.readableBytes == 3000)
        #expect(cache.bytes <= cache.byteBudget)
    }

    @Test("A flood of variants stays within the budget and the current feed stays a cache hit")
    func floodOverService() async throws {
        let budget = 1 << 20
        let service = service(now: instant("2026-11-23T12:00:00Z"), cacheBudget: budget)
        let controller = SectionsController(service: service)
        func request(_ query: String) -> Request {
            Request(
                head: HTTPRequest(method: .get, scheme: "http", authority: "test", path: "/v1/sections" + query),
                body: RequestBody(buffer: ByteBuffer()))
        }
        let current = try controller.sections(request(""))
        #expect(current.role == .canonical)
        #expect(try await service.representation(current).hit == false)
        for n in 0..<40 {
            let variant = try controller.sections(request("?at=2026-01-01T00:00:\(10 + n)Z"))
            #expect(variant.role == .costly)
            _ = try await service.representation(variant)
            #expect(service.cacheUsage.bytes <= budget)
        }
        #expect(service.cacheUsage.variants < 40)
        #expect(try await service.representation(current).hit == true)
        // The newest variants are still there; the first ones were evicted.
        #expect(try await service.representation(try controller.sections(request("?at=2026-01-01T00:00:49Z"))).hit == true)
        #expect(try await service.representation(try controller.sections(request("?at=2026-01-01T00:00:10Z"))).hit == false)
    }

    @Test(
        "Variants are compressed at the fastest level, then at the best once asked for again; the current feed at the best at once",
        .costlyWorkHangGuard)
    func compressionEffort() async throws {
        let service = service(now: instant("2026-11-23T12:00:00Z"))
        try await withApp(service) { client in
            var sizes: [Int] = []
            for _ in 0..<2 {
                try await client.execute(uri: "/v1/sections?at=2026-11-23T12:00:00Z", method: .get, headers: [.acceptEncoding: "gzip"]) { response in
                    #expect(response.headers[.contentEncoding] == "gzip")
                    sizes.append(response.body.readableBytes)
                }
            }
            // The repeat started the better compression in the background; it holds a permit until done.
            await service.costly.idle()
            try await client.execute(uri: "/v1/sections?at=2026-11-23T12:00:00Z", method: .get, headers: [.acceptEncoding: "gzip"]) { response in
                sizes.append(response.body.readableBytes)
            }
            var current = 0
            try await client.execute(uri: "/v1/sections", method: .get, headers: [.acceptEncoding: "gzip"]) { response in
                current = response.body.readableBytes
            }
            // First the fast encoding, and the repeat too (a cache hit with the executor idle: it
            // starts the improvement without waiting for it); then the best level. The current feed
            // (the same body: the service's now is that instant) is at the best level at once.
            #expect(sizes[0] == sizes[1])
            #expect(sizes[1] > sizes[2])
            #expect(current == sizes[2])
        }
    }
}
