import WorldClockKit

/// `worldclock move <곳> <위치>`: puts one of my clocks at another place in their order.
struct MoveCommand: Command {
    static let spec = CommandSpec(
        name: "move",
        abstract: "내 시계의 순서를 바꿉니다: 곳을 <위치>번째(1이 맨 앞)로 옮깁니다. 내 시계에 없는 곳이면 종료 코드 1로 끝납니다.",
        english: "Reorders my clocks: moves a place to <위치> (1 is first). A place not among my clocks exits 1.",
        options: TableOptions.options + TZDataOption.options,
        arguments: [
            ArgumentSpec(
                valueName: "곳", help: "옮길 곳: 내 시계에 있는 이름, 또는 검색처럼 찾은 곳.",
                english: "The place to move: a name among my clocks, or a place found as search finds it."),
            ArgumentSpec(valueName: "위치", help: "새 자리: 1이 맨 앞, 내 시계 수보다 크면 맨 뒤.", english: "The new position: 1 is first; past the end is last."),
        ]
    )

    let place: String
    let position: Int
    let table: TableOptions
    let tzdata: TZDataOption

    init(_ arguments: ParsedArguments) throws(UsageError) {
        place = arguments.argument(0)
        table = TableOptions(arguments)
        tzdata = TZDataOption(arguments)
        guard let position = Int(arguments.argument(1)), position >= 1 else {
            let shown = KoreanParticle.attach(.topic, to: "\"\(Terminal.printable(arguments.argument(1), limit: 20))\"")
            throw arguments.error("<위치>: \(shown) 1 이상의 정수가 아닙니다(1이 맨 앞, 예: worldclock move 런던 1)")
        }
        self.position = position
    }

    func run() throws {
        let file = try ClocksFile.forEditing()
        let name = try RemoveCommand.savedNames([place], in: try file.saved(), table: table, tzdata: tzdata)[0]
        let order = try file.edit { clocks in
            // Read again under the lock: another command may have taken it out since.
            guard clocks.contains(name: name) else { throw CLIError.nothingFound("내 시계에 없습니다: \(Terminal.printable(name))") }
            clocks.move(named: name, to: position - 1)
            return clocks.clocks.map(\.name)
        }
        let at = (order.firstIndex(of: name) ?? 0) + 1
        Output.line(
            "\(KoreanParticle.attach(.object, to: Terminal.printable(name))) \(at)번째로 옮겼습니다: "
                + order.map { Terminal.printable($0) }.joined(separator: ", "))
    }
}
