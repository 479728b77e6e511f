import Logging
import ServerConfiguration
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

/// The server's log lines on standard error, one per event: text (`time level message key=value…`)
/// or JSON (`--log-format json`: one object per line, `time`, `level`, `message` and the event's
/// metadata as keys, `request_id` for Hummingbird's request id), for a log shipper to read
/// without a pattern. Each line is one `write(2)`, so lines from several threads never interleave.
struct ServerLogHandler: LogHandler {
    let format: LogFormat
    var logLevel: Logger.Level
    var metadata: Logger.Metadata = [:]
    /// Where a finished line goes (standard error; tests keep it).
    let write: @Sendable (String) -> Void

    init(format: LogFormat, level: Logger.Level, write: @escaping @Sendable (String) -> Void = ServerLogHandler.standardError) {
        self.format = format
        self.logLevel = level
        self.write = write
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var fields = metadata
        if let extra = event.metadata { fields.merge(extra) { $1 } }
        write(Self.line(format: format, time: Date(), level: event.level, message: "\(event.message)", metadata: fields))
    }

    /// One line, with its newline.
    static func line(format: LogFormat, time: Date, level: Logger.Level, message: String, metadata: Logger.Metadata) -> String {
        let stamp = timestamp(time)
        switch format {
        case .text:
            let pairs = metadata.keys.sorted().filter { $0 != "hb.request.id" }.map { "\($0)=\(metadata[$0]!)" }
            return ([stamp, level.rawValue, message] + pairs).joined(separator: " ") + "\n"
        case .json:
            var object = "{\"time\":\(JSONText.string(stamp)),\"level\":\(JSONText.string(level.rawValue)),\"message\":\(JSONText.string(message))"
            for key in metadata.keys.sorted() {
                let name = key == "hb.request.id" ? "request_id" : key
                guard !["time", "level", "message"].contains(name) else { continue }
                object += ",\(JSONText.string(name)):\(json(metadata[key]!))"
            }
            return object + "}\n"
        }
    }

    /// A metadata value as JSON: numbers stay numbers (status, bytes, duration), the rest strings.
    private static func json(_ value: Logger.Metadata.Value) -> String {
        switch value {
        case .string(let text): return JSONText.string(text)
        case .stringConvertible(let value):
            if let number = value as? any BinaryInteger { return "\(number)" }
            if let number = value as? Double, number.isFinite { return "\(number)" }
            return JSONText.string(value.description)
        case .array(let values): return "[" + values.map(json).joined(separator: ",") + "]"
        case .dictionary(let values):
            return "{" + values.keys.sorted().map { "\(JSONText.string($0)):\(json(values[$0]!))" }.joined(separator: ",") + "}"
        }
    }

    /// "2026-07-15T12:00:00.123Z".
    static func timestamp(_ time: Date) -> String {
        let seconds = time.timeIntervalSince1970.rounded(.down)
        let millis = Int((time.timeIntervalSince1970 - seconds) * 1000)
        let whole = ISO8601.utc(Date(timeIntervalSince1970: seconds))
        return String(whole.dropLast()) + "." + zeroPadded(millis, width: 3) + "Z"
    }

    @Sendable static func standardError(_ line: String) {
        var line = line
        line.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                #if canImport(Glibc)
                let written = Glibc.write(2, bytes.baseAddress! + offset, bytes.count - offset)
                #else
                let written = Musl.write(2, bytes.baseAddress! + offset, bytes.count - offset)
                #endif
                if written <= 0 { return }
                offset += written
            }
        }
    }
}
