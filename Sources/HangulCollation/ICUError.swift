import HangulIndex
import ICUBridge

/// A failure reported by ICU, with the operation that failed and ICU's own status.
///
/// ICU substituting another locale's data for the one asked for (a typo such as "kr" for "ko")
/// is a failure too: its status is a warning to ICU, `U_USING_DEFAULT_WARNING` or
/// `U_USING_FALLBACK_WARNING`, and `isSubstitution` is true.
package struct ICUError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was being done, e.g. `opening the "ko" collator`.
    package let operation: String
    /// ICU's numeric status (`UErrorCode`), e.g. 4 for `U_FILE_ACCESS_ERROR`, -127 for `U_USING_DEFAULT_WARNING`.
    package let status: Int32
    /// ICU's name for the status, e.g. `U_FILE_ACCESS_ERROR`.
    package let code: String

    init(_ operation: String, status: Int32) {
        self.operation = operation
        self.status = status
        self.code = String(cString: wc_error_name(status))
    }

    /// ICU has no data for the requested locale and would have used another locale's.
    package var isSubstitution: Bool { wc_is_substitution(status) != 0 }

    package var description: String {
        "ICU failed \(operation): \(code) (\(status))"
            + (isSubstitution ? ", ICU has no data for that locale and would use another locale's" : "")
    }
}

/// Whether the system ICU could be loaded, and if not, why (`ICUInfo.availability`).
package enum ICUAvailability: Equatable, Sendable {
    /// ICU is loaded: a user's own table can be sorted.
    case loaded
    /// The libraries could not be opened (not installed, another major version): the loader's reason.
    case missing(reason: String)
    /// This is a fully static executable (Scripts/release/package's): it has no dynamic loader, so it
    /// never loads ICU; only a user's own table (`--data`) needs it.
    case staticExecutable
}

/// The ICU library the package runs against.
package enum ICUInfo {
    /// Whether ICU is loaded (loading it on first use) or why it cannot be.
    package static var availability: ICUAvailability {
        switch wc_icu_state() {
        case Int32(WC_ICU_LOADED): .loaded
        case Int32(WC_ICU_STATIC_EXECUTABLE): .staticExecutable
        default: .missing(reason: String(cString: wc_icu_load_failure()))
        }
    }
    /// The Debian package that has the ICU this build loads (its major version, e.g. `libicu72`).
    package static let debianPackage = "libicu\(String(cString: wc_icu_major_version()))"

    /// ICU's version, e.g. "72.1".
    package static let version: String = versionString(wc_icu_version)
    /// The tz release of ICU's own zone rules, e.g. "2022e" (reported by `worldclock doctor`, never used).
    package static var timeZoneDataVersion: String { versionString(wc_icu_tz_version) }

    private static func versionString(_ fill: (UnsafeMutablePointer<CChar>) -> Void) -> String {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 32) { buffer in
            buffer.initialize(repeating: 0)
            fill(buffer.baseAddress!)
            return String(cString: buffer.baseAddress!)
        }
    }
}

/// Calls an ICU function that fills a caller's buffer and reports the length it needs, growing
/// the buffer once when the first guess is too small — ICU's preflighting convention, in one place.
func withGrowingBuffer<Element: BitwiseCopyable>(
    of type: Element.Type,
    initialCapacity: Int,
    operation: String,
    _ fill: (UnsafeMutablePointer<Element>, Int32, inout Int32) -> Int32
) throws(ICUError) -> [Element] {
    var capacity = max(initialCapacity, 1)
    for _ in 0..<2 {
        var status: Int32 = 0
        var needed: Int32 = 0
        let result = [Element](unsafeUninitializedCapacity: capacity) { buffer, count in
            needed = fill(buffer.baseAddress!, Int32(capacity), &status)
            count = Int(needed) <= capacity && wc_failed(status) == 0 ? Int(needed) : 0
        }
        if wc_failed(status) == 0 && Int(needed) <= capacity { return result }
        if status != wc_buffer_overflow_status() && wc_failed(status) != 0 {
            throw ICUError(operation, status: status)
        }
        capacity = Int(needed) + 1
    }
    throw ICUError(operation, status: wc_buffer_overflow_status())
}

/// Splits ICU's "strings each followed by a zero" buffers into Swift strings.
func zeroSeparatedStrings(_ units: [UInt16]) -> [String] {
    units.split(separator: 0, omittingEmptySubsequences: true).map { String(decoding: $0, as: UTF16.self) }
}

/// The strings and code points of a UnicodeSet pattern such as `[a-c{xyz}]`, in the set's order:
/// ICU's own reading, through the same writer as the script boundaries and index characters.
func unicodeSetStrings(pattern: String) throws(ICUError) -> [String] {
    let pattern = Array(pattern.utf16)
    let units = try pattern.withUnsafeBufferPointer { (source) throws(ICUError) -> [UInt16] in
        try withGrowingBuffer(of: UInt16.self, initialCapacity: 16, operation: "reading a UnicodeSet pattern") { buffer, capacity, status in
            wc_set_strings(source.baseAddress, Int32(source.count), buffer, capacity, &status)
        }
    }
    return zeroSeparatedStrings(units)
}
