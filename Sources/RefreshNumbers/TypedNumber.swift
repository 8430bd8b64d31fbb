/// A number given on the command line, kept as it was typed: the value to
/// use, and the text to echo in a message (`--fps 1e12`, not the parser's
/// `1000000000000.0`). Any text is kept; one that is not a number has no
/// value, and the option's range check says what it must be, naming the range.
public struct TypedNumber: Sendable, Equatable {
    public let text: String
    /// Nil when the text is not a number; never nil once the option's range has been checked.
    public let number: Double?

    /// As typed.
    public init(text: String) {
        self.text = text
        number = Double(text)
    }

    /// A default, written as people write it: 2, 0.6.
    public init(_ value: Double) {
        text = Self.plain(value)
        number = value
    }

    /// The value, once the option's range has been checked.
    public var value: Double { number ?? .nan }

    /// 2 rather than 2.0; other values as Swift writes them.
    public static func plain(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
