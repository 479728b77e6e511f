/// One searchable text, prepared: its letters without spaces and punctuation, and where each
/// letter starts and ends in UTF-16.
struct SearchField: Sendable {
    let text: String
    let letters: [HangulLetter]
    let utf16Starts: [Int]
    let utf16Ends: [Int]

    init(_ text: String) {
        var letters: [HangulLetter] = [], starts: [Int] = [], ends: [Int] = []
        let utf8 = text.utf8
        letters.reserveCapacity(utf8.count)
        starts.reserveCapacity(utf8.count)
        ends.reserveCapacity(utf8.count)
        if utf8.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "\r") }) {
            // ASCII without CR LF (English names, zone ids, codes): one byte, one character, one UTF-16 unit.
            for (offset, byte) in utf8.enumerated() {
                let letter = HangulLetter(ascii: byte)
                if letter.isIgnored { continue }
                letters.append(letter)
                starts.append(offset)
                ends.append(offset + 1)
            }
        } else {
            var offset = 0
            for character in text {
                let width = character.utf16.count
                defer { offset += width }
                let letter = HangulLetter(character)
                if letter.isIgnored { continue }
                letters.append(letter)
                starts.append(offset)
                ends.append(offset + width)
            }
        }
        self.text = text
        self.letters = letters
        self.utf16Starts = starts
        self.utf16Ends = ends
    }
}
