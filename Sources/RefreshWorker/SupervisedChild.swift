#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A child started by `ChildProcess.spawn`: its own process group, whose id is its pid.
public final class SupervisedChild: @unchecked Sendable {
    public let pid: pid_t
    private var reaped: ChildProcess.Ending?

    init(pid: pid_t) { self.pid = pid }

    /// SIGKILL to the child's whole process group (and the child, should it have left it).
    public func kill() {
        _ = Glibc.kill(-pid, SIGKILL)
        if reaped == nil { _ = Glibc.kill(pid, SIGKILL) }
    }

    /// Waits for the child to end; how it ended. Idempotent.
    @discardableResult
    public func wait() -> ChildProcess.Ending {
        if let reaped { return reaped }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            if errno != EINTR { reaped = .exited(-1); return .exited(-1) }
        }
        let ending = Self.ending(status)
        reaped = ending
        return ending
    }

    /// Waits until the monotonic time `end`; nil if the child is still running then.
    public func wait(until end: Double) -> ChildProcess.Ending? {
        if let reaped { return reaped }
        while true {
            var status: Int32 = 0
            let r = waitpid(pid, &status, WNOHANG)
            if r == pid {
                let ending = Self.ending(status)
                reaped = ending
                return ending
            }
            if r < 0 && errno != EINTR { reaped = .exited(-1); return .exited(-1) }
            if MonotonicTime.seconds() >= end { return nil }
            usleep(1000)
        }
    }

    static func ending(_ status: Int32) -> ChildProcess.Ending {
        let signal = status & 0x7F
        if signal != 0 && signal != 0x7F { return .signal(signal) }
        return .exited((status >> 8) & 0xFF)
    }
}
