import Hummingbird
import Logging
import NIOCore
import ServerConfiguration
import Synchronization
internal import WireCore
import WorldClockKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The server's log lines on standard error, one per event: text (`time level message key=value…`,
/// the keys in order) or JSON (`--log-format json`: one object per line, `time`, `level`,
/// `message` and the event's metadata as keys in order, `request_id` for Hummingbird's request
/// id), for a log shipper to read without a pattern. Lines are laid out as bytes and handed to a
/// `LogSink`, which writes many at once from a thread of its own: a request's thread never waits
/// for standard error. The request line, the one line that is written per request, does not come
/// through here but through `RequestLog`, which writes the same line from the request's fields.
struct ServerLogHandler: LogHandler {
    let format: LogFormat
    var logLevel: Logger.Level
    var metadata: Logger.Metadata = [:]
    /// Where finished lines go.
    let sink: LogSink

    /// Lines to `sink` (the server's: standard error, written in batches).
    init(format: LogFormat, level: Logger.Level, sink: LogSink) {
        self.format = format
        self.logLevel = level
        self.sink = sink
    }

    /// Each line, with its newline, to `write` at once, on the logging thread (tests keep them).
    init(
        format: LogFormat, level: Logger.Level, priorityPrefix: Bool = false,
        write: @escaping @Sendable (String) -> Void = ServerLogHandler.standardError
    ) {
        self.init(format: format, level: level, sink: LogSink(format: format, priorityPrefix: priorityPrefix, lines: write))
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var fields = metadata
        if let extra = event.metadata { fields.merge(extra) { $1 } }
        LogLine.write { line in
            line.begin(format: format, level: event.level, clock: sink.clock, priority: sink.priorityPrefix)
            Self.finish(&line, format: format, message: "\(event.message)", metadata: fields)
            // What an operator waits for (startup, reload, shutdown, errors) is written at once.
            sink.append(line.buffer, urgent: event.level >= .notice)
        }
    }

    /// The message and the metadata after the time and level, in key order; Hummingbird's
    /// request id as `request_id` in JSON, left out of text.
    static func finish(_ line: inout LogLine, format: LogFormat, message: String, metadata: Logger.Metadata) {
        switch format {
        case .text:
            line.ascii(" ")
            line.raw(message)
            for key in metadata.keys.sorted() where key != "hb.request.id" {
                line.ascii(" ")
                line.raw(key)
                line.ascii("=")
                // The user agent has spaces: the one value quoted, as `RequestLog` writes it.
                if key == "user_agent" { line.jsonString("\(metadata[key]!)") } else { line.raw("\(metadata[key]!)") }
            }
        case .json:
            line.ascii(",\"message\":")
            line.jsonString(message)
            let named = metadata.map { (name: $0.key == "hb.request.id" ? "request_id" : $0.key, value: $0.value) }
            for (name, value) in named.sorted(by: { $0.name < $1.name }) where !["time", "level", "message"].contains(name) {
                line.ascii(",")
                line.jsonString(name)
                line.ascii(":")
                json(value, into: &line)
            }
            line.ascii("}")
        }
        line.ascii("\n")
    }

    /// A metadata value as JSON: numbers stay numbers (status, bytes, duration), the rest strings.
    private static func json(_ value: Logger.Metadata.Value, into line: inout LogLine) {
        switch value {
        case .string(let text): line.jsonString(text)
        case .stringConvertible(let value):
            if let number = value as? any BinaryInteger {
                line.raw("\(number)")
            } else if let number = value as? Double, number.isFinite {
                line.raw("\(number)")
            } else {
                line.jsonString(value.description)
            }
        case .array(let values):
            line.ascii("[")
            for (index, value) in values.enumerated() {
                if index > 0 { line.ascii(",") }
                json(value, into: &line)
            }
            line.ascii("]")
        case .dictionary(let values):
            line.ascii("{")
            for (index, key) in values.keys.sorted().enumerated() {
                if index > 0 { line.ascii(",") }
                line.jsonString(key)
                line.ascii(":")
                json(values[key]!, into: &line)
            }
            line.ascii("}")
        }
    }

    /// "2026-07-15T12:00:00.123Z".
    static func timestamp(_ time: Date) -> String {
        let seconds = time.timeIntervalSince1970.rounded(.down)
        return LogLine.write { line in
            line.timestamp(LogClock.text(of: Int64(seconds)), millis: Int((time.timeIntervalSince1970 - seconds) * 1000))
            return line.text
        }
    }

    /// Writes `line` to standard error at once, in one `write(2)` when it can.
    @Sendable static func standardError(_ line: String) {
        var line = line
        line.withUTF8 { LogSink.writeAll(UnsafeRawBufferPointer($0), to: 2) }
    }
}

/// The line for each request (`RequestObserver`), laid out from its fields: the same line
/// `ServerLogHandler` writes for the same event, without a `Logger.Metadata` dictionary, a sort,
/// or a `Date` per line. Text: `time info GET /v1/meta 200 0.412 ms bytes=401 client=… duration_ms=0.412
/// method=GET path=/v1/meta status=200`; JSON: the same keys (and `request_id`) in the same order.
struct RequestLog: Sendable {
    let format: LogFormat
    let sink: LogSink

    /// Lines in `format` to `sink`.
    init(format: LogFormat, sink: LogSink) {
        self.format = format
        self.sink = sink
    }

    /// The request log of `logger` when its lines are the server's (`ServerLogHandler`) and it
    /// writes `info`; nil otherwise (the request line then goes through `logger`).
    init?(_ logger: Logger) {
        guard let handler = logger.handler as? ServerLogHandler, handler.logLevel <= .info, handler.metadata.isEmpty else { return nil }
        format = handler.format
        sink = handler.sink
    }

    /// One request's line: `micros` its duration, `bytes` its body's length when known, `client`
    /// the peer's address, `forwardedFor` the client a trusted proxy named (then `client`), `requestID`
    /// its `X-Request-Id` (as answered), `userAgent` its `User-Agent` (bounded and escaped here).
    func write(
        method: String, target: String, status: Int, micros: Int64, bytes: Int?, client: SocketAddress?, forwardedFor: String? = nil,
        requestID: String, userAgent: String?
    ) {
        // Room for the fixed part and the method and target escaped (a stray control byte takes 6).
        let capacity = 512 + 12 * (method.utf8.count + target.utf8.count) + 6 * RequestLog.userAgentLimit
        LogLine.write(capacity: min(capacity, 1 << 16)) { line in
            line.begin(format: format, level: .info, clock: sink.clock, priority: sink.priorityPrefix)
            let json = format == .json
            // In JSON the method and target are escaped once, in the message, and copied from there.
            line.ascii(json ? ",\"message\":\"" : " ")
            let method = line.text(method, json: json)
            line.ascii(" ")
            let target = line.text(target, json: json)
            line.ascii(" ")
            line.integer(status)
            line.ascii(" ")
            let millisStart = line.count
            line.milliseconds(micros, shortest: false)
            let millis = millisStart..<line.count
            line.ascii(json ? " ms\"" : " ms")
            if let bytes { line.field("bytes", json: json) { $0.integer(bytes) } }
            line.field("client", json: json, quoted: true) { line in
                if let forwardedFor { _ = line.text(forwardedFor, json: json) } else { Self.address(client, into: &line, escaped: json) }
            }
            line.field("duration_ms", json: json) { $0.shortestMilliseconds(again: millis) }
            line.field("method", json: json, quoted: true) { $0.again(method) }
            line.field("path", json: json, quoted: true) { $0.again(target) }
            if forwardedFor != nil { line.field("peer", json: json, quoted: true) { Self.address(client, into: &$0, escaped: json) } }
            line.field("request_id", json: json, quoted: true) { $0.text(requestID, json: json) }
            line.field("status", json: json) { $0.integer(status) }
            line.field("user_agent", json: json) { Self.userAgent(userAgent, into: &$0) }
            if json { line.ascii("}") }
            line.ascii("\n")
            sink.append(line.buffer, urgent: false)
        }
    }

    /// The bytes of a user agent logged at most; a longer one is cut at a character's start and
    /// marked with "…".
    static let userAgentLimit = 256

    /// `userAgent` as a JSON string (in text too: it has spaces), at most `userAgentLimit` bytes of
    /// it, control characters escaped; "-" for none.
    static func userAgent(_ userAgent: String?, into line: inout LogLine) {
        guard let userAgent else { return line.ascii("\"-\"") }
        line.ascii("\"")
        var text = userAgent
        text.withUTF8 { bytes in
            guard bytes.count > userAgentLimit else { return line.jsonEscaped(bytes) }
            var end = userAgentLimit
            // Not inside a character: back to a byte that starts one.
            while end > 0, bytes[end] & 0xC0 == 0x80 { end -= 1 }
            line.jsonEscaped(UnsafeBufferPointer(rebasing: bytes[..<end]))
            line.raw("…")
        }
        line.ascii("\"")
    }

    /// The first part of this process's request ids: `RequestID.description` is this, then the
    /// id's 64-bit number in 16 hexadecimal digits.
    private static let requestIDPrefix: [UInt8] = Array(RequestID().description.utf8.dropLast(16))

    /// Hummingbird's request id as its `description` spells it, inside a JSON string: from its
    /// number, without the three strings `description` builds (a test holds the two equal).
    static func requestID(_ value: Logger.Metadata.Value?, into line: inout LogLine) {
        guard case .stringConvertible(let value)? = value, let number = requestIDNumber(value) else {
            return line.jsonEscaped(value.map { "\($0)" } ?? "-")
        }
        line.raw(requestIDPrefix)
        line.hex(number, width: 16)
    }

    /// The number of `value` when it is a `RequestID`: the existential opened and its type
    /// compared, which costs less than the runtime's cast (`as? RequestID`).
    private static func requestIDNumber<Value>(_ value: Value) -> UInt64? {
        guard Value.self == RequestID.self, MemoryLayout<Value>.size == 8 else { return nil }
        return withUnsafeBytes(of: value) { $0.loadUnaligned(as: UInt64.self) }
    }

    /// "127.0.0.1:52344" written digit by digit; "[::1]:52344" and the rest as
    /// `RequestObserver.address` spells them; "-" for none.
    private static func address(_ address: SocketAddress?, into line: inout LogLine, escaped: Bool) {
        switch address {
        case .v4(let v4)?:
            let ip = UInt32(bigEndian: v4.address.sin_addr.s_addr)
            line.integer(Int(ip >> 24))
            line.ascii(".")
            line.integer(Int(ip >> 16 & 0xFF))
            line.ascii(".")
            line.integer(Int(ip >> 8 & 0xFF))
            line.ascii(".")
            line.integer(Int(ip & 0xFF))
            line.ascii(":")
            line.integer(Int(UInt16(bigEndian: v4.address.sin_port)))
        case let address?:
            let text = RequestObserver.address(address)
            if escaped { line.jsonEscaped(text) } else { line.raw(text) }
        case nil:
            line.ascii("-")
        }
    }
}

/// A log line being laid out, as UTF-8 bytes, in a buffer on the stack (`write(capacity:_:)`)
/// that moves to the heap only when a line outgrows it: a byte costs a store, not an `Array`
/// append, and a line no allocation.
struct LogLine {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// The bytes written.
    private(set) var count = 0
    /// Whether `base` was allocated here (on growing) and is freed at the end of `write`.
    private var allocated = false

    private init(base: UnsafeMutablePointer<UInt8>, capacity: Int) {
        self.base = base
        self.capacity = capacity
    }

    /// Runs `body` with an empty line of `capacity` bytes (more when it grows), valid only inside.
    static func write<Result>(capacity: Int = 512, _ body: (inout LogLine) throws -> Result) rethrows -> Result {
        try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
            var line = LogLine(base: buffer.baseAddress!, capacity: capacity)
            defer { if line.allocated { line.base.deallocate() } }
            return try body(&line)
        }
    }

    /// The bytes written so far.
    var buffer: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    /// The line as text (tests, and a sink that hands out strings).
    var text: String { String(decoding: buffer, as: UTF8.self) }

    /// Makes room for `more` bytes.
    @inline(__always)
    private mutating func reserve(_ more: Int) {
        if count + more > capacity { grow(more) }
    }

    private mutating func grow(_ more: Int) {
        let bigger = max(capacity * 2, count + more)
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: bigger)
        moved.initialize(from: base, count: count)
        if allocated { base.deallocate() }
        base = moved
        capacity = bigger
        allocated = true
    }

    /// One byte.
    @inline(__always)
    mutating func byte(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    /// `bytes` as they are.
    @inline(__always)
    mutating func raw(_ bytes: UnsafeRawBufferPointer) {
        guard !bytes.isEmpty else { return }
        reserve(bytes.count)
        UnsafeMutableRawPointer(base + count).copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
        count += bytes.count
    }

    /// The time and level, then what the format puts before the message: `time level` in text,
    /// `{"time":…,"level":…` in JSON. The time is now, from `clock`.
    mutating func begin(format: LogFormat, level: Logger.Level, clock: LogClock, priority: Bool = false) {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        if priority { self.priority(level) }
        begin(format: format, level: level, seconds: Int64(now.tv_sec), millis: Int(now.tv_nsec / 1_000_000), clock: clock)
    }

    /// sd-daemon's prefix for `level` (`<3>` for an error, `<6>` for info), which the journal reads
    /// as the line's priority and strips (`JournalStream`).
    mutating func priority(_ level: Logger.Level) {
        switch level {
        case .trace, .debug: ascii("<7>")
        case .info: ascii("<6>")
        case .notice: ascii("<5>")
        case .warning: ascii("<4>")
        case .error: ascii("<3>")
        case .critical: ascii("<2>")
        }
    }

    /// The same at `seconds` since 1970 and `millis`.
    mutating func begin(format: LogFormat, level: Logger.Level, seconds: Int64, millis: Int, clock: LogClock? = nil) {
        let date = clock?.text(of: seconds) ?? LogClock.text(of: seconds)
        switch format {
        case .text:
            timestamp(date, millis: millis)
            ascii(" ")
            ascii(Self.name(of: level))
        case .json:
            ascii("{\"time\":\"")
            timestamp(date, millis: millis)
            ascii("\",\"level\":\"")
            ascii(Self.name(of: level))
            ascii("\"")
        }
    }

    /// `level.rawValue`, without a string (a test holds the two equal).
    static func name(of level: Logger.Level) -> StaticString {
        switch level {
        case .trace: "trace"
        case .debug: "debug"
        case .info: "info"
        case .notice: "notice"
        case .warning: "warning"
        case .error: "error"
        case .critical: "critical"
        }
    }

    /// "2026-07-15T12:00:00" + ".123Z".
    mutating func timestamp(_ date: LogClock.DateText, millis: Int) {
        withUnsafeBytes(of: date) { raw($0) }
        reserve(5)
        base[count] = UInt8(ascii: ".")
        base[count + 1] = UInt8(ascii: "0") + UInt8(millis / 100 % 10)
        base[count + 2] = UInt8(ascii: "0") + UInt8(millis / 10 % 10)
        base[count + 3] = UInt8(ascii: "0") + UInt8(millis % 10)
        base[count + 4] = UInt8(ascii: "Z")
        count += 5
    }

    /// The bytes at `range` of the line (written before) written again at its end.
    mutating func again(_ range: Range<Int>) {
        reserve(range.count)
        UnsafeMutableRawPointer(base + count).copyMemory(from: base + range.lowerBound, byteCount: range.count)
        count += range.count
    }

    /// A field after the message: ` key=value` in text, `,"key":value` in JSON, where a `quoted`
    /// value is in quotes.
    mutating func field(_ key: StaticString, json: Bool, quoted: Bool = false, _ value: (inout LogLine) -> Void) {
        ascii(json ? ",\"" : " ")
        ascii(key)
        ascii(json ? (quoted ? "\":\"" : "\":") : "=")
        value(&self)
        if json, quoted { ascii("\"") }
    }

    /// `text` escaped inside a JSON string when `json`, as it is in text; where it now stands in the line.
    @discardableResult
    mutating func text(_ text: String, json: Bool) -> Range<Int> {
        let start = count
        if json { jsonEscaped(text) } else { raw(text) }
        return start..<count
    }

    /// `text` as it is (ASCII the caller wrote).
    @inline(__always)
    mutating func ascii(_ text: StaticString) {
        raw(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// `text` as it is.
    mutating func raw(_ text: String) {
        var text = text
        text.withUTF8 { raw(UnsafeRawBufferPointer($0)) }
    }

    /// `bytes` as they are.
    mutating func raw(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { raw($0) }
    }

    private static let hexDigits: StaticString = "0123456789abcdef"

    /// `value` in `width` lower-case hexadecimal digits, zeros first.
    mutating func hex(_ value: UInt64, width: Int) {
        reserve(width)
        let digits = Self.hexDigits.utf8Start
        var rest = value
        var index = count + width
        while index > count {
            index -= 1
            base[index] = digits[Int(truncatingIfNeeded: rest & 0xF)]
            rest >>= 4
        }
        count += width
    }

    /// `value` in decimal. Below 1000 (a status, an address's octet, most durations' milliseconds)
    /// the digits are stored straight; larger values are laid out from the last digit.
    mutating func integer(_ value: Int) {
        let zero = UInt8(ascii: "0")
        if value >= 0, value < 1000 {
            reserve(3)
            let digits = UInt16(truncatingIfNeeded: value)
            if digits >= 100 {
                base[count] = zero &+ UInt8(truncatingIfNeeded: digits / 100)
                base[count + 1] = zero &+ UInt8(truncatingIfNeeded: digits / 10 % 10)
                base[count + 2] = zero &+ UInt8(truncatingIfNeeded: digits % 10)
                count += 3
            } else if digits >= 10 {
                base[count] = zero &+ UInt8(truncatingIfNeeded: digits / 10)
                base[count + 1] = zero &+ UInt8(truncatingIfNeeded: digits % 10)
                count += 2
            } else {
                base[count] = zero &+ UInt8(truncatingIfNeeded: digits)
                count += 1
            }
            return
        }
        if value < 0 { byte(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits = 1
        var limit: UInt = 10
        while magnitude >= limit, digits < 19 {
            digits += 1
            limit &*= 10
        }
        if digits == 19, magnitude >= limit { digits = 20 }
        reserve(digits)
        var index = count + digits
        while index > count {
            index -= 1
            base[index] = zero &+ UInt8(truncatingIfNeeded: magnitude % 10)
            magnitude /= 10
        }
        count += digits
    }

    /// `micros` as milliseconds: "0.412" with three decimals, or when `shortest` as a `Double`
    /// prints it ("0.41", "12.0"), what the metadata's number wrote before.
    mutating func milliseconds(_ micros: Int64, shortest: Bool) {
        integer(Int(micros / 1000))
        var fraction = Int(micros % 1000)
        var width = 3
        if shortest {
            while width > 1, fraction % 10 == 0 {
                fraction /= 10
                width -= 1
            }
        }
        reserve(4)
        base[count] = UInt8(ascii: ".")
        for index in stride(from: count + width, through: count + 1, by: -1) {
            base[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: fraction % 10)
            fraction /= 10
        }
        count += width + 1
    }

    /// The milliseconds at `range` of the line (`milliseconds(_:shortest: false)`, written
    /// before) written again as `milliseconds(_:shortest: true)` writes them: copied, and the
    /// decimals' trailing zeros dropped but one.
    mutating func shortestMilliseconds(again range: Range<Int>) {
        again(range)
        while count >= 3, base[count - 1] == UInt8(ascii: "0"), base[count - 2] != UInt8(ascii: ".") { count -= 1 }
    }

    /// `text` as a JSON string with its quotes.
    mutating func jsonString(_ text: String) {
        byte(UInt8(ascii: "\""))
        jsonEscaped(text)
        byte(UInt8(ascii: "\""))
    }

    /// `text` inside a JSON string (`jsonEscaped(_:)` of its UTF-8).
    mutating func jsonEscaped(_ text: String) {
        var text = text
        text.withUTF8 { jsonEscaped($0) }
    }

    /// UTF-8 `text` inside a JSON string, escaped by the package's one escaper (`JSONWriter.escape`),
    /// whose runs between escapes (most often the whole text) are copied at once.
    mutating func jsonEscaped(_ text: UnsafeBufferPointer<UInt8>) {
        reserve(text.count)
        JSONWriter.escape(text) { raw(UnsafeRawBufferPointer($0)) }
    }
}

/// The date and time part of log lines' `time` ("2026-07-15T12:00:00"), made once a second
/// (`ISO8601.utc`) rather than once a line.
final class LogClock: Sendable {
    /// The 19 bytes of "2026-07-15T12:00:00".
    typealias DateText = (UInt64, UInt64, UInt16, UInt8)

    private let last = Mutex<(second: Int64, text: DateText)>((Int64.min, (0, 0, 0, 0)))

    /// "2026-07-15T12:00:00" for `seconds` since 1970, from the cache when it is that second's.
    func text(of seconds: Int64) -> DateText {
        if let text = last.withLock({ $0.second == seconds ? $0.text : nil }) { return text }
        let text = Self.text(of: seconds)
        last.withLock { $0 = (seconds, text) }
        return text
    }

    /// The same, made now.
    static func text(of seconds: Int64) -> DateText {
        var text: DateText = (0, 0, 0, 0)
        let iso = ISO8601.utc(Date(timeIntervalSince1970: Double(seconds))).utf8.prefix(19)
        withUnsafeMutableBytes(of: &text) { $0.copyBytes(from: iso) }
        return text
    }
}

/// Where log lines go: standard error, written by a thread of its own in large `write(2)`s, or a
/// function given each line (tests).
///
/// Lines are appended to a buffer under a lock; the writer takes the whole buffer and writes it
/// at least every 100 ms, at once when it holds 64 KiB or an urgent line (notice and above:
/// startup, reload, shutdown, errors), and at `flush()`, which `serve` calls after its last line,
/// so that no line is lost and the `stopped` line is the last. The buffer is bounded (4 MiB): when
/// standard error is not read as fast as lines come (a stalled pipe, a full disk), further lines
/// are dropped, counted (`droppedLines`, `worldclock_log_lines_dropped_total`) and said in a
/// warning line once writing resumes, rather than holding requests up or growing without bound:
/// a log must not take the server down with it.
final class LogSink: @unchecked Sendable {
    /// The format of the sink's own lines (the drop warning).
    let format: LogFormat
    /// Whether each line begins with its sd-daemon priority (`<3>`): stderr is the journal, or asked.
    let priorityPrefix: Bool
    /// The cached date text, shared by every line written here.
    let clock = LogClock()
    /// The bytes the buffer holds at most.
    let capacity: Int
    /// How much makes the writer write at once.
    static let batchBytes = 64 * 1024
    /// How long a line waits at most (100 ms).
    let interval: Duration

    private enum Target {
        case fileDescriptor(Int32)
        case lines(@Sendable (String) -> Void)
    }
    private let target: Target

    // Guarded by `lock`, which also keeps accesses exclusive: no dynamic check on each (a
    // request's line paid five).
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let wake = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    @exclusivity(unchecked) private var pending: [UInt8] = []
    @exclusivity(unchecked) private var urgent = false
    @exclusivity(unchecked) private var droppedSinceReport = 0
    /// Held while a batch is taken and written, so that batches reach the file in order.
    private let writing = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    /// The writer's batch (guarded by `writing`).
    @exclusivity(unchecked) private var batch: [UInt8] = []
    private let dropped = Atomic<Int>(0)
    /// Whether the writer thread runs (else each line is written at once).
    private let writerRuns = Atomic<Bool>(false)

    /// Lines to `fileDescriptor` (2, standard error) from a writer thread started here, which
    /// writes every `interval` at least; at most `capacity` bytes wait.
    init(
        format: LogFormat, priorityPrefix: Bool = false, fileDescriptor: Int32 = 2, capacity: Int = 4 << 20, interval: Duration = .milliseconds(100)
    ) {
        self.format = format
        self.priorityPrefix = priorityPrefix
        self.capacity = capacity
        self.interval = interval
        target = .fileDescriptor(fileDescriptor)
        pthread_mutex_init(lock, nil)
        pthread_mutex_init(writing, nil)
        pthread_cond_init(wake, nil)
        pending.reserveCapacity(Self.batchBytes * 2)
        batch.reserveCapacity(Self.batchBytes * 2)
        var thread = pthread_t()
        let started = pthread_create(
            &thread, nil,
            { argument in
                Unmanaged<LogSink>.fromOpaque(argument!).takeRetainedValue().run()
                return nil
            }, Unmanaged.passRetained(self).toOpaque())
        if started == 0 { writerRuns.store(true, ordering: .releasing) }
    }

    /// Each line handed to `lines` at once, on the thread that logs it.
    init(format: LogFormat, priorityPrefix: Bool = false, lines: @escaping @Sendable (String) -> Void) {
        self.format = format
        self.priorityPrefix = priorityPrefix
        self.capacity = .max
        self.interval = .zero
        target = .lines(lines)
    }

    /// The lines dropped so far because the buffer was full.
    var droppedLines: Int { dropped.load(ordering: .relaxed) }

    /// Adds `line` to what is written next; `urgent` has it written now (without waiting here).
    func append(_ line: UnsafeBufferPointer<UInt8>, urgent: Bool) {
        switch target {
        case .lines(let write):
            write(String(decoding: line, as: UTF8.self))
        case .fileDescriptor(let descriptor):
            guard writerRuns.load(ordering: .relaxed) else { return LogSink.writeAll(UnsafeRawBufferPointer(line), to: descriptor) }
            pthread_mutex_lock(lock)
            if pending.count + line.count > capacity {
                droppedSinceReport += 1
                dropped.add(1, ordering: .relaxed)
            } else {
                pending.append(contentsOf: line)
            }
            let wakeNow = urgent || pending.count >= Self.batchBytes
            if urgent { self.urgent = true }
            pthread_mutex_unlock(lock)
            if wakeNow { pthread_cond_signal(wake) }
        }
    }

    /// Writes every line appended so far, and returns when they are written: at the end of
    /// `serve`, after its last line.
    func flush() {
        guard case .fileDescriptor = target, writerRuns.load(ordering: .relaxed) else { return }
        writeBatch()
    }

    /// The writer thread: waits for a batch, a line that is urgent, or the interval, and writes.
    private func run() {
        while true {
            pthread_mutex_lock(lock)
            var deadline = timespec()
            clock_gettime(CLOCK_REALTIME, &deadline)
            let nanos =
                Int(deadline.tv_nsec) + Int(interval.components.seconds) * 1_000_000_000 + Int(interval.components.attoseconds / 1_000_000_000)
            deadline.tv_sec += nanos / 1_000_000_000
            deadline.tv_nsec = nanos % 1_000_000_000
            while !urgent, pending.count < Self.batchBytes {
                if pthread_cond_timedwait(wake, lock, &deadline) == ETIMEDOUT { break }
            }
            pthread_mutex_unlock(lock)
            writeBatch()
        }
    }

    /// Takes what is pending and writes it, then the warning for lines dropped since the last.
    private func writeBatch() {
        guard case .fileDescriptor(let descriptor) = target else { return }
        pthread_mutex_lock(writing)
        defer { pthread_mutex_unlock(writing) }
        pthread_mutex_lock(lock)
        swap(&pending, &batch)
        urgent = false
        let lost = droppedSinceReport
        droppedSinceReport = 0
        pthread_mutex_unlock(lock)
        if lost > 0 {
            LogLine.write { line in
                line.begin(format: format, level: .warning, clock: clock, priority: priorityPrefix)
                let message = "\(lost) log lines dropped: standard error was not read as fast as lines came (\(droppedLines) in all)"
                ServerLogHandler.finish(&line, format: format, message: message, metadata: ["dropped": .stringConvertible(lost)])
                batch.append(contentsOf: line.buffer)
            }
        }
        guard !batch.isEmpty else { return }
        batch.withUnsafeBufferPointer { LogSink.writeAll(UnsafeRawBufferPointer($0), to: descriptor) }
        batch.removeAll(keepingCapacity: true)
    }

    /// Writes all of `bytes` to `descriptor`, again after a short write or an interruption; gives
    /// up on an error (there is nowhere to say it).
    static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) {
        var offset = 0
        while offset < bytes.count {
            #if canImport(Glibc)
            let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            #else
            let written = Musl.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            #endif
            if written < 0, errno == EINTR { continue }
            if written <= 0 { return }
            offset += written
        }
    }
}
