#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import CIsolation

/// One child process that may run plugin code which crashes, hangs, prints
/// or forks: the child dies, the caller learns how, and nothing of it leaks
/// into the caller. Every child starts
/// - in its own process group (the caller kills the whole group, so a
///   plugin's forked helpers go with it, and the terminal's Ctrl-C reaches
///   only the caller);
/// - with stdin from /dev/null and no inherited descriptors but the ones
///   named in `Options.descriptors`;
/// - with default signal dispositions and an empty signal mask;
/// - told, through the environment, to apply `Limits` and to die with its
///   parent (`WorkerProcess.enter()`, which every re-executed child runs).
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
        public var bytes: [UInt8]
        /// `bytes` as text.
        public var output: String { String(decoding: bytes, as: UTF8.self) }
        /// The plugin call the child was in when it ended or was killed (with `watchCalls`), else nil.
        public var call: String? = nil
    }

    /// What a child may use: CPU seconds and bytes of address space. nil: unlimited.
    public struct Limits: Equatable, Sendable {
        public var cpuSeconds: Int?
        public var addressSpace: Int?

        public init(cpuSeconds: Int? = nil, addressSpace: Int? = nil) {
            self.cpuSeconds = cpuSeconds
            self.addressSpace = addressSpace
        }

        /// Enough for any style; a plugin that allocates without end dies instead of the machine swapping.
        public static let standard = Limits(cpuSeconds: nil, addressSpace: 8 << 30)
    }

    /// How to start a child.
    public struct Options: Sendable {
        public var executable: String
        public var arguments: [String]
        /// Child descriptor -> the caller's descriptor it is a copy of. 0 (stdin) is always /dev/null;
        /// 1 and 2 are /dev/null unless named here.
        public var descriptors: [Int32: Int32] = [:]
        public var limits = Limits.standard
        /// Extra `NAME=value` entries for the child's environment.
        public var environment: [String] = []
        /// What the child gets when this process dies. SIGKILL for anything that may run plugin
        /// code (a plugin may ignore the rest); SIGTERM for a child that runs none and has files to
        /// clean up (a render the gallery started: its own guard removes its temporaries).
        public var deathSignal = SIGKILL

        public init(executable: String, arguments: [String]) {
            self.executable = executable
            self.arguments = arguments
        }
    }

    /// Starts a child; the caller owns the returned handle and must `wait` or `kill` it.
    public static func spawn(_ options: Options) -> Swift.Result<SupervisedChild, SpawnError> {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        for fd: Int32 in [1, 2] where options.descriptors[fd] == nil {
            posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", O_WRONLY, 0)
        }
        // Sources are the caller's close-on-exec copies; dup2 clears the flag on the target only.
        for (target, source) in options.descriptors.sorted(by: { $0.key < $1.key }) {
            posix_spawn_file_actions_adddup2(&actions, source, target)
        }
        let highest = options.descriptors.keys.max() ?? 2
        // The gaps below the highest one named (4 when 3 and 5 are) would otherwise be inherited.
        for fd in Int32(3)..<max(3, highest) where options.descriptors[fd] == nil {
            posix_spawn_file_actions_addclose(&actions, fd)
        }
        rh_spawn_close_from(&actions, max(3, highest + 1))

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        var defaults = sigset_t()
        sigfillset(&defaults)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        var environment = inheritedEnvironment()
        environment += options.environment
        environment.append("\(WorkerProcess.parentVariable)=\(getpid())")
        environment.append("\(WorkerProcess.deathSignalVariable)=\(options.deathSignal)")
        if let cpu = options.limits.cpuSeconds { environment.append("\(WorkerProcess.cpuVariable)=\(cpu)") }
        if let bytes = options.limits.addressSpace { environment.append("\(WorkerProcess.memoryVariable)=\(bytes)") }

        var pid: pid_t = 0
        let cArguments = ([options.executable] + options.arguments).map { strdup($0) } + [nil]
        let cEnvironment = environment.map { strdup($0) } + [nil]
        defer { (cArguments + cEnvironment).forEach { free($0) } }
        let spawned = posix_spawn(&pid, options.executable, &actions, &attributes, cArguments, cEnvironment)
        guard spawned == 0 else {
            return .failure(SpawnError("cannot start \(options.executable): \(String(cString: strerror(spawned)))"))
        }
        return .success(SupervisedChild(pid: pid))
    }

    /// The caller's environment, minus Swift's crash backtracer (which would
    /// spend seconds symbolicating a plugin's crash we only report) and
    /// variables this module sets itself.
    static func inheritedEnvironment() -> [String] {
        var environment: [String] = []
        var cursor = environ
        while let entry = cursor.pointee {
            let text = String(cString: entry)
            if !text.hasPrefix("SWIFT_BACKTRACE="), !text.hasPrefix("REFRESH_HOST_WORKER_") {
                environment.append(text)
            }
            cursor += 1
        }
        environment.append("SWIFT_BACKTRACE=enable=no")
        return environment
    }

    /// Runs `executable` with `arguments`, capturing descriptor `capture` of
    /// the child, for at most `deadline` wall seconds; the child's group is
    /// killed at the deadline. At most `limit` bytes are kept. The child's
    /// stdout and stderr go to `output` (a descriptor of this process), or to
    /// /dev/null when it is nil. `input` (a worker's request) waits for the
    /// child in a pipe on descriptor 4, closed after it.
    public static func run(
        _ executable: String, _ arguments: [String], deadline: Double, capture: Int32,
        limits: Limits = .standard, limit: Int = 16 << 20, watchCalls: Bool = false, deathSignal: Int32 = SIGKILL,
        output: Int32? = nil, input: [UInt8]? = nil
    ) -> Result {
        let slot = watchCalls ? CallSlot() : nil
        var result = run(executable, arguments, deadline: deadline, capture: capture, limits: limits, limit: limit,
                         slot: slot, deathSignal: deathSignal, output: output, input: input)
        // Even after status 0: a worker that ends on its own has left every plugin call, so a call
        // still on its stack is a plugin that called exit(0) there.
        if let reading = slot?.read(), reading.inCall { result.call = reading.function }
        return result
    }

    private static func run(
        _ executable: String, _ arguments: [String], deadline: Double, capture: Int32,
        limits: Limits, limit: Int, slot: CallSlot?, deathSignal: Int32, output: Int32?, input: [UInt8]?
    ) -> Result {
        guard var pipe = Pipe() else {
            return Result(ending: .spawnFailed("pipe: \(String(cString: strerror(errno)))"), bytes: [])
        }
        var options = Options(executable: executable, arguments: arguments)
        var request: Pipe?
        defer { request?.closeBoth() }
        if let input {
            request = Pipe()
            guard request?.holds(input) == true else {
                pipe.closeBoth()
                return Result(ending: .spawnFailed("cannot hand the child its request: \(String(cString: strerror(errno)))"),
                              bytes: [])
            }
            options.descriptors[WorkerConnection.commandDescriptor] = request!.readEnd
        }
        if let output, capture != 1, capture != 2 {
            options.descriptors[1] = output
            options.descriptors[2] = output
        }
        options.descriptors[capture] = pipe.writeEnd
        options.limits = limits
        options.deathSignal = deathSignal
        if let slot {
            options.descriptors[CallSlot.childDescriptor] = slot.descriptor
            options.environment.append(slot.environmentEntry)
        }
        let child: SupervisedChild
        switch spawn(options) {
        case let .success(c): child = c
        case let .failure(error):
            pipe.closeBoth()
            return Result(ending: .spawnFailed(error.description), bytes: [])
        }
        pipe.closeWriteEnd()
        defer { pipe.closeReadEnd() }

        let end = MonotonicTime.seconds() + deadline
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        func take(_ n: Int) { if bytes.count < limit { bytes += buffer[0..<min(n, limit - bytes.count)] } }
        var ended: ChildProcess.Ending?
        while ended == nil {
            let left = end - MonotonicTime.seconds()
            if left <= 0 { child.kill(); _ = child.wait(); return Result(ending: .timedOut, bytes: []) }
            var poller = pollfd(fd: pipe.readEnd, events: Int16(POLLIN), revents: 0)
            // Short slices: the child's end is noticed even while something it
            // forked keeps the pipe open (no end-of-file would ever come).
            let ready = poll(&poller, 1, Int32(min(left * 1000 + 1, 20)))
            if ready < 0 && errno != EINTR { break }
            if ready > 0 {
                let n = read(pipe.readEnd, &buffer, buffer.count)
                if n > 0 {
                    take(n)
                    continue
                }
                if n == 0 || errno != EINTR { break }
            }
            ended = child.wait(until: 0)
        }
        // The child is gone (or closed the pipe and is exiting): reap it within
        // the deadline, end whatever it forked, and keep what is left in the pipe.
        guard let ending = ended ?? child.wait(until: end) else {
            child.kill()
            _ = child.wait()
            return Result(ending: .timedOut, bytes: [])
        }
        child.kill()
        _ = fcntl(pipe.readEnd, F_SETFL, fcntl(pipe.readEnd, F_GETFL) | O_NONBLOCK)
        while true {
            let n = read(pipe.readEnd, &buffer, buffer.count)
            if n > 0 { take(n) } else if n < 0 && errno == EINTR { continue } else { break }
        }
        return Result(ending: ending, bytes: bytes)
    }
}
