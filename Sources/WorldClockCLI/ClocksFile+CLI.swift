import TimeZoneRules
import WorldClockKit

extension ClocksFile {
    /// The configured file, or an I/O error when there is nowhere to keep it (add, remove, move, from).
    static func forEditing() throws -> ClocksFile {
        guard let file = configured else {
            throw CLIError.io("내 시계를 둘 곳이 없습니다: XDG_CONFIG_HOME도 HOME도 정해져 있지 않습니다")
        }
        return file
    }

    /// The saved clocks, a file that does not read an error (before an edit names its places).
    func saved() throws -> MyClocks {
        do { return try load() } catch { throw error.cliError }
    }

    /// How a command uses my clocks when it reads them.
    enum Need {
        /// The command is about them (`worldclock`, `clocks`): a file that does not read stops it.
        case required
        /// The command only marks them or takes the saved reference (`list`, `search`, `show`):
        /// a problem is one warning on stderr and the command goes on without the file, which is
        /// kept as it is. With `json`, the warning is one JSON object on stderr (`{"warning": …}`),
        /// out of the way of the JSON answer on stdout, but never left out.
        case optional(json: Bool)
    }

    /// The saved clocks as a command reads them; for an optional read, the reference is dropped
    /// (with the warning) when `tzdata` has no rules for its zone.
    static func load(_ need: Need, tzdata: TZDatabase) throws -> MyClocks {
        guard let file = configured else { return MyClocks() }
        var clocks: MyClocks
        do { clocks = try file.load() } catch {
            guard case .optional(let json) = need else { throw error.cliError }
            warn("내 시계 파일을 쓰지 않고 계속합니다: \(error.message)", code: "clocks_file_unreadable", json: json)
            return MyClocks()
        }
        if let bad = clocks.unknownZones(in: tzdata).first(where: \.isReference) {
            let problem = file.unknownZone(bad.line, bad.entry, tzdata: tzdata)
            guard case .optional(let json) = need else { throw CLIError.data("내 시계 파일의 기준: \(problem). 파일을 고치거나 worldclock from으로 다시 정하세요") }
            warn("내 시계 파일의 기준을 쓰지 않고 계속합니다: \(problem)", code: "clocks_reference_unknown", json: json)
            clocks.setReference(nil)
        }
        return clocks
    }

    /// One warning on stderr: Korean text, or with `json` one line `{"warning":{"code":…,"message":…}}`.
    private static func warn(_ message: String, code: String, json: Bool) {
        if json {
            Output.json(JSONWarning(warning: FeedError(code: code, message: message).error), pretty: false, to: .error)
        } else {
            Terminal.note("경고: " + message)
        }
    }

    /// "path:3: \"Asia/Tokyoo\"는 이 tzdata(2026f)에 없는 시간대입니다".
    func unknownZone(_ line: Int, _ entry: MyClocks.Entry, tzdata: TZDatabase) -> String {
        let zone = KoreanParticle.attach(.topic, to: "\"\(Terminal.printable(entry.zoneID, limit: 40))\"")
        return "\(path):\(line): \(zone) 이 tzdata(\(tzdata.version?.description ?? "버전 모름"))에 없는 시간대입니다(\(Terminal.printable(entry.name)))"
    }
}

/// A warning with `--json`: `{"warning":{"code":…,"message":…}}`, the error body's shape.
private struct JSONWarning: Encodable {
    let warning: FeedError.Body
}
