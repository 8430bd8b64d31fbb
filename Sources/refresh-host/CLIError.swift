import RefreshExitStatus

/// The command line's own mistakes, found as a command runs (a missing
/// argument, options that only the chosen style shows to conflict): one line
/// on stderr ("Error: ..."), with the exit status of its kind. The libraries'
/// errors carry their own status (ExitCoded).
struct CLIError: ExitCoded {
    var description: String
    var exitStatus: ExitStatus

    init(_ description: String, status: ExitStatus = .failure) {
        self.description = description
        self.exitStatus = status
    }

    static func usage(_ text: String) -> CLIError { CLIError(text, status: .usage) }
    static func notFound(_ text: String) -> CLIError { CLIError(text, status: .notFound) }
    static func plugin(_ text: String) -> CLIError { CLIError(text, status: .pluginFailed) }
}
