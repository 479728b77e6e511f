import HangulCollation
import HangulIndex
import TimeZoneRules
import WireCore
import WorldClockKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `worldclock doctor`: which time-zone rules give the times, what else was found, and the rules
/// Foundation and ICU carry (reported, never used for a time shown).
struct DoctorCommand: Command {
    static let spec = CommandSpec(
        name: "doctor",
        abstract: "시각 계산에 쓰는 tzdata와 찾은 tzdata들, ICU의 규칙 버전을 보여 줍니다.",
        english: "Shows the tzdata the times come from, the other tzdata copies found, and ICU's rules version.",
        options: [.flag("json", help: "텍스트 대신 JSON으로 출력합니다.", english: "Writes JSON instead of text.")] + TZDataOption.options
    )

    let json: Bool
    let tzdata: TZDataOption

    init(_ arguments: ParsedArguments) {
        json = arguments.flag("json")
        tzdata = TZDataOption(arguments)
    }

    var writesJSON: Bool { json }

    func run() throws {
        let choice = try tzdata.choice(warn: false)
        // Read every catalogue zone's file, so that one that is there but unusable shows up below.
        // The catalogue is compiled in: one that does not load is a broken build, said as the
        // data error it is (exit 3), never a report that checked no zone at all.
        for zone in try Catalogue.load().zoneIDs { _ = choice.database.rules(for: zone) }
        let report = DoctorReport(choice)
        if json { return Output.json(report) }
        Output.line("시각 계산에 쓰는 규칙: tzdata \(report.inUse.version) (\(report.inUse.source))")
        Output.line("찾아본 곳:")
        let rows = report.candidates.map { candidate in
            [candidate.source, candidate.version ?? (candidate.exists ? "버전 표시 없음" : "없음")] + (candidate.note.map { [$0] } ?? [])
        }
        TextTable(rows: rows).lines(fitting: nil, indent: "  ").forEach { Output.line($0) }
        Output.line("시각 계산에 쓰지 않는 규칙(참고):")
        TextTable(rows: [
            ["ICU \(report.icuVersion)", report.icuTZDataVersion, "쓰지 않습니다"]
        ]).lines(fitting: nil, indent: "  ").forEach { Output.line($0) }
        Output.line("이 컴퓨터의 시간대: " + (report.localZone.map { Terminal.printable($0) } ?? "없음(UTC를 기준으로 씁니다)"))
        if let warning = choice.warning { Output.line("경고: " + warning.korean) }
        if report.localZone == nil { Output.line(ReferenceZone.noLocalZoneWarning) }
        for fallback in report.fallbacks {
            Output.line("경고: \(fallback.zone): TZif 파일을 쓸 수 없어(\(fallback.problem)) 내장 규칙으로 계산합니다.")
        }
        if let clocks = report.myClocks {
            Output.line("내 시계 파일: \(Terminal.printable(clocks.path)) (\(clocks.summary))")
            clocks.problems.forEach { Output.line("경고: " + Terminal.printable($0)) }
        } else {
            Output.line("내 시계 파일: 없음(XDG_CONFIG_HOME도 HOME도 정해져 있지 않습니다)")
        }
    }
}

/// What `doctor --json` prints.
struct DoctorReport: WireWritable {
    struct Source {
        let source: String
        let exists: Bool
        let version: String?
        let note: String?
    }
    struct InUse {
        let source: String
        let version: String
    }
    /// A zone whose file in the tzdata in use could not be read: its times come from the bundled copy.
    struct Fallback {
        let zone: String
        let problem: String
    }

    let inUse: InUse
    let candidates: [Source]
    let warning: String?
    let fallbacks: [Fallback]
    /// The machine's zone as the tzdata in use has it; nil (no `local_zone` in the JSON): none, and UTC is the reference.
    let localZone: String?
    let icuVersion: String
    let icuTZDataVersion: String
    /// The clocks file and what is wrong with it; nil when there is nowhere to keep one.
    let myClocks: MyClocksReport?

    func write(to json: inout JSONWriter) {
        json.object { json in
            json.field("candidates") { json in
                json.array(candidates) { json, candidate in
                    json.object { json in
                        json.field("exists", candidate.exists)
                        json.field("note", ifPresent: candidate.note)
                        json.field("source", candidate.source)
                        json.field("version", ifPresent: candidate.version)
                    }
                }
            }
            json.field("fallbacks") { json in
                json.array(fallbacks) { json, fallback in
                    json.object {
                        $0.field("problem", fallback.problem)
                        $0.field("zone", fallback.zone)
                    }
                }
            }
            json.field("icu_tzdata_version", icuTZDataVersion)
            json.field("icu_version", icuVersion)
            json.field("in_use") { json in
                json.object {
                    $0.field("source", inUse.source)
                    $0.field("version", inUse.version)
                }
            }
            json.field("local_zone", ifPresent: localZone)
            json.field("my_clocks", ifPresent: myClocks)
            json.field("warning", ifPresent: warning)
        }
    }

    init(_ choice: TZDataChoice) {
        inUse = InUse(source: choice.database.source.description, version: choice.database.version?.description ?? "unknown")
        candidates = choice.candidates.map { candidate in
            Source(
                source: candidate.source.description, exists: candidate.exists, version: candidate.version?.description,
                note: candidate.source == choice.database.source ? "사용 중" : nil)
        }
        warning = choice.warning?.description
        fallbacks = choice.database.fallbacks.map { Fallback(zone: $0.zoneID, problem: $0.error.description) }
        localZone = LocalZone.zone(in: choice.database)
        icuVersion = ICUInfo.version
        icuTZDataVersion = ICUInfo.timeZoneDataVersion
        myClocks = ClocksFile.configured.map { MyClocksReport($0, tzdata: choice.database) }
    }
}

/// What `doctor` says about my clocks: the file, how many clocks and which reference it keeps, and
/// each problem a command would stop at or warn about (a line that does not read, a zone this
/// tzdata lacks, a file that cannot be written).
struct MyClocksReport: WireWritable {
    let path: String
    let exists: Bool
    let clocks: Int
    let reference: String?
    let problems: [String]

    func write(to json: inout JSONWriter) {
        json.object { json in
            json.field("clocks", clocks)
            json.field("exists", exists)
            json.field("path", path)
            json.field("problems", problems)
            json.field("reference", ifPresent: reference)
        }
    }

    init(_ file: ClocksFile, tzdata: TZDatabase) {
        path = file.path
        var problems: [String] = []
        var saved = MyClocks()
        do throws(ClocksFile.Failure) { saved = try file.load() } catch { problems.append(error.message) }
        exists = access(file.resolved, F_OK) == 0
        clocks = saved.clocks.count
        reference = saved.reference.map { "\($0.name) (\($0.zoneID))" }
        problems += saved.problems.map { file.failure($0).message }
        problems += saved.unknownZones(in: tzdata).map { file.unknownZone($0.line, $0.entry, tzdata: tzdata) }
        if saved.referenceLines.count > 1 {
            problems.append(
                "\(file.path): 기준이 \(saved.referenceLines.count)줄(\(saved.referenceLines.map(String.init).joined(separator: ", "))행) 있습니다. 마지막 줄을 씁니다"
            )
        }
        if let catalogue = try? Catalogue.load() {
            problems += saved.numberedEntries.filter { !$0.isReference }.compactMap {
                file.mismatchedZone($0.line, $0.entry, catalogue: catalogue, tzdata: tzdata)
            }
        }
        var status = stat()
        if stat(file.resolved, &status) == 0, status.st_mode & 0o222 == 0 || access(file.resolved, W_OK) != 0 {
            problems.append("\(file.resolved): 읽기 전용이라 add, remove, move, from이 고칠 수 없습니다")
        }
        self.problems = problems
    }

    /// "시계 3곳, 기준 서울 (Asia/Seoul)", or that there is no file yet.
    var summary: String {
        guard exists else { return "아직 없음: worldclock add가 만듭니다" }
        return "시계 \(clocks)곳, 기준 " + (reference.map { Terminal.printable($0) } ?? "정하지 않음(이 컴퓨터의 시간대)")
    }
}
