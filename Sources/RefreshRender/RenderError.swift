/// A problem with what was asked for (a moment that never happens, a file
/// that cannot be written, ...): one line, naming the value.
public struct RenderError: Error, CustomStringConvertible, Equatable {
    public var description: String
    public init(_ description: String) { self.description = description }
}
