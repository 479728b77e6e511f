/// FNV-1a, 64 bits: the one digest of the package — the catalogue digest, the server's entity
/// tags, the digests of the files compiled in at build time. Not cryptographic: it tells versions
/// of our own data apart, nothing more.
package enum FNV1a {
    /// The hash of `bytes` as 16 lowercase hex digits ("cbf29ce484222325" for no bytes).
    /// Inlinable, so that each caller gets a loop specialised to its byte sequence (the generic one
    /// walks an array through witness calls, ten times slower).
    @inlinable
    public static func hex(_ bytes: some Sequence<UInt8>) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
