import COutputGuard

#if canImport(Glibc)
import Glibc
#endif

/// Standard error for output that is not a message: the timeline when stdout
/// carries `--frames-json -`. Warnings and errors go through Console.
public enum StandardError {
    public static func write(line: String) {
        // After what stdout holds so far, when both go to one terminal.
        _ = rh_stdout_flush()
        let text = line + "\n"
        _ = text.withCString { Glibc.write(2, $0, strlen($0)) }
    }
}
