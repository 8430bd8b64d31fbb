import RefreshHostController

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Runs each check in a child process: the same executable, re-run with a
/// hidden worker command, its result coming back over a pipe. A plugin that
/// crashes takes down only the child (`crashed`, with its signal); one that
/// hangs is killed with SIGKILL at the deadline (`timed out`).
public struct ChildRunner {
    /// The executable to re-run (this program, from /proc/self/exe).
    public var executable: String
    /// Arguments that make `executable` run one check: the runner appends
    /// `--check ID` and the run's options.
    public var workerArguments: [String]
    /// Wall seconds a check may take.
    public var deadline: Double

    public init(executable: String, workerArguments: [String], deadline: Double) {
        self.executable = executable
        self.workerArguments = workerArguments
        self.deadline = deadline
    }

    /// What became of one child.
    enum Ending: Equatable {
        case result(Outcome)
        case signal(Int32)
        case exited(Int32)
        case timedOut
        case spawnFailed(String)
    }

    func run(_ check: Check, options: ValidationOptions) -> Ending {
        let (ending, text) = spawn(["--check", check.id] + options.workerArguments)
        if case let .signal(s) = ending { return .signal(s) }
        if let outcome = WorkerProtocol.decode(text) { return .result(outcome) }
        return ending ?? .exited(0)
    }

    /// The ids (and short names) of the library's styles, asked of a child
    /// so a crashing library cannot take the parent down; nil when the child
    /// could not say (the library does not load: the checks will tell why).
    public func styleNames(options: ValidationOptions) -> [String]? {
        let (ending, text) = spawn(["--list-styles"] + options.workerArguments)
        guard ending == nil || ending == .exited(0), text.hasSuffix("end\n") else { return nil }
        return text.split(separator: "\n").dropLast().map(String.init)
    }

    /// Runs the worker with `extra` arguments; returns what it wrote to the
    /// result pipe, and how it ended when that was not a clean exit 0.
    private func spawn(_ extra: [String]) -> (Ending?, String) {
        let arguments = [executable] + workerArguments + extra
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return (.spawnFailed("pipe: \(String(cString: strerror(errno)))"), "") }
        // Both ends well above 3 and close-on-exec; the child gets only its dup2'd copy.
        let readEnd = fcntl(fds[0], F_DUPFD_CLOEXEC, 10), writeEnd = fcntl(fds[1], F_DUPFD_CLOEXEC, 10)
        close(fds[0]); close(fds[1])
        defer { close(readEnd) }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, writeEnd, WorkerProtocol.resultDescriptor)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)

        // The parent's environment, minus Swift's crash backtracer, which
        // would spend seconds symbolicating a plugin's crash we only count.
        var environment: [String] = []
        var cursor = environ
        while let entry = cursor.pointee {
            let text = String(cString: entry)
            if !text.hasPrefix("SWIFT_BACKTRACE=") { environment.append(text) }
            cursor += 1
        }
        environment.append("SWIFT_BACKTRACE=enable=no")

        var pid: pid_t = 0
        let cArguments = arguments.map { strdup($0) } + [nil]
        let cEnvironment = environment.map { strdup($0) } + [nil]
        defer { (cArguments + cEnvironment).forEach { free($0) } }
        let spawned = posix_spawn(&pid, executable, &actions, nil, cArguments, cEnvironment)
        close(writeEnd)
        guard spawned == 0 else { return (.spawnFailed("posix_spawn \(executable): \(String(cString: strerror(spawned)))"), "") }

        let end = MonotonicClock.seconds() + deadline
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        var open = true
        while open {
            let left = end - MonotonicClock.seconds()
            if left <= 0 { return (killChild(pid), "") }
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
            if r < 0 && errno != EINTR { return (.exited(-1), "") }
            if MonotonicClock.seconds() > end { return (killChild(pid), "") }
            usleep(2000)
        }
        let text = String(decoding: bytes, as: UTF8.self)
        let signal = status & 0x7F
        if signal != 0 && signal != 0x7F { return (.signal(signal), text) }
        let code = (status >> 8) & 0xFF
        return (code == 0 ? nil : .exited(code), text)
    }

    private func killChild(_ pid: pid_t) -> Ending {
        kill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return .timedOut
    }
}

/// SIGSEGV for 11, and so on: the names people search for.
func signalName(_ signal: Int32) -> String {
    let names: [Int32: String] = [
        1: "SIGHUP", 2: "SIGINT", 3: "SIGQUIT", 4: "SIGILL", 5: "SIGTRAP", 6: "SIGABRT", 7: "SIGBUS", 8: "SIGFPE",
        9: "SIGKILL", 11: "SIGSEGV", 13: "SIGPIPE", 14: "SIGALRM", 15: "SIGTERM", 24: "SIGXCPU", 25: "SIGXFSZ", 31: "SIGSYS",
    ]
    return names[signal] ?? "signal \(signal)"
}
