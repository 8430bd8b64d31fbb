import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// One line of progress on a terminal, redrawn in place (carriage return,
/// erase to the end of the line) and erased when the work is done, so what
/// stays on the screen is only the command's real output. Cut to the
/// terminal's width so it never wraps (a wrapped line cannot be redrawn).
/// Lines that must stay (a warning, --verbose detail) go through `log`,
/// which prints them above it. Safe to use from several threads.
public final class ProgressLine: Sendable {
    /// Whether the line is drawn at all; when not, `show` does nothing and `log` just writes.
    public let isEnabled: Bool
    private let descriptor: Int32
    private let state = Mutex<State>(State())

    struct State {
        var text: String?
        var onScreen = false
        var lastDraw = 0.0
    }

    /// Redraws closer together than this only when the caller says the text matters (`force`).
    static let interval = 1.0 / 30

    public init(descriptor: Int32 = 2, enabled: Bool) {
        self.descriptor = descriptor
        self.isEnabled = enabled
    }

    /// Replaces the line with `text`. A count that changes hundreds of times a
    /// second is drawn at most 30 times a second; `force` draws it now (a new
    /// step began, so the line must not go on naming the previous one).
    public func show(_ text: String, force: Bool = false) {
        guard isEnabled else { return }
        state.withLock { state in
            state.text = text
            let now = Self.seconds()
            guard force || !state.onScreen || now - state.lastDraw >= Self.interval else { return }
            state.lastDraw = now
            state.onScreen = true
            emit("\r\u{1B}[K" + fitted(text))
        }
    }

    /// Writes `line` to stay, above the progress line, which is drawn again below it.
    public func log(_ line: String) {
        state.withLock { state in
            var bytes = (state.onScreen ? "\r\u{1B}[K" : "") + line + "\n"
            if state.onScreen, let text = state.text { bytes += fitted(text) }
            emit(bytes)
        }
    }

    /// Erases the line; the cursor is left at the start of the empty line.
    public func clear() {
        state.withLock { state in
            state.text = nil
            guard state.onScreen else { return }
            state.onScreen = false
            emit("\r\u{1B}[K")
        }
    }

    /// `text` on one line, cut one column short of the terminal's width
    /// (writing the last column leaves some terminals about to wrap).
    private func fitted(_ text: String) -> String {
        let line = TextFit.printable(text)
        guard let columns = TerminalWidth.terminalColumns(descriptor) else { return line }
        return TextFit.truncate(line, to: max(1, columns - 1))
    }

    private func emit(_ text: String) {
        var text = text
        text.withUTF8 { buffer in
            var done = 0
            while done < buffer.count {
                let n = write(descriptor, buffer.baseAddress! + done, buffer.count - done)
                if n > 0 { done += n } else if n < 0 && errno == EINTR { continue } else { return }
            }
        }
    }

    private static func seconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
