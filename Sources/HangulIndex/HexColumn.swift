/// A column of 32-bit numbers kept as text, eight hex digits each: the form in which a match table
/// is compiled into the binary (as a string literal, which compiles in seconds where an array
/// literal of the same size takes minutes) and read without decoding it first — an element is
/// decoded when it is read.
package struct HexColumn: Sendable, Equatable {
    /// The digits, eight per element, lowercase.
    public let text: String
    /// The number of elements.
    public var count: Int { text.utf8.count / 8 }

    /// - Precondition: `text` is eight lowercase hex digits per element (what `init(_:)` writes).
    public init(text: String) {
        precondition(text.utf8.count % 8 == 0, "a hex column holds eight digits per element")
        self.text = text
    }

    /// `values` as eight hex digits each.
    public init(_ values: some Collection<UInt32>) {
        // Written in place, eight digits at once: each of a number's nibbles is spread to a byte of
        // its own, the most significant first in memory, and made a digit with no branch. The web
        // module writes a million numbers so at load (its letters and postings), a digit at a
        // time was a fifth of its start.
        text = String(unsafeUninitializedCapacity: values.count * 8) { digits in
            guard let base = UnsafeMutableRawPointer(digits.baseAddress) else { return 0 }
            var at = 0
            for value in values {
                var x = UInt64(value)
                x = (x & 0xFFFF_0000) << 16 | (x & 0xFFFF)
                x = (x & 0x0000_FF00_0000_FF00) << 8 | (x & 0x0000_00FF_0000_00FF)
                x = (x & 0x00F0_00F0_00F0_00F0) << 4 | (x & 0x000F_000F_000F_000F)
                // Byte i holds nibble i (the least significant first): the first byte must hold the last.
                x = x.byteSwapped
                // 1 in each byte whose nibble is 10 or more (a letter, a…f: 0x57 + nibble, not 0x30 + nibble).
                let isLetter = ((x &+ 0x0606_0606_0606_0606) >> 4) & 0x0101_0101_0101_0101
                x = x &+ 0x3030_3030_3030_3030 &+ isLetter &* 0x27
                base.storeBytes(of: x.littleEndian, toByteOffset: at, as: UInt64.self)
                at += 8
            }
            return at
        }
    }

    /// The element at `index`, decoded from its eight digits.
    public subscript(index: Int) -> UInt32 {
        text.utf8.withContiguousStorageIfAvailable { bytes in Self.decode(bytes, at: index * 8) }!
    }

    /// Calls `body` with each element of `range`, in order: one bounds check for the whole range.
    func forEach(in range: Range<Int>, _ body: (UInt32) -> Void) {
        text.utf8.withContiguousStorageIfAvailable { bytes in
            precondition(range.lowerBound >= 0 && range.upperBound * 8 <= bytes.count, "a hex column read outside its text")
            for index in range { body(Self.decodeUnchecked(bytes, at: index * 8)) }
        }!
    }

    /// The elements of `range`, decoded.
    public func values(_ range: Range<Int>) -> [UInt32] {
        var values: [UInt32] = []
        values.reserveCapacity(range.count)
        forEach(in: range) { values.append($0) }
        return values
    }

    /// The position of `key` in a column sorted ascending, or nil.
    func binarySearch(_ key: UInt32) -> Int? {
        text.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            var low = 0, high = bytes.count / 8
            while low < high {
                let middle = (low + high) / 2
                let value = Self.decode(bytes, at: middle * 8)
                if value == key { return middle }
                if value < key { low = middle + 1 } else { high = middle }
            }
            return nil
        }!
    }

    /// The element at `offset`: eight digits read as one 64-bit word and turned into a number
    /// with a few shifts and masks, no loop ('0'…'9' → 0…9, 'a'…'f' → 10…15; the 0x40 bit tells
    /// a letter from a digit).
    @inline(__always)
    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> UInt32 {
        precondition(offset >= 0 && offset + 8 <= bytes.count, "a hex column read outside its text")
        return decodeUnchecked(bytes, at: offset)
    }

    @inline(__always)
    private static func decodeUnchecked(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> UInt32 {
        let word = UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress! + offset).loadUnaligned(as: UInt64.self))
        let letters = (word & 0x4040_4040_4040_4040) >> 6
        // One digit's value per byte, the first digit in the highest byte.
        var value = ((word & 0x0F0F_0F0F_0F0F_0F0F) + letters * 9).byteSwapped
        value = (value | (value >> 4)) & 0x00FF_00FF_00FF_00FF
        value = (value | (value >> 8)) & 0x0000_FFFF_0000_FFFF
        value = (value | (value >> 16)) & 0x0000_0000_FFFF_FFFF
        return UInt32(truncatingIfNeeded: value)
    }

    private static let digits = Array("0123456789abcdef".utf8)
}
