import COutputGuard
import RefreshConsole
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// What this process writes for a person, set up once from the command line
/// (OutputOptions) and the environment before the command runs: colour for
/// stdout and for stderr (each from its own terminal check), the width of
/// stdout, how much to say, and the one progress line. Everything here goes
/// to stderr except through `stdoutColor` and `width`, which the commands'
/// own stdout output uses: progress and notices never reach machine output.
final class Console: Sendable {
    let verbosity: Verbosity
    /// Colour for what goes to stdout (tables, reports).
    let stdoutColor: ColorPolicy
    /// Colour for stderr: the `Error:` prefix.
    let stderrColor: ColorPolicy
    /// Columns a line on stdout may take; nil: no limit (a pipe or a file).
    let width: Int?
    /// Redrawn in place on a terminal; off on a pipe, with TERM=dumb and with --quiet.
    let progress: ProgressLine

    init(mode: ColorMode, verbosity: Verbosity) {
        self.verbosity = verbosity
        stdoutColor = .detect(descriptor: 1, mode: mode)
        stderrColor = .detect(descriptor: 2, mode: mode)
        width = TerminalWidth.columns(descriptor: 1)
        let term = ConsoleEnvironment.current["TERM"] ?? ""
        // A dumb terminal (an editor's shell buffer) shows the carriage returns instead of obeying them.
        progress = ProgressLine(enabled: verbosity != .quiet && isatty(2) != 0 && !term.isEmpty && term != "dumb")
    }

    private static let installed = Mutex<Console?>(nil)

    /// The console main() set up; before that (a usage error), the defaults.
    static var current: Console {
        installed.withLock { console in
            if let console { return console }
            let made = Console(mode: .auto, verbosity: .normal)
            console = made
            return made
        }
    }

    static func install(_ options: OutputOptions) {
        let console = Console(mode: options.color, verbosity: options.verbosity)
        installed.withLock { $0 = console }
    }

    var isVerbose: Bool { verbosity == .verbose }
    var isQuiet: Bool { verbosity == .quiet }

    /// A notice or a warning that is not an error: dropped by --quiet. After
    /// what stdout holds so far, when both go to one terminal.
    func warn(_ line: String) {
        guard verbosity != .quiet else { return }
        _ = rh_stdout_flush()
        progress.log(line)
    }

    /// Something the command did that may not be what was meant: `warning: ...`.
    func warning(_ text: String) { warn("warning: " + text) }

    /// Detail only --verbose asks for.
    func detail(_ line: String) {
        if verbosity == .verbose { progress.log(line) }
    }

    /// The one line of an error, always printed: `Error:` in red on a terminal that takes colour.
    func error(_ message: String) {
        progress.clear()
        var line = stderrColor.paint("Error:", .boldRed) + " " + message + "\n"
        line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
    }
}
