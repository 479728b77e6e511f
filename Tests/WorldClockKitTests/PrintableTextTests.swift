import Testing
import WorldClockKit

/// Text quoted in a message can neither act on a terminal nor flood it.
@Suite("Printable text")
struct PrintableTextTests {
    @Test(
        "control and format characters are escaped, other text is kept as it is",
        arguments: [
            ("서울", "서울"),
            ("New York", "New York"),
            ("São Paulo", "São Paulo"),
            ("조\u{1169}", "조\u{1169}"),  // a combining vowel is not a format character
            ("a\u{1B}[31mb", "a\\u{1B}[31mb"),
            ("\u{202E}lanigiro", "\\u{202E}lanigiro"),
            ("zero\u{200B}width", "zero\\u{200B}width"),
            ("tab\there", "tab\\there"),
            ("\u{7F}\u{85}", "\\u{7F}\\u{0085}"),
        ])
    func escaped(input: String, shown: String) {
        #expect(PrintableText.escaped(input) == shown)
    }

    @Test("text longer than the limit is cut after `limit` scalars with …; text at the limit is whole")
    func limit() {
        #expect(PrintableText.escaped("abcdef", limit: 3) == "abc…")
        #expect(PrintableText.escaped("abc", limit: 3) == "abc")
        #expect(PrintableText.escaped("가나다라", limit: 2) == "가나…")
        #expect(PrintableText.escaped("a\u{1B}bcd", limit: 2) == "a\\u{1B}…")
        #expect(PrintableText.escaped(String(repeating: "x", count: 100), limit: nil).count == 100)
    }
}
