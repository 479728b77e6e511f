import Foundation
import TestSupport
import Testing

@testable import WorldClockServer

/// Every JSON body the feed answers is WireCore's writing: compact, keys in byte order at every
/// level, escaped as Foundation escapes. Foundation's serializer, given the parsed body back with
/// sorted keys, writes the same bytes: a key out of order, a stray space or a second writer's
/// escape would differ.
@Suite("The feed's JSON bodies are the wire's")
struct WireBodyTests {
    @Test(
        "the body is compact with its keys in byte order",
        arguments: [
            "/v1/sections?section=ㄱ", "/v1/sections?section=A&transitions=30", "/v1/search?q=뉴&limit=5", "/v1/search?q=PST",
            "/v1/search?q=sbdyr", "/v1/zones/Asia/Seoul", "/v1/zones/America/New_York?transitions=400", "/v1/zones/Asia/Calcutta",
            "/v1/zones/Etc/UTC", "/v1/meta", "/healthz", "/v1/posix.json", "/v1/sections?section=ㄲㄲ", "/v1/search?q=", "/v1/zones/Nowhere/Atall",
        ])
    func sortedAndCompact(uri: String) async throws {
        try await withApp { client in
            try await client.execute(uri: uri, method: .get) { response in
                let body = response.data
                let again = try CodableJSON.writtenAgain(body)
                #expect(String(decoding: body, as: UTF8.self) == String(decoding: again, as: UTF8.self), "\(uri) (\(response.status))")
            }
        }
    }
}
