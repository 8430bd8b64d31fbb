#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// rhe_last_error's line: one per thread (a wrong-thread call gets its own
/// answer without touching the host thread's), kept as a C string until the
/// thread's next call that sets or clears it.
enum LastError {
    /// One key for the process; the destructor frees a thread's string when it ends.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { free($0) }
        return key
    }()

    private static let empty: StaticString = ""

    static func set(_ line: String) {
        replace(with: strdup(line))
    }

    /// The current line: valid until this thread's next set or clear.
    static var current: UnsafePointer<CChar> {
        if let line = pthread_getspecific(key) { return UnsafePointer(line.assumingMemoryBound(to: CChar.self)) }
        return UnsafeRawPointer(empty.utf8Start).assumingMemoryBound(to: CChar.self)
    }

    private static func replace(with line: UnsafeMutablePointer<CChar>?) {
        let old = pthread_getspecific(key)
        pthread_setspecific(key, line)
        free(old)
    }
}
