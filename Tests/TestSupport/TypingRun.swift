import HangulIndex

/// A place's name typed key by key on a 2-set keyboard, with what search shows first at every
/// composing state: how early the place is first for good, and whether it was first and then lost.
/// What the typing-sequence tests assert and `Scripts/bench/bench-search` reports.
package struct TypingRun: Sendable {
    /// The place meant.
    package let place: String
    /// What the field shows after each key (`DubeolsikKeyboard.composingStates(typing:)`).
    package let states: [String]
    /// The name of the first result at each state (nil: nothing found).
    package let firsts: [String?]

    /// Types `typed` and asks `first` for the first result's name at each state.
    package init(typing typed: String, meaning place: String, first: (String) -> String?) {
        self.place = place
        states = DubeolsikKeyboard.composingStates(typing: typed)
        firsts = states.map(first)
    }

    /// How many keys are typed when the place becomes first and stays first to the last key; nil
    /// when it is not first at the last key.
    package var settledAfter: Int? {
        guard firsts.last == place else { return nil }
        let notFirst = firsts.lastIndex { $0 != place }
        return (notFirst ?? -1) + 2
    }

    /// The keys a user need not type: those after `settledAfter`.
    package var keysSaved: Int { settledAfter.map { states.count - $0 } ?? 0 }

    /// Whether the place was first at some key and then not first at a later one.
    package var lostAfterFirst: Bool {
        guard let firstTime = firsts.firstIndex(of: place) else { return false }
        return firsts[firstTime...].contains { $0 != place }
    }

    /// The states and their first results, as `ㅅ→서울 서→서울 …`.
    package var trace: String {
        zip(states, firsts).map { "\($0)→\($1 ?? "∅")" }.joined(separator: " ")
    }

    /// The runs of a typing list (`Tests/WorldClockTests/Fixtures/typing-places.tsv`): a line
    /// `TYPED TAB PLACE` each, `#` comments and the `typed` header skipped.
    package static func runs(list text: String, first: (String) -> String?) -> [TypingRun] {
        text.split(separator: "\n").compactMap { line in
            guard !line.hasPrefix("#"), !line.hasPrefix("typed\t") else { return nil }
            let cells = line.split(separator: "\t")
            guard cells.count == 2 else { return nil }
            return TypingRun(typing: String(cells[0]), meaning: String(cells[1]), first: first)
        }
    }
}
