import Testing

@testable import HangulCollation
@testable import HangulIndex

@Suite("Hex columns: the compiled tables' numbers")
struct HexColumnTests {
    static let values: [UInt32] = [0, 1, 9, 10, 15, 16, 0x99, 0xA0, 0x1234_ABCD, 0x8000_0000, 0xDEAD_BEEF, 0xFFFF_FFFE, .max]

    @Test("eight lowercase digits per number, most significant first")
    func text() {
        #expect(HexColumn([0x1234_ABCD, 0, .max]).text == "1234abcd" + "00000000" + "ffffffff")
    }

    @Test("every digit in every place is written as String(radix: 16) writes it, eight at once")
    func everyDigit() {
        var generator = SystemRandomNumberGenerator()
        let values: [UInt32] =
            [0x0123_4567, 0x89AB_CDEF, 0xFEDC_BA98, 0x7654_3210, 0x0A0A_0A0A, 0x9F9F_9F9F] + (0..<1000).map { _ in generator.next() }
        let expected = values.map { String(repeating: "0", count: 8 - String($0, radix: 16).count) + String($0, radix: 16) }.joined()
        #expect(HexColumn(values).text == expected)
        #expect(HexColumn(values.dropFirst(3)).text == String(expected.dropFirst(24)))
    }

    @Test("every number reads back as written, alone and among others", arguments: values)
    func roundTrip(value: UInt32) {
        #expect(HexColumn([value])[0] == value)
        let column = HexColumn(Self.values)
        #expect(column[Self.values.firstIndex(of: value)!] == value)
        #expect(column.values(0..<column.count) == Self.values)
    }

    @Test("binary search finds each number of a sorted column, and nothing else")
    func search() {
        let sorted = HexColumn(Self.values)
        for (position, value) in Self.values.enumerated() { #expect(sorted.binarySearch(value) == position) }
        #expect(sorted.binarySearch(2) == nil)
        #expect(HexColumn([UInt32]()).binarySearch(0) == nil)
    }
}
