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
