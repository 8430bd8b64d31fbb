import RefreshHostController

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// One child process with a deadline, for work that may run a plugin which
/// crashes or hangs: the child dies, the caller learns how. Its standard
/// input and output are /dev/null; one descriptor of the caller's choice
/// (a worker's result pipe, or stderr for an error line) comes back as text.
public enum ChildProcess {
    public enum Ending: Equatable, Sendable {
        case exited(Int32)
        case signal(Int32)
        /// Killed with SIGKILL at the deadline.
        case timedOut
        case spawnFailed(String)
    }

    public struct Result: Sendable {
        public var ending: Ending
        /// What the child wrote to the captured descriptor (nothing after a time-out).
        public var output: String
    }

    /// Runs `executable` with `arguments`, capturing descriptor `capture` of
    /// the child, for at most `deadline` wall seconds.
    public static func run(_ executable: String, _ arguments: [String], deadline: Double, capture: Int32) -> Result {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return Result(ending: .spawnFailed("pipe: \(String(cString: strerror(errno)))"), output: "") }
        // Both ends well above 3 and close-on-exec; the child gets only its dup2'd copy.
        let readEnd = fcntl(fds[0], F_DUPFD_CLOEXEC, 10), writeEnd = fcntl(fds[1], F_DUPFD_CLOEXEC, 10)
        close(fds[0]); close(fds[1])
        defer { close(readEnd) }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for fd: Int32 in [0, 1, 2] where fd != capture {
            posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        posix_spawn_file_actions_adddup2(&actions, writeEnd, capture)

        // The parent's environment, minus Swift's crash backtracer, which
        // would spend seconds symbolicating a plugin's crash we only report.
        var environment: [String] = []
        var cursor = environ
        while let entry = cursor.pointee {
            let text = String(cString: entry)
            if !text.hasPrefix("SWIFT_BACKTRACE=") { environment.append(text) }
            cursor += 1
        }
        environment.append("SWIFT_BACKTRACE=enable=no")

        var pid: pid_t = 0
        let cArguments = ([executable] + arguments).map { strdup($0) } + [nil]
        let cEnvironment = environment.map { strdup($0) } + [nil]
        defer { (cArguments + cEnvironment).forEach { free($0) } }
        let spawned = posix_spawn(&pid, executable, &actions, nil, cArguments, cEnvironment)
        close(writeEnd)
        guard spawned == 0 else {
            return Result(ending: .spawnFailed("posix_spawn \(executable): \(String(cString: strerror(spawned)))"), output: "")
        }

        let end = MonotonicClock.seconds() + deadline
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        var open = true
        while open {
            let left = end - MonotonicClock.seconds()
            if left <= 0 { return Result(ending: killChild(pid), output: "") }
            var poller = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(min(left * 1000 + 1, 1000)))
            if ready < 0 && errno != EINTR { break }
            guard ready > 0 else { continue }
            let n = read(readEnd, &buffer, buffer.count)
            if n > 0 { bytes += buffer[0..<n] } else if n == 0 || errno != EINTR { open = false }
        }
        // The pipe closed: the child is exiting. Reap it, within the deadline.
        var status: Int32 = 0
        while true {
            let r = waitpid(pid, &status, WNOHANG)
            if r == pid { break }
            if r < 0 && errno != EINTR { return Result(ending: .exited(-1), output: "") }
            if MonotonicClock.seconds() > end { return Result(ending: killChild(pid), output: "") }
            usleep(2000)
        }
        let text = String(decoding: bytes, as: UTF8.self)
        let signal = status & 0x7F
        if signal != 0 && signal != 0x7F { return Result(ending: .signal(signal), output: text) }
        return Result(ending: .exited((status >> 8) & 0xFF), output: text)
    }

    private static func killChild(_ pid: pid_t) -> Ending {
        kill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return .timedOut
    }
}
