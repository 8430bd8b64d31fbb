import RefreshExitStatus

/// A search path that cannot be set up (a --plugin-path that is not there) or a
/// style name that leads to no loaded style: what the user named is not found (3).
public struct PluginSearchError: ExitCoded, Equatable, Sendable {
    public var description: String
    public var exitStatus: ExitStatus { .notFound }
    public init(_ description: String) { self.description = description }
}
