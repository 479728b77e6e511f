extension MatchTable {
    /// Collects the texts of items, each distinct (field, text, label) once, and builds the table.
    struct Builder {
        private var fieldNames: [String]
        private var rankOfField: [String: Int]
        /// A field the order lists twice: its texts not `isPreferred` rank at the second place.
        private var laterRankOfField: [String: Int]
        private var entryOfKey: [String: Int] = [:]
        private var texts: [(SearchableText, Int)] = []
        private var itemsOfEntry: [[Int32]] = []
        private var importance: [Int] = []

        init(fieldOrder: [String]) {
            fieldNames = fieldOrder
            // Loops, not `Dictionary(_:uniquingKeysWith:)`, which casts dynamically (refused by Embedded Swift).
            rankOfField = [:]
            laterRankOfField = [:]
            for (rank, field) in fieldOrder.enumerated() {
                if rankOfField[field] == nil { rankOfField[field] = rank }
                laterRankOfField[field] = rank
            }
        }

        mutating func add(_ searchable: [SearchableText], item: Int, importance value: Int) {
            importance.append(value)
            for text in searchable {
                let rank: Int
                if let known = text.isPreferred ? rankOfField[text.field] : laterRankOfField[text.field] {
                    rank = known
                } else {
                    rank = fieldNames.count
                    fieldNames.append(text.field)
                    rankOfField[text.field] = rank
                    laterRankOfField[text.field] = rank
                }
                let key = "\(rank)\u{1F}" + text.text + "\u{1F}" + (text.label ?? "")
                if let entry = entryOfKey[key] {
                    if itemsOfEntry[entry].last != Int32(item) { itemsOfEntry[entry].append(Int32(item)) }
                } else {
                    entryOfKey[key] = texts.count
                    texts.append((text, rank))
                    itemsOfEntry.append([Int32(item)])
                }
            }
        }

        func build() -> MatchTable {
            var others: [Character] = [], otherCodes: [Character: LetterCode] = [:]
            func code(_ letter: HangulLetter) -> LetterCode {
                if let code = LetterCode(hangul: letter) { return code }
                guard case .other(let character) = letter else { return .absent }
                if let known = otherCodes[character] { return known }
                let made = LetterCode.other(others.count)
                others.append(character)
                otherCodes[character] = made
                return made
            }
            var textPool = "", textStarts: [UInt32] = [0], labelPool = "", labelStarts: [UInt32] = [0]
            var fieldRanks: [UInt32] = [], letters: [UInt32] = [], letterStarts: [UInt32] = [0]
            var items: [UInt32] = [], itemStarts: [UInt32] = [0]
            for (index, (text, rank)) in texts.enumerated() {
                textPool += text.text
                textStarts.append(UInt32(textPool.utf8.count))
                labelPool += text.label ?? ""
                labelStarts.append(UInt32(labelPool.utf8.count))
                fieldRanks.append(UInt32(rank))
                items += itemsOfEntry[index].sorted { (importance[Int($0)], $1) > (importance[Int($1)], $0) }.map { UInt32($0) }
                itemStarts.append(UInt32(items.count))
                let codes = SearchField(text.text).letters.map { code($0).value }
                letters += codes
                letterStarts.append(UInt32(letters.count))
            }
            var otherScalars: [UInt32] = [], otherStarts: [UInt32] = [0]
            for character in others {
                otherScalars += character.unicodeScalars.map { $0.value }
                otherStarts.append(UInt32(otherScalars.count))
            }
            let lettersColumn = HexColumn(letters), letterStartsColumn = HexColumn(letterStarts)
            let postings = CompiledMatchTable.postings(letters: lettersColumn, letterStarts: letterStartsColumn)
            return MatchTable(
                CompiledMatchTable(
                    fieldNames: fieldNames.joined(separator: ","),
                    otherScalars: HexColumn(otherScalars), otherStarts: HexColumn(otherStarts),
                    texts: textPool, textStarts: HexColumn(textStarts), labels: labelPool, labelStarts: HexColumn(labelStarts),
                    fieldRanks: HexColumn(fieldRanks), letters: lettersColumn, letterStarts: letterStartsColumn,
                    items: HexColumn(items), itemStarts: HexColumn(itemStarts),
                    importance: HexColumn(importance.map { UInt32(clamping: $0) }),
                    byStart: postings.byStart, byFirst: postings.byFirst,
                    byLaterLetter: postings.byLaterLetter, byLaterPair: postings.byLaterPair))
        }
    }
}
