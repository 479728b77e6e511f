import WorldClockKit

/// `worldclock` (or `worldclock clocks`): my clocks with their times, the reference in the header.
struct ClocksCommand: Command {
    static let spec = CommandSpec(
        name: "clocks",
        abstract: "내 시계: worldclock add로 더한 곳들의 시각을 기준 시간대와 함께 보여 줍니다(명령 없이 worldclock만 쳐도 됩니다).",
        english: "My clocks: the times of the places added with worldclock add, with the reference zone (worldclock alone does the same).",
        discussion: """
            예:
              worldclock add 뉴욕 런던       내 시계에 더하기
              worldclock from 서울           기준 시간대 정하기
              worldclock --at 09:00          서울 9시일 때 내 시계들의 시각
              worldclock remove 런던         내 시계에서 빼기
              worldclock move 런던 1         런던을 맨 앞으로

            내 시계는 $XDG_CONFIG_HOME/worldclock/clocks.tsv(기본값 ~/.config/worldclock/clocks.tsv)에 있습니다.
            """,
        options: DisplayOptions.options + [
            .flag(
                "names", help: "내 시계의 이름만 한 줄에 하나씩 씁니다(셸 완성, 스크립트).",
                english: "Writes only the names of my clocks, one a line (shell completion, scripts).")
        ]
    )

    let options: DisplayOptions
    let namesOnly: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        options = try DisplayOptions(arguments)
        namesOnly = arguments.flag("names")
    }

    var writesJSON: Bool { options.json }

    func run() throws {
        if namesOnly {
            // No catalogue, no tzdata: shell completion runs this on every <TAB>.
            for entry in try ClocksFile.configured?.saved().clocks ?? [] { Output.line(entry.name) }
            return
        }
        let session = try options.session(myClocks: .required)
        let places = session.myClocks.clocks.map { Self.place(for: $0, in: session.catalogue) }
        let clocks = session.clocks(for: places)
        if session.json {
            // A line that does not read fails the run before any JSON, so stdout is one document:
            // the clocks, or (from the caller) the error.
            if let problem = session.myClocks.problems.first, let file = ClocksFile.configured {
                throw CLIError.data("내 시계 파일의 \(session.myClocks.problems.count)줄을 읽을 수 없습니다: \(file.failure(problem).message). 파일을 고치세요")
            }
            Output.json(
                places.map {
                    FeedPlace(
                        $0, time: session.time(of: $0, clocks: clocks), reference: session.reference, upcomingChange: session.upcomingChange(of: $0))
                })
            // JSON shows a clock of an unknown zone with no time.
            return
        }
        Output.line(Terminal.heading(session.referenceHeader))
        if let line = session.instantLine { Terminal.wrap(line, width: session.width, hangingIndent: 2).forEach { Output.line($0) } }
        guard !places.isEmpty else {
            let path = ClocksFile.configured?.path ?? "~/.config/worldclock/clocks.tsv"
            let help = [
                "", "아직 내 시계가 없습니다. 곳을 더하려면:", "  worldclock add 뉴욕 런던", "",
                "그 밖에:",
                "  worldclock list           모든 곳과 현지 시각",
                "  worldclock search 뉴      곳 찾기",
                "  worldclock show 뉴욕      한 곳을 자세히",
                "  worldclock from 서울      기준 시간대 정하기",
                "  worldclock --help         모든 명령과 옵션",
                "", "내 시계 파일: \(path)",
            ]
            help.forEach { Output.line($0) }
            return try Self.checkLines(of: session)
        }
        let own = Self.ownRows(places: places, session: session, fromOption: options.from != nil)
        let times = own.map(\.time) + places.map { session.time(of: $0, clocks: clocks) }
        let rows =
            own.map { row in
                var cells = PlaceRows.cells(row.place, time: row.time, session: session, marked: false)
                cells[0] += " " + row.mark
                return cells
            } + zip(places, times.dropFirst(own.count)).map { PlaceRows.cells($0, time: $1, session: session, marked: false) }
        var table = TextTable(columns: PlaceRows.columns, rows: rows)
        table.colour = PlaceRows.colouring(times, session: session)
        table.lines(fitting: session.width).forEach { Output.line($0) }
        PlaceRows.upcomingChanges(of: places, session: session).forEach { Output.line($0) }
        try Self.checkLines(of: session)
    }

    /// What the clocks screen says after the clocks: a clock named after a place of another zone
    /// (a warning); then the lines that do not read and the clocks whose zone the tzdata lacks,
    /// each with its line, which fail the run (3) after the clocks that do have a time were shown.
    static func checkLines(of session: Session) throws {
        guard let file = ClocksFile.configured else { return }
        for (line, entry, isReference) in session.myClocks.numberedEntries where !isReference {
            if let mismatch = file.mismatchedZone(line, entry, catalogue: session.catalogue, tzdata: session.tzdata) {
                Terminal.note("경고: " + mismatch)
            }
        }
        let problems = session.myClocks.problems
        for problem in problems { Terminal.note(file.failure(problem).message) }
        let unknown = session.myClocks.unknownZones(in: session.tzdata)
        for bad in unknown { Terminal.note(file.unknownZone(bad.line, bad.entry, tzdata: session.tzdata)) }
        if !problems.isEmpty {
            throw CLIError.data("내 시계 파일의 \(problems.count)줄을 읽을 수 없어 건너뛰었습니다. 파일을 고치세요(이 파일은 바꾸지 않았습니다)")
        }
        guard !unknown.isEmpty else { return }
        throw CLIError.data("내 시계 \(unknown.count)곳의 시간대를 알 수 없습니다. 파일을 고치거나 worldclock remove로 빼세요")
    }

    /// The rows above my clocks for my own city, so that its time is on the screen too (the header
    /// names it with no time): the reference, `(기준)`, unless a clock already keeps its zone; and
    /// when `--from` puts another reference in its place, the saved one, `(저장한 기준)`, unless a
    /// clock keeps that zone.
    static func ownRows(places: [Place], session: Session, fromOption: Bool) -> [(place: Place, time: ZoneTime?, mark: String)] {
        guard !places.isEmpty else { return [] }
        let kept = Set(places.map(\.zoneID))
        var rows: [(place: Place, time: ZoneTime?, mark: String)] = []
        if !kept.contains(session.reference.zoneID) {
            let place = place(for: .init(name: session.referenceName, zoneID: session.reference.zoneID), in: session.catalogue)
            rows.append((place, session.reference, "(기준)"))
        }
        if fromOption, let saved = session.myClocks.reference, saved.zoneID != session.reference.zoneID, !kept.contains(saved.zoneID) {
            let place = place(for: saved, in: session.catalogue)
            rows.append((place, session.time(of: place, clocks: session.clocks(for: [place])), "(저장한 기준)"))
        }
        return rows
    }

    /// The catalogue's place of that name, or (renamed or from another table) one made from the
    /// saved name and zone.
    static func place(for entry: MyClocks.Entry, in catalogue: Catalogue) -> Place {
        if let place = catalogue.place(named: entry.name), place.zoneID == entry.zoneID { return place }
        return Place(name: entry.name, country: "", countryCode: "", zoneID: entry.zoneID, englishName: "", aliases: [])
    }
}
