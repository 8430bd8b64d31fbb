import RefreshPluginRuntime
import RefreshWorker

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Loads plugin files in scanner children, several at once, and turns what
/// each child did into a ScanOutcome. Every child is `refresh-host
/// scan-worker FILE` in its own process group with stdin, stdout and stderr
/// on /dev/null, no other inherited descriptors, CPU and memory limits, and a
/// wall-clock deadline at which its whole group is killed. One thread polls
/// every child's reply pipe, so there is no shared state to guard.
public struct Scanner: Sendable {
    public var executable: String
    /// The arguments before the file: the hidden worker command.
    public var arguments: [String] = ["scan-worker"]
    /// Wall seconds a child may take.
    public var deadline: Double
    public var limits: ChildProcess.Limits
    /// Children at once.
    public var parallelism: Int
    /// Wall seconds a child may take to start (exec, the runtime, argument parsing) before
    /// it says it is ready to load; the deadline counts from then, so a loaded machine does
    /// not get a plugin quarantined for the host's own start-up.
    public var startup: Double = 30

    public init(executable: String, deadline: Double = 2, parallelism: Int = Scanner.defaultParallelism) {
        self.executable = executable
        self.deadline = deadline
        self.parallelism = max(1, parallelism)
        // CPU: past the wall deadline, so a busy loop is reported as the deadline's; memory: any
        // plugin's descriptors fit in far less, and one that allocates without end dies quickly.
        limits = ChildProcess.Limits(cpuSeconds: Int(deadline.rounded(.up)) + 1, addressSpace: 2 << 30)
    }

    /// One child per core that is online (at least two: a child spends much of its life starting up).
    public static var defaultParallelism: Int { max(2, sysconf(Int32(_SC_NPROCESSORS_ONLN))) }

    /// A scan the scanner could not make at all (no child started): not the file's fault, so not cached.
    public struct Failure: Error, Equatable, Sendable {
        public var reason: String
    }

    /// Scans each of `paths` (resolved paths of files the gate let through), in parallel;
    /// the results in the same order.
    public func scan(_ paths: [String]) -> [Result<ScanOutcome, Failure>] {
        var results = [Result<ScanOutcome, Failure>?](repeating: nil, count: paths.count)
        var next = 0
        var running: [Job] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while next < paths.count || !running.isEmpty {
            while running.count < parallelism, next < paths.count {
                switch start(paths[next], index: next) {
                case let .success(job): running.append(job)
                case let .failure(failure): results[next] = .failure(failure)
                }
                next += 1
            }
            guard !running.isEmpty else { continue }
            waitForActivity(running)
            let now = MonotonicTime.seconds()
            var still: [Job] = []
            for var job in running {
                job.drain(into: &buffer, deadline: deadline)
                if let ending = job.child.wait(until: 0) {
                    job.drain(into: &buffer, deadline: deadline)
                    // Before `ready=` no plugin code has run: whatever happened is the host's, not the file's.
                    results[job.index] = job.ready ? .success(finish(&job, ending))
                        : .failure(Failure(reason: "the scanner stopped before it started (\(Self.describe(ending)))"))
                    if !job.ready { job.child.kill(); job.pipe.closeReadEnd() }
                } else if now >= job.end {
                    job.child.kill()
                    job.child.wait()
                    // Killed before it was ready: the host's start-up was slow, not the plugin.
                    results[job.index] = job.ready ? .success(finish(&job, .timedOut))
                        : .failure(Failure(reason: "the scanner did not start within \(Self.seconds(startup)) s"))
                    if !job.ready { job.pipe.closeReadEnd() }
                } else {
                    still.append(job)
                }
            }
            running = still
        }
        return results.map { $0! }
    }

    /// One running child: its reply pipe, its call slot and what it has said so far.
    struct Job {
        var index: Int
        var child: SupervisedChild
        var pipe: Pipe
        var slot: CallSlot?
        var end: Double
        var reply: [UInt8] = []
        var closed = false
        /// The child said `ready=`: the deadline runs from then.
        var ready = false

        /// Reads whatever the pipe holds now (it is non-blocking); once the
        /// child says `ready=`, its `deadline` seconds start.
        mutating func drain(into buffer: inout [UInt8], deadline: Double) {
            defer {
                if !ready, reply.starts(with: Scanner.readyLine) {
                    ready = true
                    end = MonotonicTime.seconds() + deadline
                }
            }
            while !closed {
                let n = buffer.withUnsafeMutableBytes { read(pipe.readEnd, $0.baseAddress!, $0.count) }
                if n > 0 {
                    // A reply is a few KiB; a plugin flooding the pipe is cut off, and its reply is garbled.
                    if reply.count < 1 << 20 { reply += buffer[0..<n] }
                } else if n < 0 && errno == EINTR {
                    continue
                } else {
                    if n == 0 { closed = true }
                    return
                }
            }
        }
    }

    private func start(_ path: String, index: Int) -> Result<Job, Failure> {
        guard var pipe = Pipe() else { return .failure(Failure(reason: "no pipe for the scanner: \(String(cString: strerror(errno)))")) }
        _ = fcntl(pipe.readEnd, F_SETFL, fcntl(pipe.readEnd, F_GETFL) | O_NONBLOCK)
        var options = ChildProcess.Options(executable: executable, arguments: arguments + [path])
        options.descriptors[ScanWorker.replyDescriptor] = pipe.writeEnd
        options.limits = limits
        let slot = CallSlot()
        if let slot {
            options.descriptors[CallSlot.childDescriptor] = slot.descriptor
            options.environment.append(slot.environmentEntry)
        }
        switch ChildProcess.spawn(options) {
        case let .failure(error):
            pipe.closeBoth()
            return .failure(Failure(reason: error.description))
        case let .success(child):
            pipe.closeWriteEnd()
            return .success(Job(index: index, child: child, pipe: pipe, slot: slot, end: MonotonicTime.seconds() + startup))
        }
    }

    /// Sleeps until a pipe has something to say, or briefly: a child can exit
    /// while something it forked holds the pipe open, so exits are polled too.
    private func waitForActivity(_ jobs: [Job]) {
        var fds = jobs.filter { !$0.closed }.map { pollfd(fd: $0.pipe.readEnd, events: Int16(POLLIN), revents: 0) }
        let soonest = jobs.map(\.end).min()! - MonotonicTime.seconds()
        // A closed pipe means a child about to be reaped: look again almost at once.
        let cap = jobs.contains(where: \.closed) ? 0.002 : 0.05
        let timeout = Int32(max(0, min(soonest, cap)) * 1000) + 1
        _ = poll(&fds, nfds_t(fds.count), timeout)
    }

    /// The outcome of a child that ended; its group killed, its pipe closed.
    private func finish(_ job: inout Job, _ ending: ChildProcess.Ending) -> ScanOutcome {
        job.child.kill()  // whatever it forked goes with it
        job.pipe.closeReadEnd()
        let call = job.slot.map { $0.read() }
        let answer = job.reply.dropFirst(job.ready ? Self.readyLine.count : 0)
        let reply = RecordFormat.decode(Array(answer)).flatMap { fields -> ScanOutcome? in
            var index = 0
            guard let outcome = OutcomeCodec.decode(fields, at: &index), index == fields.count - 1,
                  fields[index].key == "end" else { return nil }
            return outcome
        }
        return Self.outcome(ending: ending, reply: reply, replied: !answer.isEmpty, call: call, deadline: deadline,
                            cpuSeconds: limits.cpuSeconds)
    }

    static let readyLine = Array(RecordFormat.encode([("ready", "")]).utf8)

    /// How a child's ending and reply read as an outcome. Anything but a clean
    /// exit with a whole reply quarantines the file.
    static func outcome(ending: ChildProcess.Ending, reply: ScanOutcome?, replied: Bool, call: CallSlot.Reading?,
                        deadline: Double, cpuSeconds: Int?) -> ScanOutcome {
        let place = call.flatMap { $0.inCall ? callName($0.function) : nil }
        switch ending {
        case .exited(0):
            if let reply { return reply }
            if replied { return .quarantined("gave the scanner a garbled answer") }
            return .quarantined("made the scanner exit without an answer" + (place.map { " in \($0)" } ?? ""))
        case let .exited(status):
            return .quarantined("made the scanner exit with status \(status)" + (place.map { " in \($0)" } ?? ""))
        case .signal(SIGXCPU):
            return .quarantined("hung the scanner: more than \(cpuSeconds ?? 0) s of CPU time" + (place.map { " (in \($0))" } ?? ""))
        case let .signal(signal):
            let name = signalName(signal)
            if let place { return .quarantined("crashed the scanner with \(name) in \(place)") }
            // A whole reply, then a crash: at exit, in the library's destructors.
            if reply != nil { return .quarantined("crashed the scanner with \(name) as it exited (the library's destructors?)") }
            return .quarantined("crashed the scanner with \(name) while loading (no plugin call in flight)")
        case .timedOut:
            return .quarantined("hung the scanner: no answer within \(seconds(deadline)) s" + (place.map { " (in \($0))" } ?? ""))
        case let .spawnFailed(why):
            return .quarantined("the scanner could not start: \(why)")
        }
    }

    /// "init()" for a plugin function, the constructors as such, else what the slot says.
    static func callName(_ function: String) -> String {
        if PluginFunction(rawValue: function) != nil { return function + "()" }
        if function == "?" { return "a plugin call it could not name" }
        return function
    }

    static func describe(_ ending: ChildProcess.Ending) -> String {
        switch ending {
        case let .exited(status): "exit status \(status)"
        case let .signal(signal): signalName(signal)
        case .timedOut: "timed out"
        case let .spawnFailed(why): why
        }
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e9 ? "\(Int(value))" : "\(value)"
    }
}
