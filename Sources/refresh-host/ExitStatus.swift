import RefreshRender

/// Every command's exit status: one table for all of them, documented in
/// docs/cli.md (and `refresh-host help exit-codes`). Scripts branch on these,
/// so a number never changes meaning; a new case gets a new number.
enum ExitStatus: Int32, CaseIterable, Sendable {
    /// The command did what was asked.
    case success = 0
    /// It ran, and its answer is "no": a check failed, a style in the gallery failed.
    case failure = 1
    /// The command line is wrong: an unknown option, a value out of range, options that conflict.
    case usage = 2
    /// What it names is not there or cannot be read: no such style, file or folder, a file that is not a plugin.
    case notFound = 3
    /// The plugin failed: it crashed, hung, or gave what the host refuses.
    case pluginFailed = 4
    /// An output could not be written: the file, its folder, or standard output (a full disk, /dev/full).
    case outputFailed = 5

    /// One line for the table in --help and the docs.
    var meaning: String {
        switch self {
        case .success: "success"
        case .failure: "it ran and found a failure: a failed check, a gallery style not drawn"
        case .usage: "usage: an unknown option, a value out of range, options that conflict"
        case .notFound: "not found or unreadable: a style, a file, a folder, not a plugin"
        case .pluginFailed: "the plugin failed: it crashed, hung, or returned what the host refuses"
        case .outputFailed: "an output could not be written (a file, its folder, standard output)"
        }
    }
}

/// A failure the user sees as one line on stderr ("Error: ..."), with the
/// exit status of its kind.
struct CLIError: Error, CustomStringConvertible {
    var description: String
    var status: ExitStatus

    init(_ description: String, status: ExitStatus = .failure) {
        self.description = description
        self.status = status
    }

    /// What a worker said when it stopped, with the status it chose (an unknown one counts as the plugin's failure).
    init(_ description: String, worker status: UInt8) {
        // A failure is never a success, whatever a (possibly hostile) worker claims.
        let claimed = ExitStatus(rawValue: Int32(status)).flatMap { $0 == .success ? nil : $0 }
        self.init(description, status: claimed ?? .pluginFailed)
    }

    /// A renderer's error: a request it cannot honour, or an output it could not write.
    init(_ error: RenderError) {
        self.init(error.description, status: error.isRequest ? .usage : .outputFailed)
    }

    static func usage(_ text: String) -> CLIError { CLIError(text, status: .usage) }
    static func notFound(_ text: String) -> CLIError { CLIError(text, status: .notFound) }
    static func plugin(_ text: String) -> CLIError { CLIError(text, status: .pluginFailed) }
    static func output(_ text: String) -> CLIError { CLIError(text, status: .outputFailed) }
}
