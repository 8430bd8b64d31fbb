import COutputGuard

#if canImport(Glibc)
import Glibc
#endif

/// What a command says beside its result, on stderr: a warning is something
/// it did that may not be what the user wanted, said once, never in stdout.
enum Notice {
    /// Dropped by --quiet, like every notice (Console).
    static func warn(_ text: String) {
        _ = rh_stdout_flush()
        Console.current.warn("warning: \(text)")
    }

    /// A line on stderr as it is.
    static func line(_ text: String) {
        // After what stdout holds so far, when both go to one terminal.
        _ = rh_stdout_flush()
        let line = text + "\n"
        _ = line.withCString { write(2, $0, strlen($0)) }
    }
}
