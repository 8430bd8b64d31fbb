#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The supervisor's end of one worker process that runs plugin code: it
/// starts the worker, sends it commands, receives its messages, and watches
/// it. A worker that crashes, exits, stays in one plugin call longer than
/// the budget, stops making progress, or sends garbage becomes a
/// `WorkerFailure` that names the callback it was in; the worker and
/// whatever it forked are killed with their process group.
///
/// The worker's descriptors: 3 = messages to the supervisor, 4 = commands
/// from it, 1 and 2 = one pipe for whatever the plugin prints (kept, at most
/// `outputLimit` bytes, never shown on the supervisor's stdout), 5 = the
/// shared call slot.
public final class WorkerConnection {
    public struct Configuration: Sendable {
        public var executable: String
        public var arguments: [String]
        /// Seconds of the worker's own time one plugin call may take (`ChildOwnTime`: a busy
        /// machine or a SIGSTOP does not spend it), and `wallCapFactor` times as many wall seconds.
        public var budget = 2.0
        /// The wall cap on a plugin call, in budgets: whatever its own time misses is still stopped.
        /// A command can wait (10); an application's main thread, waiting on the call, cannot (2).
        public var wallCapFactor = WorkerConnection.wallCapFactor
        /// Wall seconds without a message or a plugin call before the worker counts as stuck
        /// in the host's own code (a host bug: reported, not hidden).
        public var stallLimit = 30.0
        public var limits = ChildProcess.Limits.standard

        public init(executable: String, arguments: [String]) {
            self.executable = executable
            self.arguments = arguments
        }
    }

    /// The commands' wall cap on a plugin call, in budgets.
    public static let wallCapFactor = 10.0

    public static let messageDescriptor: Int32 = 3
    public static let commandDescriptor: Int32 = 4

    public let configuration: Configuration
    public let child: SupervisedChild
    /// What the plugin printed (stdout and stderr together), capped.
    public private(set) var output: [UInt8] = []
    public let outputLimit = 64 << 10
    /// Whether the worker's message stream has ended.
    public private(set) var ended = false

    private var messages: Pipe
    private var commands: Pipe
    private var printed: Pipe
    private let slot: CallSlot
    /// Room for a frame that brings a style's images with it (up to 64 MiB
    /// of pixels an instance, RH_IMAGE_MAX_BYTES, sent once per connection).
    private var framer = MessageFramer(limit: 160 << 20)
    /// Kept for every read: receive runs once or more per frame.
    private var readBuffer = [UInt8](repeating: 0, count: 1 << 16)
    private var lastSequence: UInt64 = 0
    private var callSince = MonotonicTime.seconds()
    /// The call in flight's own time, from the same moment as `callSince`.
    private var callClock: ChildOwnTime
    private var lastProgress = MonotonicTime.seconds()
    private var failure: WorkerFailure?

    public init(_ configuration: Configuration) throws(WorkerFailure) {
        self.configuration = configuration
        // A worker that dies while we write to it must be an error code, not our death.
        signal(SIGPIPE, SIG_IGN)
        guard let messages = Pipe(), let commands = Pipe(), let printed = Pipe(), let slot = CallSlot() else {
            throw .spawnFailed("cannot make the worker's pipes: \(String(cString: strerror(errno)))")
        }
        var options = ChildProcess.Options(executable: configuration.executable, arguments: configuration.arguments)
        options.descriptors = [
            1: printed.writeEnd, 2: printed.writeEnd,
            Self.messageDescriptor: messages.writeEnd, Self.commandDescriptor: commands.readEnd,
            CallSlot.childDescriptor: slot.descriptor,
        ]
        options.environment = [slot.environmentEntry]
        options.limits = configuration.limits
        switch ChildProcess.spawn(options) {
        case let .success(child): self.child = child
        case let .failure(error):
            var all = [messages, commands, printed]
            for i in all.indices { all[i].closeBoth() }
            throw .spawnFailed(error.description)
        }
        callClock = ChildOwnTime(pid: child.pid)
        self.messages = messages
        self.commands = commands
        self.printed = printed
        self.slot = slot
        self.messages.closeWriteEnd()
        self.commands.closeReadEnd()
        self.printed.closeWriteEnd()
        _ = fcntl(self.commands.writeEnd, F_SETFL, fcntl(self.commands.writeEnd, F_GETFL) | O_NONBLOCK)
        _ = fcntl(self.messages.readEnd, F_SETFL, fcntl(self.messages.readEnd, F_GETFL) | O_NONBLOCK)
        // Room for several frames in flight, so the worker runs ahead while we draw.
        _ = fcntl(self.messages.readEnd, 1031 /* F_SETPIPE_SZ */, 1 << 20)
    }

    deinit { close() }

    /// Kills the worker's group (if still running), reaps it and closes the pipes. Idempotent.
    public func close() {
        child.kill()
        child.wait()
        messages.closeReadEnd()
        commands.closeWriteEnd()
        printed.closeReadEnd()
    }

    /// Closes the command stream: the worker reads its end, finishes (a
    /// session worker destroys its instance) and exits. Idempotent.
    public func closeCommands() {
        commands.closeWriteEnd()
    }

    /// Sends one message. A worker that does not read within its budget is a failure.
    public func send(_ message: WireWriter, interrupt: () -> Bool = { false }) throws(WorkerFailure) {
        if let failure { throw failure }
        let bytes = message.framed
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { write(commands.writeEnd, $0.baseAddress, $0.count) }
            if n > 0 {
                sent += n
                continue
            }
            if n < 0 && (errno == EAGAIN || errno == EINTR) {
                try wait(for: commands.writeEnd, events: POLLOUT, interrupt: interrupt)
                continue
            }
            // The worker closed its end: it is gone; say how.
            throw fail(endOfStream())
        }
    }

    /// The next message, or nil once the worker has ended its stream and exited with status 0.
    public func receive(interrupt: () -> Bool = { false }) throws(WorkerFailure) -> [UInt8]? {
        if let failure { throw failure }
        while true {
            do {
                if let message = try framer.next() {
                    lastProgress = MonotonicTime.seconds()
                    return message
                }
            } catch {
                throw fail(.malformed(error.description))
            }
            if ended {
                if framer.pending > 0 { throw fail(.malformed("the stream ends inside a message")) }
                return nil
            }
            try wait(for: messages.readEnd, events: POLLIN, interrupt: interrupt)
            let n = read(messages.readEnd, &readBuffer, readBuffer.count)
            if n > 0 {
                framer.append(readBuffer[0..<n])
            } else if n == 0 || (errno == EAGAIN && child.wait(until: 0) != nil) {
                // End of file, or the worker is gone and the pipe is empty (something
                // it forked may hold the pipe open, so no end of file would come).
                // Status 0 with a plugin call on the stack is a plugin's exit(0), not the worker's own end.
                let ending = endOfStream()
                guard case .exited(0, nil) = ending else { throw fail(ending) }
                ended = true
            } else if errno != EINTR && errno != EAGAIN {
                throw fail(endOfStream())
            }
        }
    }

    /// Polls `fd` (and the plugin's output) until it is ready, watching the budget.
    private func wait(for fd: Int32, events: Int32, interrupt: () -> Bool) throws(WorkerFailure) {
        while true {
            if interrupt() { throw fail(.interrupted) }
            var fds = [pollfd(fd: fd, events: Int16(events), revents: 0),
                       pollfd(fd: printed.readEnd, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, printed.readEnd >= 0 ? 2 : 1, 10)
            if ready > 0, fds[1].revents != 0 { drainOutput() }
            if ready > 0, fds[0].revents != 0 { return }
            // A worker that ended is noticed even when no end of file comes.
            if child.wait(until: 0) != nil { return }
            try watch()
        }
    }

    /// The budget and the stall limit, from the shared call slot.
    private func watch() throws(WorkerFailure) {
        let now = MonotonicTime.seconds()
        let reading = slot.read()
        if reading.sequence != lastSequence {
            lastSequence = reading.sequence
            callSince = now
            callClock.restart(now: now)
            lastProgress = now
            return
        }
        if reading.inCall {
            let cap = configuration.budget * configuration.wallCapFactor
            if now - callSince > cap { throw fail(.hung(call: reading.function, seconds: cap)) }
            if callClock.elapsed(now: now) > configuration.budget {
                throw fail(.hung(call: reading.function, seconds: configuration.budget))
            }
        }
        if !reading.inCall, now - lastProgress > configuration.stallLimit {
            throw fail(.stalled(seconds: configuration.stallLimit))
        }
    }

    /// Reads what the plugin printed that is already in the pipe, without waiting
    /// for more: `output` is otherwise only read while waiting for a message.
    public func collectOutput() {
        while printed.readEnd >= 0, output.count < outputLimit {
            var poller = pollfd(fd: printed.readEnd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 0) > 0 else { return }
            drainOutput()
        }
    }

    private func drainOutput() {
        let n = read(printed.readEnd, &readBuffer, readBuffer.count)
        if n > 0 {
            if output.count < outputLimit { output += readBuffer[0..<min(n, outputLimit - output.count)] }
        } else if n == 0 {
            printed.closeReadEnd()
        }
    }

    /// The message stream closed: reap the worker (briefly) and say how it ended.
    private func endOfStream() -> WorkerFailure {
        let reading = slot.read()
        let call = reading.inCall ? reading.function : nil
        guard let ending = child.wait(until: MonotonicTime.seconds() + 2) else {
            return .closedStream(call: call)
        }
        switch ending {
        case let .signal(number): return .crashed(signal: number, call: call)
        case let .exited(status): return .exited(status: status, call: call)
        case .timedOut: return .hung(call: call ?? "?", seconds: configuration.budget)
        case let .spawnFailed(why): return .spawnFailed(why)
        }
    }

    private func fail(_ failure: WorkerFailure) -> WorkerFailure {
        self.failure = failure
        child.kill()
        child.wait()
        return failure
    }
}
