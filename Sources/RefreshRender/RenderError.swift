/// A problem with what was asked for (a moment that never happens, a file
/// that cannot be written, ...): one line, naming the value.
public struct RenderError: Error, CustomStringConvertible, Equatable {
    public var description: String
    /// The request cannot be honoured (a moment the run never reaches, a frame
    /// rate the format cannot play), as opposed to an output that could not be
    /// written: the CLI gives the two different exit statuses.
    public var isRequest: Bool

    public init(_ description: String) {
        self.description = description
        isRequest = false
    }

    public init(request description: String) {
        self.description = description
        isRequest = true
    }
}
