import RefreshPluginRuntime
import RefreshWorker

/// A style running in a supervised worker process (`refresh-host worker`,
/// the session job): the supervisor's end of the session protocol. Input
/// and steps are queued and go with the next request for a frame, so a
/// scripted run costs one message per frame, or one for a whole animation
/// (`frames(at:)`: the worker runs ahead while the caller draws). Whatever
/// the style does, this process only ever sees values: a crash, a hang past
/// the budget, an exit or a malformed message is a `SessionFailure.worker`
/// naming the entry point it happened in.
public final class WorkerSession: StyleSession {
    public let connection: WorkerConnection
    public private(set) var style: StyleSummary
    public private(set) var problems: [String] = []
    public var observer: SessionObserver
    /// Asked every few milliseconds while waiting: true ends the wait with `WorkerFailure.interrupted`
    /// (the live preview's q and Ctrl-C work whatever the plugin does).
    public var interrupt: () -> Bool = { false }
    /// Bytes of messages received from the worker (for the benchmark).
    public private(set) var receivedBytes = 0
    /// Events received since the last frame, for the next one.
    private var events: [SessionEvent] = []

    /// "com.acme.wave (/path/libWave.so)": as asked for, then as the worker's hello names it.
    private var subject: String
    private let images = ImageWireCache()
    private var pending: [SessionCommand] = []
    /// Resizes sent whose `resized` has not come yet (one may come only while one is awaited).
    private var resizes = 0

    /// Starts `executable worker`, opens a session job, has it load `file` (a plugin file
    /// the caller's catalog found) and make `style` with `settings`, and waits for it.
    public init(file: String, style name: String, settings: SessionSettings, executable: String,
                observer: SessionObserver = SessionObserver(), interrupt: @escaping () -> Bool = { false }) throws(SessionFailure) {
        subject = "\(name) (\(file))"
        self.observer = observer
        self.interrupt = interrupt
        var configuration = WorkerConnection.Configuration(executable: executable, arguments: [WorkerProtocol.command])
        configuration.budget = settings.budget
        configuration.wallCapFactor = settings.budgetWallCap
        do {
            connection = try WorkerConnection(configuration)
        } catch {
            throw .worker(error, subject: subject)
        }
        style = StyleSummary(id: name, name: name, version: "", file: file, triggerDistance: 1, height: 0,
                             environment: .init(edge: .top, presentation: .slideDown, trigger: .onRelease, physics: .ios,
                                                triggerDistance: 1, restingHeight: 0, maxPull: 1, viewportWidth: 1,
                                                viewportHeight: 1, reduceMotion: false, theme: .light))
        try transmit(SessionOpen(file: file, style: name, settings: settings).encoded())
        // The handshake first: a worker of another protocol version refuses, typed.
        if let refusal = WorkerHandshake.accept(try receiveBytes()) { throw fail(refusal) }
        while true {
            switch try receive() {
            case let .opened(summary):
                style = summary
                subject = summary.subject
                return
            case .frame, .finished, .hello, .refused, .resized:
                throw fail(.malformed("a frame, an ending or a second hello before opened"))
            case .problem, .failed, .event: continue
            }
        }
    }

    deinit { connection.close() }

    public func send(_ input: SessionInput) { pending.append(.input(input)) }

    public func step(to time: Double) throws(SessionFailure) { pending.append(.step(time)) }

    public func restart() throws(SessionFailure) { pending.append(.restart) }

    public func resize(width: Double, height: Double, pixelScale: Double) throws(SessionFailure) {
        pending.append(.resize(width: width, height: height, scale: pixelScale))
        resizes += 1
    }

    public func advance(to time: Double, withLayers: Bool) throws(SessionFailure) -> SessionFrame {
        try transmit(pending + [.advance(time, layers: withLayers)])
        pending = []
        return try nextFrame(withLayers: withLayers)
    }

    public func frames(at times: [Double], withLayers: Bool, _ body: (SessionFrame) throws -> Void) throws {
        try transmit(pending + times.map { .advance($0, layers: withLayers) })
        pending = []
        for _ in times { try body(try nextFrame(withLayers: withLayers)) }
    }

    /// Lets the worker end the instance (its destroy runs there, within the
    /// budget), then stops it whatever it is doing. Idempotent.
    public func finish() throws(SessionFailure) -> [FunctionCalls] {
        try transmit(pending + [.finish])
        pending = []
        defer { close() }
        while true {
            switch try receive() {
            case let .finished(calls): return calls
            case .hello, .refused, .opened, .frame:
                throw fail(.malformed("a frame or a hello where the end of the instance was expected"))
            case .problem, .failed, .event, .resized: continue
            }
        }
    }

    public func close() {
        connection.closeCommands()
        _ = connection.child.wait(until: MonotonicTime.seconds() + connection.configuration.budget)
        connection.close()
    }

    /// What the plugin printed on its stdout and stderr (kept, capped, never shown unless asked).
    public var printed: [UInt8] {
        connection.collectOutput()
        return connection.output
    }

    private func nextFrame(withLayers: Bool) throws(SessionFailure) -> SessionFrame {
        while true {
            switch try receive() {
            case .frame(var frame):
                guard frame.layers.isEmpty != withLayers else {
                    throw fail(.malformed(withLayers ? "a frame without the header's root layer" : "layers where none were asked for"))
                }
                frame.events = events
                events = []
                return frame
            case .hello, .refused, .opened, .finished: throw fail(.malformed("a second hello or an ending before the frame"))
            case .problem, .failed, .event, .resized: continue
            }
        }
    }

    private func transmit(_ commands: [SessionCommand]) throws(SessionFailure) {
        try transmit(SessionCommand.encode(commands))
    }

    private func transmit(_ message: WireWriter) throws(SessionFailure) {
        do {
            try connection.send(message, interrupt: interrupt)
        } catch {
            throw .worker(error, subject: subject)
        }
    }

    /// The next message's bytes; a worker that ended is a failure.
    private func receiveBytes() throws(SessionFailure) -> [UInt8] {
        // Asked before each message too: a worker far ahead never makes us wait, and a deadline must still hold.
        if interrupt() { throw fail(.interrupted) }
        let bytes: [UInt8]?
        do {
            bytes = try connection.receive(interrupt: interrupt)
        } catch {
            throw .worker(error, subject: subject)
        }
        guard let bytes else { throw fail(.exited(status: 0, call: nil)) }
        receivedBytes += bytes.count
        return bytes
    }

    /// The next message; problems are kept, a failure is thrown.
    private func receive() throws(SessionFailure) -> SessionMessage {
        let bytes = try receiveBytes()
        let message: SessionMessage
        do {
            message = try SessionMessage(decoding: bytes, images: images)
        } catch {
            throw fail(.malformed(error.description))
        }
        switch message {
        case let .problem(line):
            if problems.count < problemLimit { problems.append(line) }
            observer.onProblem?(line)
        case let .event(event):
            if events.count >= SessionFrame.maxEvents { throw fail(.malformed("over \(SessionFrame.maxEvents) events in one frame")) }
            events.append(event)
            observer.onEvent?(event)
        case let .failed(kind, line):
            connection.close()
            throw .reported(kind, line)
        case let .resized(summary):
            guard resizes > 0 else { throw fail(.malformed("a resized nobody asked for")) }
            resizes -= 1
            style = summary
            subject = summary.subject
        default: break
        }
        return message
    }

    private func fail(_ failure: WorkerFailure) -> SessionFailure {
        connection.close()
        return .worker(failure, subject: subject)
    }
}
