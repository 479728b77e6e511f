import HangulIndex
import ICUBridge

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An ICU collator for one locale and strength, owned by Swift.
///
/// ICU collators are safe to use from several threads for read-only calls such as sort keys and
/// comparisons, which is all this type offers.
package final class Collator: @unchecked Sendable {
    /// How finely strings are told apart.
    package enum Strength: Sendable {
        /// Base letters only: "가" and "까" differ, "a" and "A" do not. What the index buckets use.
        case primary
        /// Base letters, accents and case: the order a sorted list shows.
        case tertiary
    }

    package let locale: String
    package let strength: Strength
    private let handle: OpaquePointer

    /// Opens ICU's collator for `locale`.
    /// - Throws: `ICUError` when ICU cannot open it, or has no collation data for `locale` and
    ///   would quietly use another locale's ("kr" instead of "ko": `U_USING_DEFAULT_WARNING`).
    package init(locale: String, strength: Strength) throws(ICUError) {
        var status: Int32 = 0
        let raw = wc_collator_open(locale, strength == .primary ? Int32(WC_STRENGTH_PRIMARY) : Int32(WC_STRENGTH_TERTIARY), &status)
        guard let raw else { throw ICUError("opening the \"\(locale)\" collator", status: status) }
        self.handle = raw
        self.locale = locale
        self.strength = strength
    }

    deinit { wc_collator_close(handle) }

    /// Appends the sort key of UTF-16 `text` to `keys`; byte order of keys is collation order.
    /// - Returns: the number of bytes appended (the key's terminating zero included).
    /// - Throws: `ICUError` when ICU makes no key; `keys` is then as it was.
    @discardableResult
    package func sortKey(of text: UnsafeBufferPointer<UInt16>, appendingTo keys: inout [UInt8]) throws(ICUError) -> Int {
        let start = keys.count
        var capacity = max(16, text.count * 4 + 8)
        while true {
            keys.append(contentsOf: repeatElement(0, count: capacity))
            var status: Int32 = 0
            let needed = keys.withUnsafeMutableBufferPointer { buffer in
                Int(wc_collator_sort_key(handle, text.baseAddress, Int32(text.count), buffer.baseAddress! + start, Int32(capacity), &status))
            }
            if wc_failed(status) != 0 {
                keys.removeLast(capacity)
                throw ICUError("computing the sort key of a \(text.count)-unit string with the \"\(locale)\" collator", status: status)
            }
            if needed <= capacity {
                keys.removeLast(capacity - needed)
                return needed
            }
            keys.removeLast(capacity)
            capacity = needed
        }
    }

    /// The sort key of `text`.
    /// - Throws: `ICUError` when ICU makes no key.
    package func sortKey(_ text: String) throws(ICUError) -> [UInt8] {
        var key: [UInt8] = []
        try Array(text.utf16).withUnsafeBufferPointer { (units) throws(ICUError) in _ = try sortKey(of: units, appendingTo: &key) }
        return key
    }

    /// At most `maxBytes` leading bytes of the sort key of `text`, computed lazily so that a long
    /// string costs only the part that is needed. Keys from this method compare with each other
    /// (bytewise, shorter first) as the strings collate, as far as the bytes reach.
    func sortKeyPrefix(of text: UnsafeBufferPointer<UInt16>, maxBytes: Int) throws(ICUError) -> [UInt8] {
        var status: Int32 = 0
        let key = [UInt8](unsafeUninitializedCapacity: maxBytes) { buffer, count in
            count = Int(wc_collator_sort_key_prefix(handle, text.baseAddress, Int32(text.count), buffer.baseAddress, Int32(maxBytes), &status))
            if wc_failed(status) != 0 { count = 0 }
        }
        if wc_failed(status) != 0 { throw ICUError("computing a sort key", status: status) }
        return key
    }

    /// Compares two strings in this collator's order.
    package func compare(_ a: String, _ b: String) -> Comparison {
        let left = Array(a.utf16), right = Array(b.utf16)
        let result = left.withUnsafeBufferPointer { l in
            right.withUnsafeBufferPointer { r in
                wc_collator_compare(handle, l.baseAddress, Int32(l.count), r.baseAddress, Int32(r.count))
            }
        }
        return result < 0 ? .ascending : result > 0 ? .descending : .same
    }

    /// The result of comparing two strings.
    package enum Comparison: Sendable { case ascending, same, descending }

    /// The strings ICU's AlphabeticIndex treats as the first string of each script
    /// (U+FDD1 followed by a sample letter of the script), unsorted.
    func scriptBoundaries() throws(ICUError) -> [String] {
        let units = try withGrowingBuffer(of: UInt16.self, initialCapacity: 4096, operation: "listing script boundaries") {
            buffer, capacity, status in
            wc_collator_script_boundaries(handle, buffer, capacity, &status)
        }
        return zeroSeparatedStrings(units)
    }
}

/// Byte order of sort keys, where a key that is a prefix of another sorts first.
@inline(__always)
func compareKeys(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
    let common = min(a.count, b.count)
    if common > 0 {
        let order = memcmp(a.baseAddress!, b.baseAddress!, common)
        if order != 0 { return Int(order) }
    }
    return a.count - b.count
}
