import COutputGuard
import RefreshText
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// What this process writes for a person, set up once from the command line
/// (the command line's --color, --quiet and --verbose) and the environment before the command runs: colour for
/// stdout and for stderr (each from its own terminal check), the width of
/// stdout, how much to say, and the one progress line. Everything here goes
/// to stderr except through `stdoutColor` and `width`, which the commands'
/// own stdout output uses: progress and notices never reach machine output.
public final class Console: Sendable {
    public let verbosity: Verbosity
    /// Colour for what goes to stdout (tables, reports).
    public let stdoutColor: ColorPolicy
    /// Colour for stderr: the `Error:` prefix.
    public let stderrColor: ColorPolicy
    /// Columns a line on stdout may take; nil: no limit (a pipe or a file).
    public let width: Int?
    /// Redrawn in place on a terminal; off on a pipe, with TERM=dumb and with --quiet.
    public let progress: ProgressLine

    public init(mode: ColorMode, verbosity: Verbosity) {
        self.verbosity = verbosity
        stdoutColor = .detect(descriptor: 1, mode: mode)
        stderrColor = .detect(descriptor: 2, mode: mode)
        width = TerminalWidth.columns(descriptor: 1)
        let term = ConsoleEnvironment.current["TERM"] ?? ""
        // A dumb terminal (an editor's shell buffer) shows the carriage returns instead of obeying them.
        progress = ProgressLine(enabled: verbosity != .quiet && isatty(2) != 0 && !term.isEmpty && term != "dumb")
    }

    /// A console with its parts given (a progress line on a pipe, say): for a test.
    public init(verbosity: Verbosity, stdoutColor: ColorPolicy = .off, stderrColor: ColorPolicy = .off, width: Int? = nil,
                progress: ProgressLine) {
        (self.verbosity, self.stdoutColor, self.stderrColor, self.width, self.progress) = (verbosity, stdoutColor, stderrColor, width, progress)
    }

    private static let installed = Mutex<Console?>(nil)

    /// The console main() set up; before that (a usage error), the defaults.
    public static var current: Console {
        installed.withLock { console in
            if let console { return console }
            let made = Console(mode: .auto, verbosity: .normal)
            console = made
            return made
        }
    }

    /// Once, before the command runs: colour, --quiet and --verbose hold for everything said from then on.
    public static func install(mode: ColorMode, verbosity: Verbosity) {
        let console = Console(mode: mode, verbosity: verbosity)
        installed.withLock { $0 = console }
    }

    public var isVerbose: Bool { verbosity == .verbose }
    public var isQuiet: Bool { verbosity == .quiet }

    /// A notice or a warning that is not an error: dropped by --quiet. After
    /// what stdout holds so far, when both go to one terminal. One line, its
    /// control characters made visible (it may quote a plugin).
    public func warn(_ line: String) {
        guard verbosity != .quiet else { return }
        _ = rh_stdout_flush()
        progress.log(line.terminalSafe)
    }

    /// Something the command did that may not be what was meant: `warning: ...`.
    public func warning(_ text: String) { warn("warning: " + text) }

    /// Detail only --verbose asks for.
    public func detail(_ line: String) {
        if verbosity == .verbose { progress.log(line.terminalSafe) }
    }

    /// The one line of an error, always printed: `Error:` in red on a terminal that takes colour.
    public func error(_ message: String) {
        progress.clear()
        // The message may quote a plugin or a file name: it stays one line and cannot drive the terminal.
        var line = stderrColor.paint("Error:", .boldRed) + " " + message.terminalSafe + "\n"
        line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
    }
}
