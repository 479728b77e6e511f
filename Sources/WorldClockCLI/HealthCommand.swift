import ServerConfiguration

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `worldclock health`: asks a running `worldclock serve` for `/healthz` and exits 0 when it
/// answers 200. The container image's HEALTHCHECK runs it: an image built `FROM scratch` has no
/// curl, and this needs nothing but the binary (a plain socket, no HTTP library).
struct HealthCommand: Command {
    static let spec = CommandSpec(
        name: "health",
        abstract: "실행 중인 worldclock serve에 /healthz를 묻고, 200으로 답하면 0으로 끝납니다(컨테이너 상태 검사용).",
        english: "Asks a running worldclock serve for /healthz and exits 0 when it answers 200 (for container health checks).",
        options: [
            .option("host", value: "주소", help: "물을 서버의 주소(기본값: 127.0.0.1).", english: "Address of the server to ask (default: 127.0.0.1)."),
            .option(
                "port", value: "포트", help: "물을 서버의 포트(기본값: \(FeedServerConfiguration().port)).",
                english: "Port of the server to ask (default: \(FeedServerConfiguration().port))."),
            .option("timeout", value: "초", help: "답을 기다리는 시간, 1–60(기본값: 3).", english: "Seconds to wait for the answer, 1–60 (default: 3)."),
        ]
    )

    let host: String
    let port: Int
    let timeout: Int

    init(_ arguments: ParsedArguments) throws(UsageError) {
        host = arguments.value("host") ?? "127.0.0.1"
        port = try arguments.integer("port", default: FeedServerConfiguration().port)
        timeout = try arguments.integer("timeout", default: 3)
        if !(1...65535).contains(port) { throw arguments.error("--port는 1에서 65535 사이여야 합니다(받은 값: \(port))") }
        if !(1...60).contains(timeout) { throw arguments.error("--timeout은 1에서 60초 사이여야 합니다(받은 값: \(timeout))") }
    }

    func run() throws {
        let address = "\(Terminal.printable(host, limit: 80)):\(port)"
        let status = try Self.status(host: host, port: port, timeout: timeout).get()
        guard status == 200 else { throw CLIError.io("\(address)의 /healthz가 \(status)로 답했습니다") }
        Output.line("\(address): 정상(200)")
    }

    /// The HTTP status `GET /healthz` gets from `host:port`, or why none came (in Korean).
    static func status(host: String, port: Int, timeout: Int) -> Result<Int, CLIError> {
        let address = "\(Terminal.printable(host, limit: 80)):\(port)"
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var found: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &found) == 0, let first = found else {
            return .failure(.io("\(Terminal.printable(host, limit: 80))의 주소를 찾지 못했습니다"))
        }
        defer { freeaddrinfo(found) }
        let descriptor = socket(first.pointee.ai_family, first.pointee.ai_socktype, first.pointee.ai_protocol)
        guard descriptor >= 0 else { return .failure(.io("소켓을 열지 못했습니다(\(String(cString: strerror(errno))))")) }
        defer { close(descriptor) }
        // Bounds connect, write and read alike (Linux applies SO_SNDTIMEO to connect).
        var limit = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        guard connect(descriptor, first.pointee.ai_addr, first.pointee.ai_addrlen) == 0 else {
            return .failure(.io("\(address)에 연결하지 못했습니다(\(String(cString: strerror(errno))))"))
        }
        let request = Array("GET /healthz HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n".utf8)
        guard request.withUnsafeBytes({ send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == request.count else {
            return .failure(.io("\(address)에 요청을 보내지 못했습니다(\(String(cString: strerror(errno))))"))
        }
        // The status line is all that is needed: "HTTP/1.1 200 OK".
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 512)
        while !received.contains(UInt8(ascii: "\n")) && received.count < 4096 {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            received += buffer[..<count]
        }
        let line = String(decoding: received.prefix { $0 != UInt8(ascii: "\r") && $0 != UInt8(ascii: "\n") }, as: UTF8.self)
        let fields = line.split(separator: " ")
        guard fields.count >= 2, fields[0].hasPrefix("HTTP/1."), let status = Int(fields[1]) else {
            return .failure(.io("\(address)에서 HTTP 답을 받지 못했습니다"))
        }
        return .success(status)
    }
}
