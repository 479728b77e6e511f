/// `value` in decimal with at least `width` digits, zeros in front, a minus sign before them:
/// `zeroPadded(7, width: 2)` is "07", `zeroPadded(-5, width: 4)` is "-0005", `zeroPadded(123, width: 2)` is "123".
/// The one place the package pads numbers (clock times, ISO 8601, offsets, log durations); it
/// lives in MeetingPlanning, the lowest module that writes such text, and builds its digits by
/// hand so that the web module (Embedded Swift) writes them the same way.
public func zeroPadded(_ value: Int, width: Int) -> String {
    var magnitude = value.magnitude
    var digits: [UInt8] = []
    repeat {
        digits.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
        magnitude /= 10
    } while magnitude > 0
    while digits.count < width { digits.append(UInt8(ascii: "0")) }
    if value < 0 { digits.append(UInt8(ascii: "-")) }
    return String(decoding: digits.reversed(), as: UTF8.self)
}
