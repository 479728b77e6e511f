/// A time the reader refuses: the text, the reason in Korean and a form that works.
public struct TimeQueryError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The text as given.
    public let text: String
    /// What is wrong: "70분은 없습니다(0–59분)".
    public let reason: String
    /// A form the reader takes, close to what was meant: "9시 30분".
    public let example: String

    /// An error for `text`, saying `reason` and showing `example`.
    public init(text: String, reason: String, example: String) {
        self.text = text
        self.reason = reason
        self.example = example
    }

    /// `"9시 70분": 70분은 없습니다(0–59분). 예: '9시 30분'`: one line.
    public var description: String { "\"\(PrintableText.escaped(text, limit: 40))\": \(reason). 예: '\(example)'" }
}
