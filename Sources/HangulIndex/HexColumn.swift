/// A column of 32-bit numbers kept as text, eight hex digits each: the form in which a match table
/// is compiled into the binary (as a string literal, which compiles in seconds where an array
/// literal of the same size takes minutes) and read without decoding it first — an element is
/// decoded when it is read.
public struct HexColumn: Sendable, Equatable {
    /// The digits, eight per element, lowercase.
    public let text: String
    public var count: Int { text.utf8.count / 8 }

    /// - Precondition: `text` is eight lowercase hex digits per element (what `init(_:)` writes).
    public init(text: String) {
        precondition(text.utf8.count % 8 == 0, "a hex column holds eight digits per element")
        self.text = text
    }

    public init(_ values: some Collection<UInt32>) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(values.count * 8)
        for value in values {
            for shift in stride(from: 28, through: 0, by: -4) {
                bytes.append(Self.digits[Int((value >> UInt32(shift)) & 0xF)])
            }
        }
        text = String(decoding: bytes, as: UTF8.self)
    }

    public subscript(index: Int) -> UInt32 {
        text.utf8.withContiguousStorageIfAvailable { bytes in Self.decode(bytes, at: index * 8) }!
    }

    /// The elements of `range`, decoded.
    public func values(_ range: Range<Int>) -> [UInt32] {
        text.utf8.withContiguousStorageIfAvailable { bytes in range.map { Self.decode(bytes, at: $0 * 8) } }!
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

    @inline(__always)
    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> UInt32 {
        var value: UInt32 = 0
        for byte in bytes[offset..<(offset + 8)] {
            // '0'…'9' → 0…9, 'a'…'f' → 10…15.
            value = value << 4 | UInt32(byte <= UInt8(ascii: "9") ? byte &- UInt8(ascii: "0") : byte &- UInt8(ascii: "a") &+ 10)
        }
        return value
    }

    private static let digits = Array("0123456789abcdef".utf8)
}
