#if canImport(Glibc)
import Glibc
#endif

/// What a command says beside its result, on stderr: a warning is something
/// it did that may not be what the user wanted, said once, never in stdout.
enum Notice {
    static func warn(_ text: String) {
        let line = "warning: \(text)\n"
        _ = line.withCString { write(2, $0, strlen($0)) }
    }
}
