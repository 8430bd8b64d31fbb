import RefreshEmbedABI
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The one thread every host and view of the process belongs to: the thread
/// that made the first live host. Every other entry point checks it before
/// it touches anything, so a call from another thread changes nothing.
enum HostThread {
    private struct Owner {
        var thread: pthread_t?
        var hosts = 0
    }

    private static let owner = Mutex(Owner())

    /// Whether the calling thread may use the library's hosts and views.
    static var isCurrent: Bool {
        owner.withLock { owner in owner.thread.map { pthread_equal($0, pthread_self()) != 0 } ?? false }
    }

    /// A host is being made on the calling thread: it becomes the library's
    /// thread if no host lives, and must be it otherwise.
    static func adoptForNewHost() -> Bool {
        owner.withLock { owner in
            if let thread = owner.thread, pthread_equal(thread, pthread_self()) == 0 { return false }
            owner.thread = pthread_self()
            owner.hosts += 1
            return true
        }
    }

    /// A host went (or was not made after all); with none left, any thread may make the next one.
    static func releaseHost() {
        owner.withLock { owner in
            owner.hosts -= 1
            if owner.hosts <= 0 {
                owner.hosts = 0
                owner.thread = nil
            }
        }
    }

    static func check() throws(EmbedError) {
        guard isCurrent else {
            throw EmbedError(RHE_ERR_WRONG_THREAD, "called from a thread other than the host's (the thread that called rhe_host_new)")
        }
    }
}
