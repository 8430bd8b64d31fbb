import RefreshExitStatus

/// Why `validate` cannot start on what it was given, with the exit status of
/// its kind: a request it cannot honour (2), a file, folder or style that is
/// not there or not a plugin (3), a temporary folder it cannot make (5), or
/// a designer's folder no adapter makes a style of (1).
public struct ValidationSetupError: ExitCoded, Equatable, Sendable {
    public var description: String
    public var exitStatus: ExitStatus

    public init(_ description: String, _ exitStatus: ExitStatus) {
        self.description = description
        self.exitStatus = exitStatus
    }
}
