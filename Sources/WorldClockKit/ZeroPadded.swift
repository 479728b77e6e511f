/// `value` in decimal with at least `width` digits, zeros in front, a minus sign before them:
/// `zeroPadded(7, width: 2)` is "07", `zeroPadded(-5, width: 4)` is "-0005", `zeroPadded(123, width: 2)` is "123".
/// The one place the package pads numbers (clock times, ISO 8601, offsets, log durations).
public func zeroPadded(_ value: Int, width: Int) -> String {
    let digits = String(value.magnitude)
    return (value < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - digits.count)) + digits
}
