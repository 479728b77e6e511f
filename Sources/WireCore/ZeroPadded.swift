/// `value` in decimal with at least `width` digits, zeros in front, a minus sign before them:
/// `zeroPadded(7, width: 2)` is "07", `zeroPadded(-5, width: 4)` is "-0005", `zeroPadded(123, width: 2)` is "123".
/// The one place the package pads numbers as a String (clock times, ISO 8601, offsets, log
/// durations), with the one digit writer (`JSONWriter.appendDigits`), so that the web
/// module (Embedded Swift) writes digits as the kit does.
package func zeroPadded(_ value: Int, width: Int) -> String {
    var bytes: [UInt8] = []
    JSONWriter.appendDigits(Int64(value), width: width, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
}
