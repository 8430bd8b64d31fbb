#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// How long a child's main thread (where its plugin calls run) has been
/// about its own business since a start: running, or waiting for what it
/// asked for (a sleep, a read, a lock, a page), but not waiting for a CPU
/// nor stopped. A deadline on this time stops a spin, a sleep or a blocked
/// read as soon as a wall clock would on a quiet machine, and is not spent
/// by a busy machine (its run queue) or by SIGSTOP.
///
/// Waiting for a CPU is the kernel's run_delay (`/proc/PID/schedstat`, the
/// main thread's; it grows as each wait ends, so a wait in progress counts
/// until the thread runs, a few milliseconds); being stopped is read from
/// the state in `/proc/PID/stat` at each look, and the time since the last
/// look counts as stopped when it is. Where `/proc` cannot be read it is the
/// wall time, as a plain deadline would be.
public struct ChildOwnTime: Sendable {
    public let pid: pid_t
    /// When the count started (monotonic seconds) and the child's run_delay then.
    private var start: Double
    private var delayAtStart: Double
    private var stopped = 0.0
    private var lastLook: Double
    /// The own time the last look found.
    private var lastElapsed = 0.0
    /// Looks closer together than this answer the last look's figure (a lower bound): a
    /// supervisor woken by every message of a thousand-file scan need not read /proc each time.
    static let lookInterval = 0.01

    public init(pid: pid_t, now: Double = MonotonicTime.seconds()) {
        self.pid = pid
        start = now
        lastLook = now
        delayAtStart = Self.runDelay(pid)
    }

    /// Counts from zero again at `now` (the next plugin call, the next file).
    public mutating func restart(now: Double = MonotonicTime.seconds()) {
        start = now
        lastLook = now
        lastElapsed = 0
        stopped = 0
        delayAtStart = Self.runDelay(pid)
    }

    /// Wall seconds since the start.
    public func wall(now: Double = MonotonicTime.seconds()) -> Double { now - start }

    /// The child's own seconds since the start, as of `now` (which should be about the time of
    /// the call: the child's state is read now).
    public mutating func elapsed(now: Double = MonotonicTime.seconds()) -> Double {
        guard now - lastLook >= Self.lookInterval else { return lastElapsed }
        if Self.isStopped(pid) { stopped += now - lastLook }
        lastLook = now
        let waitedForCPU = max(0, Self.runDelay(pid) - delayAtStart)
        lastElapsed = max(0, now - start - waitedForCPU - stopped)
        return lastElapsed
    }

    /// The main thread's time waiting on a run queue, in seconds (0 where unknown).
    static func runDelay(_ pid: pid_t) -> Double {
        // "<on-CPU ns> <run-queue ns> <timeslices>"
        guard let text = contents(of: "/proc/\(pid)/schedstat") else { return 0 }
        let fields = text.split(separator: " ", maxSplits: 2)
        guard fields.count >= 2, let ns = UInt64(fields[1]) else { return 0 }
        return Double(ns) / 1e9
    }

    /// Whether the main thread is stopped (by a signal, "T", or a tracer, "t").
    static func isStopped(_ pid: pid_t) -> Bool {
        // "PID (COMM) STATE ...": the command may hold spaces and parentheses, so the state follows the last ")".
        guard let text = contents(of: "/proc/\(pid)/stat"), let close = text.lastIndex(of: ")") else { return false }
        let rest = text[text.index(after: close)...].drop { $0 == " " }
        return rest.first == "T" || rest.first == "t"
    }

    /// A small /proc file's text, or nil.
    private static func contents(of path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 512)
        let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
        guard n > 0 else { return nil }
        return String(decoding: bytes[0..<n], as: UTF8.self)
    }
}
