// swift-format-ignore-file
// The code as its page writes it, aligned comments and all (DocSnippetTests compares the two).
// Sources/WorldClockKit/WorldClockKit.docc/WorldClockKit.md
import FoundationEssentials
import WorldClockKit

func kitOverview() throws {
    let catalogue = try Catalogue.load()
    let list = catalogue.list                         // sections, index titles, rows by id
    let clocks = ZoneClocks(zoneIDs: catalogue.zoneIDs)
    let seoul = catalogue.place(named: "서울")!
    if let time = clocks.time(of: seoul, at: Date()) {
        print(KoreanTimeFormat.time(time.local, style: .twelveHour))   // 오후 1:30
    }
    _ = list
}

func kitUpcomingChange() {
    let newYork = ZoneClock(zoneID: "America/New_York")!
    let change = newYork.upcomingChange(named: "뉴욕", after: Date(), referenceName: "서울", reference: ZoneClock(zoneID: "Asia/Seoul"))
    print(change?.text ?? "4주 안에 바뀌는 것 없음")
}
