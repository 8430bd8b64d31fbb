import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Stops the process that reaches a hostile fixture's entry point, found by the mark it
/// leaves (`HOSTILE_MARK_DIR`: `<at>.<pid>`), to make a call slow in wall time only, as a
/// starved process on a loaded machine is.
public final class MarkedStop: @unchecked Sendable {
    /// The process stopped (0 until one was).
    public private(set) var pid: pid_t = 0
    private let done = DispatchSemaphore(value: 0)

    /// On a thread of its own: waits (up to 60 s) for a mark in `marks`, stops that process
    /// with SIGSTOP, and continues it after `seconds` (never, when nil).
    public init(marks: String, for seconds: Double?) {
        Thread.detachNewThread { [self] in
            defer { done.signal() }
            let end = Date().addingTimeInterval(60)
            while Date() < end {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: marks)) ?? []
                if let name = names.first, let pid = pid_t(name.split(separator: ".").last ?? "") {
                    kill(pid, SIGSTOP)
                    self.pid = pid
                    if let seconds {
                        usleep(UInt32(seconds * 1e6))
                        kill(pid, SIGCONT)
                    }
                    return
                }
                usleep(5000)
            }
        }
    }

    /// Waits until the stop is over (or no mark came); returns the pid stopped, 0 for none.
    @discardableResult
    public func wait() -> pid_t {
        done.wait()
        done.signal()
        return pid
    }
}
