#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import CTerminalGuard

/// The terminal while the preview owns it: raw input, the alternate
/// screen, no cursor, mouse reports, no autowrap. `restore()` (or the
/// signal guard, on a crash or a kill) puts back every one of them.
public final class TerminalSession {
    /// Enter: alternate screen, hide cursor, no autowrap (the last column
    /// of the last row must not scroll), button-event mouse tracking in SGR form.
    static let enterSequence = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l\u{1B}[?1002h\u{1B}[?1006h\u{1B}[0m\u{1B}[2J"
    /// Leave, in the reverse order; mode 1000 too in case a terminal mapped 1002 onto it.
    static let restoreSequence = "\u{1B}[0m\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l"

    public let inputFD: Int32
    public let outputFD: Int32
    private let ownsInput: Bool
    private var saved = termios()
    private var active = false

    /// Whether `fd` is a terminal.
    public static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

    /// Takes over the terminal on stdout. Input comes from stdin if it is a
    /// terminal, else from /dev/tty. `name` starts the crash message.
    public init(name: String, outputFD: Int32 = STDOUT_FILENO) throws(TerminalError) {
        self.outputFD = outputFD
        if Self.isTerminal(STDIN_FILENO) {
            inputFD = STDIN_FILENO
            ownsInput = false
        } else {
            let fd = open("/dev/tty", O_RDWR | O_NOCTTY)
            guard fd >= 0 else { throw TerminalError("no terminal to read keys from (stdin is not one and /dev/tty cannot be opened)") }
            inputFD = fd
            ownsInput = true
        }
        guard tcgetattr(inputFD, &saved) == 0 else {
            if ownsInput { close(inputFD) }
            throw TerminalError("cannot read the terminal's settings")
        }
        let restore = Array(Self.restoreSequence.utf8)
        let armed = restore.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                terminal_guard_arm(inputFD, outputFD, &saved, chars.baseAddress, chars.count, name)
            }
        }
        guard armed else {
            if ownsInput { close(inputFD) }
            throw TerminalError("cannot install the terminal's signal handlers")
        }
        var raw = saved
        // cfmakeraw, but reads return at once (VMIN 0): the loop polls with a timeout.
        raw.c_iflag &= ~tcflag_t(IGNBRK | BRKINT | PARMRK | ISTRIP | INLCR | IGNCR | ICRNL | IXON)
        raw.c_oflag &= ~tcflag_t(OPOST)
        raw.c_lflag &= ~tcflag_t(ECHO | ECHONL | ICANON | ISIG | IEXTEN)
        raw.c_cflag &= ~tcflag_t(CSIZE | PARENB)
        raw.c_cflag |= tcflag_t(CS8)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(inputFD, TCSANOW, &raw) == 0 else {
            terminal_guard_disarm()
            if ownsInput { close(inputFD) }
            throw TerminalError("cannot put the terminal in raw mode")
        }
        active = true
        write(Array(Self.enterSequence.utf8))
    }

    deinit { restore() }

    /// Columns and rows, or nil if the terminal will not say.
    public func size() -> (columns: Int, rows: Int)? {
        var columns: Int32 = 0
        var rows: Int32 = 0
        guard terminal_guard_window_size(outputFD, &columns, &rows) else { return nil }
        return (Int(columns), Int(rows))
    }

    /// Waits up to `timeout` seconds for input and returns what arrived
    /// (empty on timeout or when a signal interrupts the wait).
    public func read(timeout: Double) -> [UInt8] {
        var poller = pollfd(fd: inputFD, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(max(0, min(1000, (timeout * 1000).rounded(.up))))
        guard poll(&poller, 1, milliseconds) > 0 else { return [] }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = buffer.withUnsafeMutableBytes { Glibc.read(inputFD, $0.baseAddress, $0.count) }
        return n > 0 ? Array(buffer[0..<n]) : []
    }

    /// Writes all of `bytes` (one write call unless the kernel takes less).
    public func write(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(outputFD, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return  // the terminal is gone; nothing left to show anything on
            }
            offset += n
        }
    }

    /// Leaves the screen modes, puts the saved settings back and removes the
    /// signal handlers. Idempotent.
    public func restore() {
        guard active else { return }
        active = false
        write(Array(Self.restoreSequence.utf8))
        tcsetattr(inputFD, TCSANOW, &saved)
        terminal_guard_disarm()
        if ownsInput { close(inputFD) }
    }

    /// A quit signal (SIGINT, SIGTERM, SIGHUP) that arrived since the last call, or nil.
    public func takeQuitSignal() -> Int32? {
        let signal = terminal_guard_take_quit_signal()
        return signal == 0 ? nil : signal
    }

    public func takeResize() -> Bool { terminal_guard_take_resize() }

    /// After `restore()`: ends the process with `signal`'s default action, as
    /// if the session had never caught it.
    public static func reraise(_ signalNumber: Int32) -> Never {
        terminal_guard_reraise(signalNumber)
    }
}

/// Why the terminal could not be taken over.
public struct TerminalError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
