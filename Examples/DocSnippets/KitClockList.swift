// swift-format-ignore-file
// The code as its page writes it, aligned comments and all (DocSnippetTests compares the two).
// Sources/WorldClockKit/WorldClockKit.docc/BuildAClockList.md
import FoundationEssentials
import WorldClockKit

func kitSections() throws {
    let catalogue = try Catalogue.load()
    let mine = catalogue.list(of: ["서울", "뉴욕", "런던"])
    mine.sections.map(\.title)                          // ["ㄴ", "ㄹ", "ㅅ"]
    mine.sectionIndexTitles.count                       // 41: ㄱ … ㅎ, A … Z, #
    mine.section(forSectionIndexTitle: "ㄱ")            // 0: no places, the next section (ㄴ)
    mine.section(forSectionIndexTitle: "ㄷ")            // 1: ㄹ
    mine.section(forSectionIndexTitle: "ㅎ")            // 2: nothing follows, the last (ㅅ)
    mine.section(forSectionIndexTitle: "가")            // nil: no index title
}

func kitFeed(data: Data) throws {
    let feed = try Feed.decode(data)        // FeedDecodingError says which field is wrong
    let list = feed.list                    // the same ClockList as Catalogue.list

    // The offset of a zone at any instant inside the window, from the feed alone.
    let offset = feed.offset(ofZone: "America/New_York", at: Date())   // ZoneTimeline.Period?

    // When to redraw the offsets (a change of DST in one of the feed's zones) …
    let redraw = feed.nextChange(after: Date())
    // … and when to fetch again: a day before validUntil (for a window over two days), so one
    // failed fetch leaves time to retry.
    let refetch = feed.refreshDate
    if Date() >= feed.validUntil {
        // Past the window a change the feed does not list may have happened: fetch before showing times.
    }
    _ = (list, offset, redraw, refetch)
}

func kitSearch(catalogue: Catalogue, clocks: ZoneClocks) {
    let search = PlaceSearch(catalogue: catalogue, tzdata: clocks.tzdata, at: Date())
    do {
        let outcome = try search.search("ㄴㅇ", limit: 20)
        if let conversion = outcome.result.keyboardConversion {
            print("\(conversion.typed) → \(conversion.converted)")
        }
        for match in outcome.result.matches {
            // match.item is the Place; match.kind, match.field and match.utf16Range say how it
            // matched, for highlighting; match.label what a zone name or code means there.
            print(match.item.name, match.kind.name, match.field)
        }
        if outcome.total > outcome.result.matches.count {
            print("\(outcome.total - outcome.result.matches.count) more")
        }
    } catch {
        // SearchError: an empty, over-long or mark-laden query, in words.
        print(error.description)
    }
}
