/// Why an output file could not be written: one line naming the file and the cause.
public struct OutputError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
    public init(_ message: String) { self.message = message }
}
