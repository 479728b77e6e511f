import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import ServerConfiguration

/// Who asked: a request's id (`X-Request-Id`) and, behind a trusted proxy, its client's address.
enum RequestIdentity {
    /// `X-Request-Id`: taken from the request when it is a safe token, made otherwise, and sent back
    /// on every response (and written on the request's log line), so that a client, a proxy and
    /// this log can name one request alike.
    static let header = HTTPField.Name("X-Request-Id")!

    /// The longest id taken from a request; a longer one is replaced.
    static let maximumLength = 64

    /// `value` when it can be an id as it is: 1 to 64 bytes of letters, digits and `-._:+/=@`
    /// (a UUID, a trace id, base64); nil otherwise (empty, too long, spaces, quotes, controls,
    /// non-ASCII), and the server makes one.
    static func sanitized(_ value: String?) -> String? {
        guard let value, !value.isEmpty, value.utf8.count <= maximumLength else { return nil }
        let safe = value.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: ":"), UInt8(ascii: "+"), UInt8(ascii: "/"),
                UInt8(ascii: "="), UInt8(ascii: "@"):
                true
            default: false
            }
        }
        return safe ? value : nil
    }

    /// The id of `request`: its own `X-Request-Id` when safe, else Hummingbird's id of the request
    /// (the `request_id` of every other line about it), else a new one.
    static func id(for request: Request, logger: Logger) -> String {
        if let given = sanitized(request.headers[header]) { return given }
        if let id = logger[metadataKey: "hb.request.id"] { return "\(id)" }
        return RequestID().description
    }

    /// The bytes of `address`'s IP (4 for IPv4 and IPv4-mapped IPv6, 16 for IPv6); nil for a Unix socket.
    static func ipBytes(_ address: SocketAddress?) -> [UInt8]? {
        switch address {
        case .v4(let v4)?:
            var raw = v4.address.sin_addr
            return withUnsafeBytes(of: &raw) { Array($0) }
        case .v6(let v6)?:
            var raw = v6.address.sin6_addr
            let bytes = withUnsafeBytes(of: &raw) { Array($0) }
            if bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xFF, bytes[11] == 0xFF { return Array(bytes[12...]) }
            return bytes
        default:
            return nil
        }
    }

    /// The client a trusted proxy names for `request`, when `peer` is one of `trusted`: RFC 7239's
    /// `Forwarded: for=…` when given, else `X-Forwarded-For`, read from the right (the nearest hop)
    /// past the addresses of trusted proxies; the first other address is the client. Nil when
    /// the peer is not trusted or names no usable address (the peer is then the client).
    static func forwardedClient(_ request: Request, peer: SocketAddress?, trusted: [TrustedProxy]) -> String? {
        guard !trusted.isEmpty, let peerBytes = ipBytes(peer), trusted.contains(where: { $0.contains(peerBytes) }) else { return nil }
        var hops: [String] = []
        let forwarded = request.headers[values: .forwarded]
        if !forwarded.isEmpty {
            for element in forwarded.joined(separator: ",").split(separator: ",") {
                for pair in element.split(separator: ";") {
                    let parts = pair.split(separator: "=", maxSplits: 1)
                    guard parts.count == 2, parts[0].trimmingSpaces.lowercased() == "for" else { continue }
                    hops.append(forNode(String(parts[1].trimmingSpaces)))
                }
            }
        } else {
            for value in request.headers[values: xForwardedFor] {
                hops += value.split(separator: ",").map { String($0.trimmingSpaces) }
            }
        }
        for hop in hops.reversed() {
            guard let bytes = TrustedProxy.address(hop) else {
                // "unknown", an obfuscated id, or garbage: not an address to log as the client.
                return nil
            }
            if trusted.contains(where: { $0.contains(bytes) }) { continue }
            return hop
        }
        return hops.first.flatMap { TrustedProxy.address($0) != nil ? $0 : nil }
    }

    static let xForwardedFor = HTTPField.Name("X-Forwarded-For")!

    /// A `for=` node without quotes, brackets or port: `"[2001:db8::1]:4711"` → `2001:db8::1`,
    /// `192.0.2.43:80` → `192.0.2.43`.
    static func forNode(_ text: String) -> String {
        var node = Substring(text)
        if node.hasPrefix("\""), node.hasSuffix("\""), node.count >= 2 { node = node.dropFirst().dropLast() }
        if node.hasPrefix("[") {
            guard let close = node.firstIndex(of: "]") else { return String(node) }
            return String(node[node.index(after: node.startIndex)..<close])
        }
        if let colon = node.firstIndex(of: ":"), node[node.index(after: colon)...].firstIndex(of: ":") == nil {
            return String(node[..<colon])
        }
        return String(node)
    }
}

extension HTTPField.Name {
    /// RFC 7239's `Forwarded`.
    static var forwarded: HTTPField.Name { HTTPField.Name("Forwarded")! }
}

extension Substring {
    /// Without the spaces and tabs at either end.
    var trimmingSpaces: Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return text
    }
}
