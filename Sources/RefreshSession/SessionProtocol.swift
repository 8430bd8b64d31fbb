import RefreshWorker

/// The session job of the worker protocol: a supervisor and the worker that
/// runs a style for it. Both ends are in this module (`WorkerSession`,
/// `SessionWorker`); the framing, the magic, the version and the handshake
/// are `WorkerProtocol`'s.
///
/// The supervisor's `open` carries a `SessionOpen` (the plugin file, the
/// style, the settings); after the worker's hello, `opened` says how the
/// style was set up (or `failed` why it was not). Then the supervisor sends
/// batches of commands; each `advance` is answered by one `frame`, in
/// order, and `problem` lines and events may come between frames. Everything
/// a worker sends is checked on arrival; anything else ends the worker.
public enum SessionProtocol {
    /// Every message starts with the worker protocol's magic.
    public static let magic = WorkerProtocol.magic
}

/// The session job's request, in the handshake's `open`.
struct SessionOpen: Equatable {
    var file: String
    var style: String
    var settings: SessionSettings

    func encoded() -> WireWriter {
        var w = WorkerProtocol.open(.session)
        w.string(file)
        w.string(style)
        SettingsCoding.encode(settings, into: &w)
        return w
    }

    /// The request's fields, the reader past the open's head.
    init(reading r: inout WireReader) throws(WireError) {
        file = try r.string(max: 4096)
        style = try r.string(max: 256)
        settings = try SettingsCoding.settings(&r)
        guard r.isAtEnd else { throw WireError("stray bytes after the session's open") }
    }

    init(file: String, style: String, settings: SessionSettings) {
        self.file = file
        self.style = style
        self.settings = settings
    }
}

/// What a supervisor asks of its worker once the session is open.
enum SessionCommand: Equatable {
    case input(SessionInput)
    /// Move time without answering.
    case step(Double)
    /// Move time and answer with a frame (with its layers, or without them).
    case advance(Double, layers: Bool)
    case restart
    /// End the instance, answer `finished`, and exit.
    case finish
    /// A fresh instance at the current time for a new viewport and scale, answered by `resized`.
    case resize(width: Double, height: Double, scale: Double)

    /// The job's tag of a batch of commands.
    static let batchTag: UInt8 = 1

    static func encode(_ commands: [SessionCommand]) -> WireWriter {
        var w = WorkerProtocol.message(batchTag)
        w.u32(UInt32(commands.count))
        for command in commands {
            switch command {
            case let .input(input): w.u8(2); SettingsCoding.encode(input, into: &w)
            case let .step(t): w.u8(3); w.f64(t)
            case let .advance(t, layers): w.u8(4); w.f64(t); w.bool(layers)
            case .restart: w.u8(5)
            case .finish: w.u8(6)
            case let .resize(width, height, scale): w.u8(9); w.f64(width); w.f64(height); w.f64(scale)
            }
        }
        return w
    }

    static func decode(_ bytes: [UInt8]) throws(WireError) -> [SessionCommand] {
        var r = WireReader(bytes)
        guard try WorkerHead.decode(&r) == .job(tag: batchTag) else { throw WireError("not a batch of session commands") }
        let count = try r.count(max: 1 << 20, of: "commands")
        var commands: [SessionCommand] = []
        for _ in 0..<count {
            switch try r.u8() {
            case 2: commands.append(.input(try SettingsCoding.input(&r)))
            case 3: commands.append(.step(try r.finite("a step's time")))
            case 4: commands.append(.advance(try r.finite("an advance's time"), layers: try r.bool()))
            case 5: commands.append(.restart)
            case 6: commands.append(.finish)
            case 9:
                let width = try r.finite("a resize's width"), height = try r.finite("a resize's height")
                let scale = try r.finite("a resize's scale")
                guard (10...10_000).contains(width), (10...10_000).contains(height), scale > 0, scale <= 16 else {
                    throw WireError("a resize to \(width) x \(height) points at scale \(scale) is out of range")
                }
                commands.append(.resize(width: width, height: height, scale: scale))
            case let tag: throw WireError("unknown command \(tag)")
            }
        }
        guard r.isAtEnd else { throw WireError("stray bytes after the commands") }
        return commands
    }
}

/// What a worker tells its supervisor.
enum SessionMessage: Equatable {
    /// The handshake's answer (the worker protocol's): the worker's version.
    case hello(version: UInt32)
    /// The handshake refused (the worker protocol's): why.
    case refused(String)
    /// The style is set up: the style as the session runs it.
    case opened(StyleSummary)
    case frame(SessionFrame)
    /// Something that happened, sent as it happens (so nothing before a crash is lost).
    case event(SessionEvent)
    /// Something the host reported while running the style (a refused value, a late done()).
    case problem(String)
    /// The session cannot go on (the worker protocol's typed failure): what kind, and one line why.
    case failed(SessionFailure.Kind, String)
    /// The instance ended (the answer to `finish`): the plugin's calls in the worker.
    case finished([FunctionCalls])
    /// The answer to `resize`: the style as the new instance runs it.
    case resized(StyleSummary)

    static let maxLine = WorkerProtocol.maxLine

    func encoded(images: ImageWireCache) -> WireWriter {
        switch self {
        case .hello: return WorkerProtocol.hello()
        case let .refused(why): return WorkerProtocol.refused(why)
        case let .failed(kind, line): return WorkerProtocol.failed(kind: kind.rawValue, line)
        case let .opened(summary):
            var w = WorkerProtocol.message(1)
            SettingsCoding.encode(summary, into: &w)
            return w
        case let .frame(frame):
            var w = WorkerProtocol.message(2)
            frame.encode(into: &w, images: images)
            return w
        case let .problem(line):
            var w = WorkerProtocol.message(3)
            w.string(EventCoding.clipped(line, max: Self.maxLine))
            return w
        case let .event(event):
            var w = WorkerProtocol.message(5)
            EventCoding.encode(event, into: &w)
            return w
        case let .resized(summary):
            var w = WorkerProtocol.message(9)
            SettingsCoding.encode(summary, into: &w)
            return w
        case let .finished(calls):
            var w = WorkerProtocol.message(6)
            w.u32(UInt32(calls.count))
            for c in calls {
                EventCoding.text(c.function, &w)
                w.u64(UInt64(c.count))
                w.f64(c.total)
                w.f64(c.longest)
                w.u64(UInt64(c.overBudget))
            }
            return w
        }
    }

    init(decoding bytes: [UInt8], images: ImageWireCache) throws(WireError) {
        var r = WireReader(bytes)
        switch try WorkerHead.decode(&r) {
        case let .hello(version): self = .hello(version: version)
        case let .refused(why): self = .refused(why)
        case let .failed(kind, line):
            guard let kind = SessionFailure.Kind(rawValue: kind) else { throw WireError("unknown failure kind \(kind)") }
            self = .failed(kind, line)
        case .open: throw WireError("an open from the worker")
        case let .job(tag):
            switch tag {
            case 1: self = .opened(try SettingsCoding.summary(&r))
            case 2: self = .frame(try SessionFrame.decode(&r, images: images))
            case 3: self = .problem(try r.string(max: Self.maxLine))
            case 5: self = .event(try EventCoding.decode(&r))
            case 6:
                let count = try r.count(max: 256, of: "functions")
                var calls: [FunctionCalls] = []
                for _ in 0..<count {
                    let function = try r.string(max: EventCoding.maxText)
                    let n = try r.u64(), total = try r.finite("a function's total time")
                    let longest = try r.finite("a function's longest call")
                    let over = try r.u64()
                    guard n <= UInt64(Int.max), over <= n else { throw WireError("call counts out of range") }
                    calls.append(FunctionCalls(function: function, count: Int(n), total: total, longest: longest,
                                               overBudget: Int(over)))
                }
                self = .finished(calls)
            case 9: self = .resized(try SettingsCoding.summary(&r))
            default: throw WireError("unknown message \(tag)")
            }
            guard r.isAtEnd else { throw WireError("\(bytes.count - r.offset) stray byte(s) after a message") }
        }
    }
}
