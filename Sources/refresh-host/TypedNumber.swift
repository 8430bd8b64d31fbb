import ArgumentParser

/// A number given on the command line, kept as it was typed: the value to
/// use, and the text to echo in a message (`--fps 1e12`, not the parser's
/// `1000000000000.0`). Any text parses; one that is not a number has no
/// value, and the option's range check says what it must be, naming the range.
struct TypedNumber: ExpressibleByArgument, Sendable, Equatable {
    let text: String
    /// Nil when the text is not a number; never nil after the option's `validate()`.
    let number: Double?

    init(argument: String) {
        text = argument
        number = Double(argument)
    }

    /// A default, written as people write it: 2, 0.6.
    init(_ value: Double) {
        text = Self.plain(value)
        number = value
    }

    /// The value, once the option's `validate()` has checked it.
    var value: Double { number ?? .nan }

    var defaultValueDescription: String { text }

    static func plain(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
