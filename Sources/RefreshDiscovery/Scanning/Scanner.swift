import RefreshPluginRuntime
import RefreshWorker

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Loads plugin files in scanner children, several at once, and turns what
/// each child did into a ScanOutcome. Every child is `refresh-host worker`
/// (the worker protocol's scan job, the file in its request) in its own process group with stdin, stdout and stderr
/// on /dev/null, no other inherited descriptors, CPU and memory limits, and a
/// wall-clock deadline at which its whole group is killed. One thread polls
/// every child's reply pipe, so there is no shared state to guard.
public struct Scanner: Sendable {
    public var executable: String
    /// The arguments of a child: the hidden worker command (the files go in the request).
    public var arguments: [String] = [WorkerProtocol.command]
    /// Wall seconds a child may take.
    public var deadline: Double
    public var limits: ChildProcess.Limits
    /// Children at once.
    public var parallelism: Int
    /// Wall seconds a child may take to start (exec, the runtime, argument parsing) before
    /// its hello says it is ready to load; the deadline counts from then, so a loaded machine does
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
                    // Before the hello no plugin code has run: whatever happened is the host's, not the file's.
                    results[job.index] = job.scanned ? .success(finish(&job, ending))
                        : .failure(Failure(reason: job.refusal ?? "the scanner stopped before it started (\(Self.describe(ending)))"))
                    if !job.scanned { job.child.kill(); job.pipe.closeReadEnd() }
                } else if now >= job.end {
                    job.child.kill()
                    job.child.wait()
                    // Killed before it was ready: the host's start-up was slow, not the plugin.
                    results[job.index] = job.scanned ? .success(finish(&job, .timedOut))
                        : .failure(Failure(reason: job.refusal ?? "the scanner did not start within \(Self.seconds(startup)) s"))
                    if !job.scanned { job.pipe.closeReadEnd() }
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
        var framer = MessageFramer(limit: 1 << 20)
        /// Bytes received: a reply is a few KiB; a plugin flooding the pipe is cut off, and its reply is garbled.
        var received = 0
        var closed = false
        /// The child said hello: the deadline runs from then.
        var ready = false
        /// Something came after the hello (whole or not).
        var replied = false
        /// The outcome of the request's file, when it came whole and in order.
        var outcome: ScanOutcome?
        /// What came after the hello does not read as the scan job's reply.
        var garbled = false
        /// Why the child would not or could not scan: a refused handshake, an unreadable
        /// request (the host's fault, never the file's).
        var refusal: String?
        /// Whether what happened is the file's doing: the child said hello and did not refuse.
        var scanned: Bool { ready && refusal == nil }

        /// Reads whatever the pipe holds now (it is non-blocking); once the
        /// child says hello, its `deadline` seconds start.
        mutating func drain(into buffer: inout [UInt8], deadline: Double) {
            while !closed {
                let n = buffer.withUnsafeMutableBytes { read(pipe.readEnd, $0.baseAddress!, $0.count) }
                if n > 0 {
                    if received < 1 << 20 { framer.append(buffer[0..<min(n, (1 << 20) - received)]) }
                    received += n
                } else if n < 0 && errno == EINTR {
                    continue
                } else {
                    if n == 0 { closed = true }
                    break
                }
            }
            takeMessages(deadline: deadline)
        }

        /// Takes the whole messages the framer holds.
        private mutating func takeMessages(deadline: Double) {
            while !garbled, refusal == nil {
                let message: [UInt8]
                do {
                    guard let next = try framer.next() else {
                        if ready && framer.pending > 0 { replied = true }
                        return
                    }
                    message = next
                } catch {
                    garbled = true
                    replied = true
                    return
                }
                guard ready else {
                    if let failure = WorkerHandshake.accept(message) {
                        if case let .refused(why) = failure {
                            refusal = "the scanner refused its request (\(why))"
                        } else {
                            refusal = "the scanner's first answer was not a hello (\(failure.line(subject: "the scan")))"
                        }
                        return
                    }
                    ready = true
                    end = MonotonicTime.seconds() + deadline
                    continue
                }
                replied = true
                var r = WireReader(message)
                do {
                    switch try WorkerHead.decode(&r) {
                    case let .job(tag):
                        guard case let .outcome(0, outcome) = try ScanReply(tag: tag, reading: &r), self.outcome == nil else {
                            garbled = true
                            return
                        }
                        self.outcome = outcome
                    case let .failed(_, line): refusal = "the scanner could not read its request (\(line))"
                    case .open, .hello, .refused: garbled = true
                    }
                } catch {
                    garbled = true
                }
            }
        }
    }

    private func start(_ path: String, index: Int) -> Result<Job, Failure> {
        guard var pipe = Pipe() else { return .failure(Failure(reason: "no pipe for the scanner: \(String(cString: strerror(errno)))")) }
        // The request waits in its pipe before the child starts: it is small, and we never block on a child.
        guard var request = Pipe() else {
            pipe.closeBoth()
            return .failure(Failure(reason: "no request pipe for the scanner: \(String(cString: strerror(errno)))"))
        }
        defer { request.closeBoth() }
        guard request.holds(ScanRequest(paths: [path]).encoded().framed) else {
            pipe.closeBoth()
            return .failure(Failure(reason: "the scanner's request does not fit its pipe"))
        }
        _ = fcntl(pipe.readEnd, F_SETFL, fcntl(pipe.readEnd, F_GETFL) | O_NONBLOCK)
        var options = ChildProcess.Options(executable: executable, arguments: arguments)
        options.descriptors[WorkerConnection.messageDescriptor] = pipe.writeEnd
        options.descriptors[WorkerConnection.commandDescriptor] = request.readEnd
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
        // Bytes left in the framer are a message cut short: no whole reply.
        let reply = job.garbled || job.framer.pending > 0 ? nil : job.outcome
        return Self.outcome(ending: ending, reply: reply, replied: job.replied, call: call, deadline: deadline,
                            cpuSeconds: limits.cpuSeconds)
    }

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
