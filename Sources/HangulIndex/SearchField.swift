/// One searchable text, prepared: its letters without spaces and punctuation; and where letters
/// are in the text, in UTF-16, for a match's range.
struct SearchField: Sendable {
    let text: String
    let letters: [HangulLetter]

    init(_ text: String) {
        var letters: [HangulLetter] = []
        let utf8 = text.utf8
        letters.reserveCapacity(utf8.count)
        if utf8.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "\r") }) {
            // ASCII without CR LF (English names, zone ids, codes): one byte, one character, one UTF-16 unit.
            for byte in utf8 {
                let letter = HangulLetter(ascii: byte)
                if !letter.isIgnored { letters.append(letter) }
            }
        } else if text.unicodeScalars.allSatisfy({ ($0.isASCII && $0 != "\r") || (0xAC00...0xD7A3).contains($0.value) }) {
            // Precomposed syllables and ASCII without CR (most Korean names): each scalar is a
            // character of its own (no grapheme rule joins two syllables, or a syllable and ASCII),
            // read with no grapheme breaking, which was most of the web module's start.
            for scalar in text.unicodeScalars {
                if scalar.isASCII {
                    let letter = HangulLetter(ascii: UInt8(scalar.value))
                    if !letter.isIgnored { letters.append(letter) }
                } else if let parts = Jamo.decompose(scalar) {
                    letters.append(.syllable(initial: parts.initial, medial: parts.medial, final: parts.final))
                }
            }
        } else {
            for character in text {
                let letter = HangulLetter(character)
                if !letter.isIgnored { letters.append(letter) }
            }
        }
        self.text = text
        self.letters = letters
    }

    /// Where the letters at `letters` (positions in `SearchField(text).letters`) are in `text`,
    /// in UTF-16 code units (what a UI highlights), read without building any array: a search
    /// that judges every hit by where it matched reads thousands of them.
    static func utf16Range(ofLetters letters: Range<Int>, in text: String) -> Range<Int> {
        var letter = 0, start = 0
        let utf8 = text.utf8
        if utf8.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "\r") }) {
            // As in `init`: one byte, one character, one UTF-16 unit.
            for (offset, byte) in utf8.enumerated() where !HangulLetter(ascii: byte).isIgnored {
                if letter == letters.lowerBound { start = offset }
                if letter == letters.upperBound - 1 { return start..<(offset + 1) }
                letter += 1
            }
        } else {
            var offset = 0
            for character in text {
                let width = character.utf16.count
                defer { offset += width }
                if HangulLetter(character).isIgnored { continue }
                if letter == letters.lowerBound { start = offset }
                if letter == letters.upperBound - 1 { return start..<(offset + width) }
                letter += 1
            }
        }
        return start..<start
    }
}
