import Testing

@testable import HangulCollation
@testable import HangulIndex

@Suite("ICU failures surface: substituted locale data, long set strings, sort keys")
struct ICUFailureTests {
    @Test(
        "a locale ICU has no collation data for is an error naming it and ICU's status",
        arguments: [
            ("kr", "U_USING_DEFAULT_WARNING"),  // a typo for "ko": ICU would use root's order
            ("xx", "U_USING_DEFAULT_WARNING"),
            ("ko_KR", "U_USING_FALLBACK_WARNING"),  // ICU would use "ko" and say so only in a warning
        ])
    func substitutedCollatorThrows(locale: String, code: String) {
        #expect {
            _ = try Collator(locale: locale, strength: .primary)
        } throws: { error in
            guard let error = error as? ICUError else { return false }
            return error.code == code && error.isSubstitution && error.description.contains("\"\(locale)\"")
                && error.description.contains("another locale's")
        }
    }

    @Test("locales with their own data open: ko, and en (whose collation ICU states is root's)", arguments: ["ko", "en", "root"])
    func realLocalesOpen(locale: String) throws {
        let collator = try Collator(locale: locale, strength: .tertiary)
        #expect(collator.compare("a", "b") == .ascending)
    }

    @Test("the index characters of a locale ICU lacks are an error, not root's letters")
    func substitutedExemplarsThrow() {
        #expect {
            _ = try SectionIndexer(labelLocales: ["ko", "kr"])
        } throws: { error in
            guard let error = error as? ICUError else { return false }
            return error.isSubstitution && error.operation.contains("\"kr\"")
        }
        #expect(throws: ICUError.self) { _ = try SectionIndexer(collationLocale: "kr") }
    }

    @Test("an ICU failure keeps its numeric status as well as its name")
    func statusKept() {
        #expect {
            _ = try Collator(locale: String(repeating: "x", count: 400), strength: .primary)
        } throws: { error in
            guard let error = error as? ICUError else { return false }
            // ICU's failures are positive UErrorCode values; their names start with U_.
            return error.status > 0 && error.code.hasPrefix("U_") && error.description.contains("(\(error.status))")
        }
    }

    /// The set writer once read strings into a fixed 64-unit buffer and reported a longer one as
    /// "your buffer is too small", which the caller's retry could never satisfy.
    @Test("UnicodeSet strings of any length come out whole", arguments: [1, 63, 64, 65, 200, 5_000])
    func longSetStrings(length: Int) throws {
        let long = String(repeating: "가", count: length)
        #expect(try unicodeSetStrings(pattern: "[a-c{\(long)}]") == ["a", "b", "c", long])
    }

    @Test("several long strings and a growing output buffer", arguments: [[70, 80], [100, 64, 300]])
    func severalLongStrings(lengths: [Int]) throws {
        let strings = lengths.enumerated().map { index, length in String(repeating: Character(Unicode.Scalar(0xAC00 + UInt32(index))!), count: length)
        }
        let pattern = "[" + strings.map { "{\($0)}" }.joined() + "]"
        #expect(try Set(unicodeSetStrings(pattern: pattern)) == Set(strings))
    }

    @Test("a bad UnicodeSet pattern is an ICU error")
    func badPattern() {
        #expect(throws: ICUError.self) { try unicodeSetStrings(pattern: "[a-") }
    }

    @Test(
        "sort keys throw rather than come back empty; byte order is collation order",
        arguments: [
            ("가", "나"), ("a", "B"), ("", "a"), ("서울", "서울역"),
        ])
    func sortKeys(smaller: String, larger: String) throws {
        let collator = try Collator(locale: "ko", strength: .tertiary)
        let a = try collator.sortKey(smaller), b = try collator.sortKey(larger)
        #expect(a.last == 0 && b.last == 0)
        #expect(a.lexicographicallyPrecedes(b) == (collator.compare(smaller, larger) == .ascending))
        var appended: [UInt8] = [9, 9]
        let count = try Array(larger.utf16).withUnsafeBufferPointer { (units) throws(ICUError) in
            try collator.sortKey(of: units, appendingTo: &appended)
        }
        #expect(count == b.count && appended == [9, 9] + b)
    }
}
