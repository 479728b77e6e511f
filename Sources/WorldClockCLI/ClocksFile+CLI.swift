import TimeZoneRules
import WireCore
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
        do throws(Failure) {
            let clocks = try load()
            if let problem = clocks.problems.first { throw failure(problem) }
            return clocks
        } catch { throw error.cliError }
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
            warn("내 시계 파일을 쓰지 않고 계속합니다: \(error.message)", caution: .clocksFileUnreadable, json: json)
            return MyClocks()
        }
        let json: Bool
        if case .optional(let asJSON) = need { json = asJSON } else { json = false }
        // A line that does not read is skipped, said with its line; the rest (the reference
        // above all) still counts. The clocks screen names them again and fails (ClocksCommand).
        if case .optional = need {
            for problem in clocks.problems {
                warn("내 시계 파일의 이 줄을 건너뛰고 계속합니다: \(file.failure(problem).message)", caution: .clocksFileUnreadable, json: json)
            }
        }
        let referenceLines = clocks.referenceLines
        if referenceLines.count > 1, let reference = clocks.reference {
            let numbers = referenceLines.map(String.init).joined(separator: ", ")
            warn(
                "\(file.path): 기준이 \(referenceLines.count)줄(\(numbers)행) 있어 마지막 줄(\(referenceLines[referenceLines.count - 1])행)의 "
                    + "\(KoreanParticle.attach(.object, to: Terminal.printable(reference.name))) 씁니다. worldclock from으로 다시 정하면 한 줄이 됩니다",
                caution: .clocksReferenceRepeated, json: json)
        }
        if let bad = clocks.unknownZones(in: tzdata).first(where: \.isReference) {
            let problem = file.unknownZone(bad.line, bad.entry, tzdata: tzdata)
            guard case .optional(let json) = need else {
                throw CLIError.data("내 시계 파일의 기준: \(problem)\(problem.hasSuffix("?") ? "" : ".") 파일을 고치거나 worldclock from으로 다시 정하세요")
            }
            warn("내 시계 파일의 기준을 쓰지 않고 계속합니다: \(problem)", caution: .clocksReferenceUnknown, json: json)
            clocks.setReference(nil)
        }
        return clocks
    }

    /// One warning on stderr: Korean text, or with `json` one line `{"warning":{"code":…,"message":…}}`.
    private static func warn(_ message: String, caution: Caution, json: Bool) {
        if json {
            StandardStream.error.write(JSONWriter.error(code: caution.code, message: message, warning: true) + [0x0A])
        } else {
            Terminal.note("경고: " + message)
        }
    }

    /// "path:3: \"Asia/Tokyoo\"는 이 tzdata(2026f)에 없는 시간대입니다(도쿄). 혹시 Asia/Tokyo?".
    func unknownZone(_ line: Int, _ entry: MyClocks.Entry, tzdata: TZDatabase) -> String {
        let zone = KoreanParticle.attach(.topic, to: "\"\(Terminal.printable(entry.zoneID, limit: 40))\"")
        let suggestion = Self.nearestZoneID(to: entry.zoneID, tzdata: tzdata).map { ". 혹시 \($0)?" } ?? ""
        return "\(path):\(line): \(zone) 이 tzdata(\(tzdata.version?.description ?? "버전 모름"))에 없는 시간대입니다(\(Terminal.printable(entry.name)))"
            + suggestion
    }

    /// The zone id a hand edit most likely meant: the same but for case (asia/tokyo), else the one
    /// within two edits (Asia/Tokyoo), among the bundled catalogue's zones that `tzdata` has.
    static func nearestZoneID(to typed: String, tzdata: TZDatabase) -> String? {
        guard typed.count <= 64, let catalogue = try? Catalogue.load() else { return nil }
        if let same = catalogue.zoneID(ignoringCase: typed), tzdata.rules(for: same) != nil { return same }
        let lowered = typed.lowercased()
        let near = catalogue.zoneIDs.lazy.filter { abs($0.count - typed.count) <= 2 }
            .map { ($0, ArgumentReader.editDistance(lowered, $0.lowercased())) }
            .filter { $0.1 <= 2 }
            .min { $0.1 < $1.1 }
        return near.flatMap { tzdata.rules(for: $0.0) != nil ? $0.0 : nil }
    }

    /// "path:3: 뉴욕의 시간대(America/New_York)와 이 줄의 시간대(Asia/Tokyo)가 다릅니다. …": a clock named after a place whose zone is another; nil when the name is
    /// not the catalogue's or one of its places with that name keeps that zone.
    func mismatchedZone(_ line: Int, _ entry: MyClocks.Entry, catalogue: Catalogue, tzdata: TZDatabase) -> String? {
        // A zone the tzdata lacks is said as such (unknownZone), not as this.
        guard let place = catalogue.place(named: entry.name), tzdata.rules(for: entry.zoneID) != nil else { return nil }
        let written = catalogue.zoneID(for: entry.zoneID) ?? entry.zoneID
        guard place.zoneID != written, !catalogue.places(inZone: written).contains(where: { $0.name == entry.name }) else { return nil }
        return "\(path):\(line): \(Terminal.printable(entry.name))의 시간대(\(place.zoneID))와 이 줄의 시간대(\(Terminal.printable(entry.zoneID, limit: 40)))가 "
            + "다릅니다. 적힌 시간대의 시각을 보여 줍니다. 시간대를 고치거나 이름을 바꾸세요"
    }
}
