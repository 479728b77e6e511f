import WorldClockKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `worldclock from [<곳>]`: keeps the reference every command measures from (what `--from` gives
/// for one run); without a place it says the current one, with `--clear` it forgets it.
struct FromCommand: Command {
    static let spec = CommandSpec(
        name: "from",
        abstract: "기본 기준 시간대를 정합니다(--from을 주지 않을 때 쓰는 곳). 곳 없이 치면 지금 기준을 보여 줍니다.",
        english: "Sets the default reference zone (used when --from is not given); without a place, shows the current one.",
        options: [.flag("clear", help: "정해 둔 기준을 지우고 이 컴퓨터의 시간대로 돌아갑니다.", english: "Clears the reference set, back to this computer's zone.")]
            + TableOptions.options + TZDataOption.options,
        arguments: [
            ArgumentSpec(
                valueName: "곳", help: "기준이 될 곳: 서울, KST, Asia/Seoul …", english: "The reference place: 서울, KST, Asia/Seoul …", repeats: true,
                isOptional: true)
        ]
    )

    let text: String?
    let clear: Bool
    let table: TableOptions
    let tzdata: TZDataOption

    init(_ arguments: ParsedArguments) throws(UsageError) {
        text = arguments.hasArgument(0) ? arguments.argument(0) : nil
        clear = arguments.flag("clear")
        table = TableOptions(arguments)
        tzdata = TZDataOption(arguments)
        if clear && text != nil { throw arguments.error("--clear와 곳을 함께 줄 수 없습니다") }
    }

    func run() throws {
        if clear {
            try ClocksFile.forEditing().edit { $0.setReference(nil) }
            return Output.line("기준을 지웠습니다. 이제 이 컴퓨터의 시간대가 기준입니다")
        }
        let rules = try tzdata.database()
        let catalogue = try table.catalogue(tzdata: rules)
        guard let text else {
            // A clock line that does not read is said, and the saved reference still shown; a file
            // that does not read at all, or a reference this tzdata lacks, stops it (3).
            let clocks = try ClocksFile.load(.required, tzdata: rules)
            if let file = ClocksFile.configured {
                for problem in clocks.problems { Terminal.note("경고: 내 시계 파일의 이 줄은 읽지 못했습니다: \(file.failure(problem).message)") }
            }
            let saved = clocks.reference
            let reference = try ReferenceZone.settle(from: nil, saved: saved, catalogue: catalogue, tzdata: rules, now: Date(), quiet: false)
            let offset = " (\(KoreanTimeFormat.utcOffset(reference.clock.time(at: Date()).utcOffset)))"
            return Output.line(
                "기준: \(Terminal.printable(reference.name))\(offset), \(reference.zoneID)" + (saved == nil ? " — 이 컴퓨터의 시간대" : ""))
        }
        let reference = try ReferenceZone.settle(from: text, saved: nil, catalogue: catalogue, tzdata: rules, now: Date(), quiet: false)
        try ClocksFile.forEditing().edit { $0.setReference(MyClocks.Entry(name: reference.name, zoneID: reference.zoneID)) }
        Output.line("기준을 \(KoreanParticle.attach(.direction, to: Terminal.printable(reference.name))) 정했습니다(\(reference.zoneID))")
    }
}
