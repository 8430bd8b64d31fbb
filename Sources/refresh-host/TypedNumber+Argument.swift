import ArgumentParser
import RefreshNumbers

/// Any text parses: a value that is not a number is the range check's to refuse, naming the range.
extension TypedNumber: ExpressibleByArgument {
    public init(argument: String) { self.init(text: argument) }
    public var defaultValueDescription: String { text }
}

extension NumberRange {
    /// A usage error naming the option, the value as typed and this range, unless `number` is within it.
    func check(_ option: String, _ number: TypedNumber, _ why: String = "") throws {
        if let problem = problem(option, number, why) { throw ValidationError(problem) }
    }
}
