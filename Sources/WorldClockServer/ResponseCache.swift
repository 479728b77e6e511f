#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Bodies already computed, in two parts so that no client's variants can push out what every
/// client reads:
/// - the canonical bodies (the current feed, whole or by section, with the default window): one
///   per key, for the current second, replaced when the second changes, never evicted. There
///   are at most 1 + the index's titles of them.
/// - everything else (fixed `at`, other `transitions`, searches, zones): least recently used
///   first out, within a byte budget. A live variant's key holds its second, so it is simply
///   never asked for again once the second has passed and ages out.
struct ResponseCache {
    /// The default budget of the LRU part: with the 197 KB feed about 80 variants, and bounded
    /// RSS whatever a client asks (the canonical part is bounded by its keys).
    static let defaultByteBudget = 16 << 20

    let byteBudget: Int

    /// Per key, the bodies of the newest two seconds (the current one and the next, built ahead),
    /// and the latest second whose build ahead was claimed (`claimAhead`).
    private var canonical: [String: Canonical] = [:]

    private struct Canonical {
        var entries: [(second: Int64, representation: Representation)] = []
        var aheadClaimed: Int64 = .min
    }

    private struct Node {
        var key: String
        var representation: Representation
        var bytes: Int
        var newer: Int
        var older: Int
    }
    /// The LRU list over `nodes` (indices; -1 for none): `newest` … `oldest`.
    private var nodes: [Node] = []
    private var freeNodes: [Int] = []
    private var index: [String: Int] = [:]
    private var newest = -1
    private var oldest = -1
    /// The bytes charged to the LRU part.
    private(set) var bytes = 0

    init(byteBudget: Int = ResponseCache.defaultByteBudget) {
        self.byteBudget = byteBudget
    }

    /// The number of entries in the LRU part.
    var variantCount: Int { index.count }

    /// What a body costs in the budget: its bytes and its key's, plus a quarter for the gzip
    /// encoding it may get later (JSON compresses to about an eighth at zlib's fastest level
    /// and below; the margin keeps the real total under the budget).
    static func charge(_ representation: Representation, key: String) -> Int {
        let body = max(representation.body.readableBytes, representation.body.capacity)
        return body + body / 4 + key.utf8.count + 64
    }

    // MARK: Canonical

    func canonical(_ key: String, second: Int64) -> Representation? {
        canonical[key]?.entries.first { $0.second == second }?.representation
    }

    /// The body for `key` at `second`, and whether the caller is the first to claim building
    /// `key`'s next second ahead (`claimAhead`), in one look-up of the key: what every request
    /// for the current feed asks.
    mutating func canonical(_ key: String, second: Int64, claimingAhead: Bool) -> (Representation?, claimed: Bool) {
        guard let index = canonical.index(forKey: key) else { return (nil, false) }
        guard let hit = canonical.values[index].entries.first(where: { $0.second == second })?.representation else { return (nil, false) }
        guard claimingAhead, canonical.values[index].aheadClaimed < second + 1 else { return (hit, false) }
        canonical.values[index].aheadClaimed = second + 1
        return (hit, true)
    }

    /// Whether the caller is the first to claim building `key`'s body for `second` ahead (once
    /// per key and second).
    mutating func claimAhead(_ key: String, second: Int64) -> Bool {
        guard canonical[key, default: Canonical()].aheadClaimed < second else { return false }
        canonical[key, default: Canonical()].aheadClaimed = second
        return true
    }

    /// Keeps `representation` for `key` at `second`, with the newest other second's; older
    /// seconds are dropped (and a second older than both kept is not stored).
    mutating func storeCanonical(_ representation: Representation, for key: String, second: Int64) {
        var entries = canonical[key]?.entries ?? []
        guard !entries.contains(where: { $0.second == second }) else { return }
        entries.append((second, representation))
        entries.sort { $0.second > $1.second }
        canonical[key, default: Canonical()].entries = Array(entries.prefix(2))
    }

    // MARK: LRU

    /// The body for `key`, made the most recently used.
    mutating func lookup(_ key: String) -> Representation? {
        guard let node = index[key] else { return nil }
        unlink(node)
        linkNewest(node)
        return nodes[node].representation
    }

    /// Keeps `representation` for `key` (the first one stored wins), evicting the least recently
    /// used bodies until it fits. A body larger than the whole budget is not kept.
    mutating func store(_ representation: Representation, for key: String) {
        guard index[key] == nil else { return }
        let size = Self.charge(representation, key: key)
        guard size <= byteBudget else { return }
        while bytes + size > byteBudget, oldest >= 0 { evict(oldest) }
        let node = Node(key: key, representation: representation, bytes: size, newer: -1, older: -1)
        let slot: Int
        if let free = freeNodes.popLast() {
            nodes[free] = node
            slot = free
        } else {
            nodes.append(node)
            slot = nodes.count - 1
        }
        index[key] = slot
        linkNewest(slot)
        bytes += size
    }

    private mutating func evict(_ node: Int) {
        unlink(node)
        index[nodes[node].key] = nil
        bytes -= nodes[node].bytes
        // Drop the body now, not when the slot is reused.
        nodes[node].representation = Self.evicted
        nodes[node].key = ""
        freeNodes.append(node)
    }

    private static let evicted = Representation(body: Data(), etag: nil, cacheControl: "no-store")

    private mutating func unlink(_ node: Int) {
        let newer = nodes[node].newer, older = nodes[node].older
        if newer >= 0 { nodes[newer].older = older } else { newest = older }
        if older >= 0 { nodes[older].newer = newer } else { oldest = newer }
        nodes[node].newer = -1
        nodes[node].older = -1
    }

    private mutating func linkNewest(_ node: Int) {
        nodes[node].older = newest
        nodes[node].newer = -1
        if newest >= 0 { nodes[newest].newer = node }
        newest = node
        if oldest < 0 { oldest = node }
    }
}

extension ResponseCache {
    /// The LRU part's budget for a process whose memory is limited to `memoryLimit` bytes (its
    /// cgroup's limit): a sixteenth of it, from 2 MiB up to `defaultByteBudget` (16 MiB, reached at
    /// 256 MiB); the default when there is no limit. A 64 MiB container then keeps 4 MiB of
    /// variants, not 16: a flood of uncached `?at=` requests filled the 16 MiB (and a quarter
    /// more for gzip) on top of a resting 45–50 MiB, to 63 of the image's 64 MiB.
    static func byteBudget(memoryLimit: Int?) -> Int {
        guard let memoryLimit, memoryLimit > 0 else { return defaultByteBudget }
        return min(defaultByteBudget, max(2 << 20, memoryLimit / 16))
    }

    /// This process's memory limit: its cgroup v2 `memory.max` (the path from /proc/self/cgroup),
    /// else cgroup v1's `memory.limit_in_bytes`; nil when unlimited ("max", or v1's huge number)
    /// or unknown.
    static func memoryLimit(read: (String) -> String? = SystemText.read) -> Int? {
        var paths: [String] = []
        if let own = read("/proc/self/cgroup")?.split(separator: "\n").first(where: { $0.hasPrefix("0::") }) {
            let path = own.dropFirst(3)
            paths.append("/sys/fs/cgroup" + (path == "/" ? "" : String(path)) + "/memory.max")
        }
        paths += ["/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"]
        for path in paths {
            guard let text = read(path) else { continue }
            let value = text.filter { !$0.isWhitespace }
            if value == "max" { return nil }
            guard let bytes = Int(value) else { continue }
            return bytes > 0 && bytes < 1 << 50 ? bytes : nil
        }
        return nil
    }
}
