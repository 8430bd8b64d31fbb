#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// How many columns a line of output may take; nil means no limit.
///
/// COLUMNS, when it is a positive whole number, wins: it is the user's
/// explicit word (as Python's shutil and GNU ps take it), and it applies
/// to pipes too, so `COLUMNS=60 refresh-host list | less` gets a 60-column
/// table. Otherwise a terminal's own width (TIOCGWINSZ); otherwise, for a
/// pipe or a file, no limit: scripts get whole lines.
public enum TerminalWidth {
    public static func columns(terminal: Int?, environment: [String: String]) -> Int? {
        if let text = environment["COLUMNS"], let value = Int(text), value > 0 { return value }
        if let width = terminal, width > 0 { return width }
        return nil
    }

    /// The width for what this process writes to `descriptor`.
    public static func columns(descriptor: Int32) -> Int? {
        columns(terminal: terminalColumns(descriptor), environment: ConsoleEnvironment.current)
    }

    /// The terminal's width when `descriptor` is one, else nil.
    public static func terminalColumns(_ descriptor: Int32) -> Int? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}
