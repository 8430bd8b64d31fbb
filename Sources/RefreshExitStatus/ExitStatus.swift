/// Every command's exit status: one table for all of them, documented in
/// docs/cli.md (and `refresh-host help exit-codes`). Scripts branch on these,
/// so a number never changes meaning; a new case gets a new number.
public enum ExitStatus: Int32, CaseIterable, Sendable {
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
    public var meaning: String {
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
