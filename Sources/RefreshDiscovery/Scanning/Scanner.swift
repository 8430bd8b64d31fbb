import RefreshPluginRuntime
import RefreshWorker

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Loads plugin files in scanner children and turns what each child did into
/// a ScanOutcome. The files go in batches (`batchSize`), one child per batch,
/// `parallelism` children at once; a child answers each file's outcome as
/// soon as it has it. Every child is `refresh-host worker` (the worker
/// protocol's scan job, its batch in the request) in its own process group
/// with stdin, stdout and stderr on /dev/null, no other inherited descriptors,
/// CPU and memory limits, and a per-file deadline at which its whole group is
/// killed. The deadline counts the child's own time (`ChildOwnTime`: running,
/// sleeping, blocked, but not waiting for a CPU or stopped), so a loaded
/// machine does not quarantine a good file; a wall cap of `wallCapFactor`
/// deadlines stops whatever that time would miss. One thread polls every
/// child's reply pipe, so there is no shared state to guard.
///
/// When a child crashes, hangs or exits mid-batch, the outcomes it sent stand,
/// the rest of its batch goes to a new child, and the file it was loading is
/// blamed only if it was the child's first (no other plugin's code had run in
/// that process); otherwise it is scanned again alone first, so a file is
/// never quarantined for what an earlier one left behind. A child that fails
/// after answering for its whole batch (a destructor at exit) has its batch
/// split in halves and scanned again until the file is alone.
public struct Scanner: Sendable {
    public var executable: String
    /// The arguments of a child: the hidden worker command (the files go in the request).
    public var arguments: [String] = [WorkerProtocol.command]
    /// Seconds of its own time each file may take (`ChildOwnTime`).
    public var deadline: Double
    /// Wall seconds each file may take, whatever the machine's load: `wallCapFactor` deadlines.
    public var wallCap: Double { deadline * Self.wallCapFactor }
    /// Generous: a scanner child starved of CPU for ten deadlines is rare even on a loaded machine,
    /// and a hang its own time misses is still stopped.
    public static let wallCapFactor = 10.0
    /// A child's limits for one file: the CPU seconds are each file's (the child resets its soft
    /// limit before each one), the address space the whole child's.
    public var limits: ChildProcess.Limits
    /// Children at once.
    public var parallelism: Int
    /// The most files one child loads. Measured (`refresh-host-bench list`: 1,000 copies of a small C
    /// style, two cores, load about 8): one file per child 13.4 s, 8 a child 1.5 s, 32 0.49 s, 64 0.36 s,
    /// 128 0.20 s; a child's start-up is what costs. A crash costs at most the rest of its batch
    /// (at those rates, 127 files are about 0.1 s).
    public var batchSize = 128
    /// Wall seconds a child may take to start (exec, the runtime, argument parsing) before
    /// its hello says it is ready to load; the deadline counts from then, so a loaded machine does
    /// not get a plugin quarantined for the host's own start-up.
    public var startup: Double = 30

    public init(executable: String, deadline: Double = 2, parallelism: Int = Scanner.defaultParallelism) {
        self.executable = executable
        self.deadline = deadline
        self.parallelism = max(1, parallelism)
        // CPU: past the deadline, so a busy loop is reported as the deadline's; memory: any
        // plugin's descriptors fit in far less, and one that allocates without end dies quickly.
        limits = ChildProcess.Limits(cpuSeconds: Int(deadline.rounded(.up)) + 1, addressSpace: 2 << 30)
    }

    /// One child per core that is online (at least two: a child spends much of its life starting up).
    public static var defaultParallelism: Int { max(2, sysconf(Int32(_SC_NPROCESSORS_ONLN))) }

    /// A scan the scanner could not make at all (no child started): not the file's fault, so not cached.
    public struct Failure: Error, Equatable, Sendable {
        public var reason: String
    }

    /// The batches `count` files go in: as even as `batchSize` allows, and at least one per child
    /// that may run, so a small scan still uses every core.
    public func batches(_ count: Int) -> [[Int]] {
        guard count > 0 else { return [] }
        let size = min(max(1, batchSize), (count + parallelism - 1) / parallelism)
        let number = (count + size - 1) / size
        return (0..<number).map { b in Array((b * count / number)..<((b + 1) * count / number)) }
    }

    /// Scans each of `paths` (resolved paths of files the gate let through), in batches, in
    /// parallel; the results in the same order.
    public func scan(_ paths: [String]) -> [Result<ScanOutcome, Failure>] {
        var results = [Result<ScanOutcome, Failure>?](repeating: nil, count: paths.count)
        // Rescans go first: they are what the scan is waiting on once the queue runs dry.
        var queue = batches(paths.count)
        var running: [Job] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while !queue.isEmpty || !running.isEmpty {
            while running.count < parallelism, !queue.isEmpty {
                let batch = queue.removeFirst()
                switch start(batch.map { paths[$0] }, batch: batch) {
                case let .success(job): running.append(job)
                case let .failure(failure): for index in batch { results[index] = .failure(failure) }
                }
            }
            guard !running.isEmpty else { continue }
            waitForActivity(running)
            let now = MonotonicTime.seconds()
            var still: [Job] = []
            for var job in running {
                job.drain(into: &buffer, wallCap: wallCap)
                let ending: ChildProcess.Ending
                if let ended = job.child.wait(until: 0) {
                    job.drain(into: &buffer, wallCap: wallCap)
                    ending = ended
                } else if now >= job.end {
                    job.child.kill()
                    job.child.wait()
                    job.timedOutAfter = wallCap
                    ending = .timedOut
                } else if job.ready, job.clock.elapsed() >= deadline {
                    job.child.kill()
                    job.child.wait()
                    job.timedOutAfter = deadline
                    ending = .timedOut
                } else if job.garbled && job.batch.count > 1 {
                    // Nothing more it says can be placed: the file in flight is scanned again alone.
                    job.child.kill()
                    ending = job.child.wait()
                } else {
                    still.append(job)
                    continue
                }
                settle(&job, ending, results: &results, queue: &queue)
            }
            running = still
        }
        return results.map { $0! }
    }

    /// What a child that ended did to its batch: the outcomes it sent stand; the file it was
    /// loading is quarantined (or, when other plugins ran before it in that child, scanned
    /// again alone); the files after it are queued for a new child.
    private func settle(_ job: inout Job, _ ending: ChildProcess.Ending,
                        results: inout [Result<ScanOutcome, Failure>?], queue: inout [[Int]]) {
        job.child.kill()  // whatever it forked goes with it
        job.pipe.closeReadEnd()
        guard job.scanned else {
            // Before the hello no plugin code has run: whatever happened is the host's, not the files'.
            let reason = job.refusal ?? (ending == .timedOut ? "the scanner did not start within \(Self.seconds(startup)) s"
                                                              : "the scanner stopped before it started (\(Self.describe(ending)))")
            for index in job.batch { results[index] = .failure(Failure(reason: reason)) }
            return
        }
        let call = job.slot.map { $0.read() }
        let answered = job.outcomes.count
        if answered == job.batch.count {
            if ending == .exited(0), !job.repliedSinceOutcome {
                for (index, outcome) in zip(job.batch, job.outcomes) { results[index] = .success(outcome) }
            } else if job.batch.count == 1 {
                results[job.batch[0]] = .success(Self.outcome(ending: ending, reply: job.repliedSinceOutcome ? nil : job.outcomes[0],
                                                              replied: true, call: call, deadline: job.timedOutAfter ?? deadline,
                                                              cpuSeconds: limits.cpuSeconds))
            } else {
                // Every file answered, then the child failed (destructors at exit?): any of them may have
                // done it. Halves, again, until the file that does it is alone.
                let half = job.batch.count / 2
                queue.insert(contentsOf: [Array(job.batch[..<half]), Array(job.batch[half...])], at: 0)
            }
            return
        }
        for (index, outcome) in zip(job.batch, job.outcomes) { results[index] = .success(outcome) }
        let culprit = job.batch[answered]
        let rest = Array(job.batch[(answered + 1)...])
        if !rest.isEmpty { queue.insert(rest, at: 0) }
        if answered == 0, !(job.garbled && job.batch.count > 1) {
            // The child's first file: no other plugin code ran in that process, so the cause is its own.
            results[culprit] = .success(Self.outcome(ending: ending, reply: nil, replied: job.repliedSinceOutcome, call: call,
                                                     deadline: job.timedOutAfter ?? deadline, cpuSeconds: limits.cpuSeconds))
        } else {
            queue.insert([culprit], at: 0)
        }
    }

    private func start(_ paths: [String], batch: [Int]) -> Result<Job, Failure> {
        guard var pipe = Pipe() else { return .failure(Failure(reason: "no pipe for the scanner: \(String(cString: strerror(errno)))")) }
        // The request waits in its pipe before the child starts: it is small, and we never block on a child.
        guard var request = Pipe() else {
            pipe.closeBoth()
            return .failure(Failure(reason: "no request pipe for the scanner: \(String(cString: strerror(errno)))"))
        }
        defer { request.closeBoth() }
        guard request.holds(ScanRequest(paths: paths, cpuSeconds: limits.cpuSeconds ?? 0).encoded().framed) else {
            pipe.closeBoth()
            return .failure(Failure(reason: "the scanner's request does not fit its pipe"))
        }
        _ = fcntl(pipe.readEnd, F_SETFL, fcntl(pipe.readEnd, F_GETFL) | O_NONBLOCK)
        var options = ChildProcess.Options(executable: executable, arguments: arguments)
        options.descriptors[WorkerConnection.messageDescriptor] = pipe.writeEnd
        options.descriptors[WorkerConnection.commandDescriptor] = request.readEnd
        options.limits = limits
        // The hard CPU limit is the whole batch's; the child lowers its soft limit to each file's budget.
        options.limits.cpuSeconds = limits.cpuSeconds.map { $0 * paths.count + 1 }
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
            return .success(Job(batch: batch, child: child, pipe: pipe, slot: slot, end: MonotonicTime.seconds() + startup,
                                clock: ChildOwnTime(pid: child.pid)))
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
