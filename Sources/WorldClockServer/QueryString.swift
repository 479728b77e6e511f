internal import WireCore
import WorldClockKit

/// A request's query string, decoded strictly.
///
/// Hummingbird's `request.uri.queryParameters` leaves keys percent-encoded and, when a value's
/// escapes are malformed (`%zz`) or decode to bytes that are not UTF-8 (`%FF`, `%E0%A4`), quietly
/// hands back the raw text instead; `application/x-www-form-urlencoded`'s `+` is not decoded either.
/// So the raw query is decoded here, byte by byte: `+` is a space, `%XX` must be two hex digits,
/// the result must be UTF-8, and each parameter may be given once and must be one the endpoint
/// takes. Anything else is a 400 naming the parameter.
struct QueryString: Sendable, Equatable {
    /// The parameters in the order given, names and values decoded.
    let parameters: [(name: String, value: String)]

    /// Raw query strings longer than this are refused before decoding (a search query is at most
    /// 100 characters, at most 1,200 bytes percent-encoded).
    static let maximumLength = 2048

    static func == (a: QueryString, b: QueryString) -> Bool {
        a.parameters.elementsEqual(b.parameters) { $0.name == $1.name && $0.value == $1.value }
    }

    /// Decodes `raw` (the text after `?`, without `#…`) for an endpoint taking `allowed` parameters.
    /// - Throws: `APIError` (400) for a malformed, repeated or unknown parameter.
    init(_ raw: String?, allowed: [String], endpoint: String) throws(APIError) {
        guard let raw, !raw.isEmpty else {
            parameters = []
            return
        }
        guard raw.utf8.count <= Self.maximumLength else {
            throw .refused(
                .queryStringTooLong,
                "the query string is \(raw.utf8.count) bytes long; the limit is \(Self.maximumLength)")
        }
        var seen = Set<String>()
        var parameters: [(name: String, value: String)] = []
        for pair in raw.utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let equals = pair.firstIndex(of: UInt8(ascii: "="))
            let rawName = pair[pair.startIndex..<(equals ?? pair.endIndex)]
            let rawValue = equals.map { pair[pair.index(after: $0)...] } ?? pair[pair.endIndex...]
            let name = try Self.decode(rawName, what: "a parameter name")
            guard allowed.contains(name) else {
                let takes = allowed.isEmpty ? "takes no parameters" : "takes only " + allowed.map { "'\($0)'" }.joined(separator: ", ")
                throw .refused(.unknownParameter, "unknown query parameter '\(Self.printable(name))'; \(endpoint) \(takes)")
            }
            let value = try Self.decode(rawValue, what: "the value of '\(name)'")
            guard seen.insert(name).inserted else {
                throw .refused(.duplicateParameter, "the query parameter '\(name)' is given more than once; give it once")
            }
            parameters.append((name, value))
        }
        self.parameters = parameters
    }

    /// The value of `name`, if given.
    subscript(name: String) -> String? { parameters.first { $0.name == name }?.value }

    /// The parameters sorted by name and percent-encoded again: the same for every spelling of the
    /// same request (`%EB%89%B4` and `뉴`, `+` and `%20`), for cache keys and ETags.
    var canonical: String {
        parameters.sorted { $0.name < $1.name }
            .map { Self.encode($0.name) + "=" + Self.encode($0.value) }
            .joined(separator: "&")
    }

    /// Percent-decodes `bytes` strictly; `+` is a space in a query (form encoding), not in a path
    /// (Etc/GMT+5). `what` names the part in the error message.
    static func decode(_ bytes: Substring.UTF8View.SubSequence, what: String, plusIsSpace: Bool = true) throws(APIError) -> String {
        // Raw (unescaped) bytes that are not UTF-8 reach us already replaced by U+FFFD (the request
        // head is decoded into a String before routing); a client meaning U+FFFD escapes it.
        if bytes.count >= 3, bytes.indices.contains(where: { bytes[$0...].starts(with: [0xEF, 0xBF, 0xBD]) }) {
            throw .refused(
                .invalidUTF8, "\(what) is not UTF-8 (it had bytes that are not, or a raw U+FFFD); percent-encode UTF-8 text (뉴 is %EB%89%B4)")
        }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "+") where plusIsSpace:
                decoded.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                let first = bytes.index(after: index)
                let second = first < bytes.endIndex ? bytes.index(after: first) : first
                guard second < bytes.endIndex, let high = hexValue(bytes[first]), let low = hexValue(bytes[second]) else {
                    let end = bytes.index(index, offsetBy: 3, limitedBy: bytes.endIndex) ?? bytes.endIndex
                    let escape = String(decoding: bytes[index..<end], as: UTF8.self)
                    throw .refused(
                        .invalidPercentEncoding,
                        """
                        \(what) has an invalid percent escape \"\(printable(escape))\"; '%' must be followed by two hex digits (%25 for a \
                        literal '%')
                        """
                    )
                }
                decoded.append(high << 4 | low)
                index = second
            default:
                decoded.append(byte)
            }
            index = bytes.index(after: index)
        }
        guard let text = String(validating: decoded, as: UTF8.self) else {
            throw .refused(.invalidUTF8, "\(what) is not UTF-8 once percent-decoded; encode the text as UTF-8 (뉴 is %EB%89%B4)")
        }
        return text
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// Percent-encodes everything but RFC 3986's unreserved characters.
    /// The parameter `name` as a whole number in `range` (plain ASCII digits), `fallback` when absent.
    /// - Throws: `code` with a message naming the parameter and the range.
    func wholeNumber(_ name: String, in range: ClosedRange<Int>, default fallback: Int, code: Refusal) throws(APIError) -> Int {
        guard let text = self[name] else { return fallback }
        guard text.utf8.count <= String(range.upperBound).utf8.count,
            text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
            let value = Int(text), range.contains(value)
        else {
            throw .refused(
                code,
                "the parameter '\(name)' must be a whole number from \(range.lowerBound) to \(range.upperBound), not \"\(Self.printable(text))\"")
        }
        return value
    }

    static func encode(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        let hex = Array("0123456789ABCDEF".utf8)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out.unicodeScalars.append(Unicode.Scalar(UInt8(ascii: "%")))
                out.unicodeScalars.append(Unicode.Scalar(hex[Int(byte >> 4)]))
                out.unicodeScalars.append(Unicode.Scalar(hex[Int(byte & 0xF)]))
            }
        }
        return out
    }

    /// `text` for an error message: control and format characters escaped (`PrintableText`), at
    /// most `limit` scalars (a path or value as received), or all of them (a message of our own
    /// that quotes a bounded value).
    static func printable(_ text: String, limit: Int? = 40) -> String {
        PrintableText.escaped(text, limit: limit)
    }
}

/// The query-string decoder's properties, for the fuzz target (`worldclock-fuzz query-string`).
package enum QueryStringFuzzing {
    /// Whether decoding `raw` behaves: a valid query's canonical form decodes to the same
    /// parameters, and an invalid one's error message stays short (it quotes at most 40 characters).
    package static func check(_ raw: String) -> Bool {
        let names = ["q", "limit", "at", "section"]
        do {
            let query = try QueryString(raw, allowed: names, endpoint: "/fuzz")
            let again = try QueryString(query.canonical, allowed: names, endpoint: "/fuzz")
            let sorted = { (q: QueryString) in q.parameters.sorted { $0.name < $1.name }.map { "\($0.name)=\($0.value)" } }
            return sorted(query) == sorted(again)
        } catch {
            return error.message.utf8.count < 1_000
        }
    }
}
