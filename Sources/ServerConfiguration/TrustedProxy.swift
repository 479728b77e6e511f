#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A peer whose `X-Forwarded-For` and `Forwarded` headers the server believes (`--trusted-proxy`):
/// one IPv4 or IPv6 address, or a network as `address/bits` (`10.0.0.0/8`, `fd00::/8`).
package struct TrustedProxy: Sendable, Equatable, CustomStringConvertible {
    /// The address's 4 or 16 bytes.
    package let bytes: [UInt8]
    /// How many leading bits must match.
    package let prefixLength: Int

    /// `text` read as an address or a network; nil when it is neither.
    package init?(_ text: String) {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard let address = parts.first.flatMap({ Self.address(String($0)) }) else { return nil }
        var length = address.count * 8
        if parts.count == 2 {
            guard parts[1].allSatisfy(\.isASCII), let bits = Int(parts[1]), (0...length).contains(bits) else { return nil }
            length = bits
        }
        bytes = address
        prefixLength = length
    }

    /// The bytes of an IPv4 or IPv6 address in text (`inet_pton`), an IPv4-mapped IPv6 address as
    /// its IPv4 bytes; nil for anything else.
    package static func address(_ text: String) -> [UInt8]? {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 { return withUnsafeBytes(of: &v4) { Array($0) } }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, text, &v6) == 1 else { return nil }
        let bytes = withUnsafeBytes(of: &v6) { Array($0) }
        if bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xFF, bytes[11] == 0xFF { return Array(bytes[12...]) }
        return bytes
    }

    /// Whether `address` (4 or 16 bytes) lies in this network.
    package func contains(_ address: [UInt8]) -> Bool {
        guard address.count == bytes.count else { return false }
        var bits = prefixLength
        for index in bytes.indices where bits > 0 {
            let mask: UInt8 = bits >= 8 ? 0xFF : ~(0xFF >> UInt8(bits))
            if address[index] & mask != bytes[index] & mask { return false }
            bits -= 8
        }
        return true
    }

    package var description: String {
        var text = [CChar](repeating: 0, count: 64)
        var storage = bytes
        let family = bytes.count == 4 ? AF_INET : AF_INET6
        guard inet_ntop(family, &storage, &text, socklen_t(text.count)) != nil else { return "?" }
        let address = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return prefixLength == bytes.count * 8 ? address : "\(address)/\(prefixLength)"
    }
}
