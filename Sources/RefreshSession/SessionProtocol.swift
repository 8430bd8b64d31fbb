import RefreshWorker

/// The one protocol between a supervisor and the worker that runs a style
/// for it. Both ends are in this module (`WorkerSession`, `SessionWorker`).
///
/// Framing: `MessageFramer`'s length prefix; every message then starts with
/// `magic`. The supervisor opens with `open` (magic, version, the plugin
/// file, the style, the settings); the worker answers `hello` with its
/// version and the style as set up, or `failed`. After that the supervisor
/// sends batches of commands; each `advance` is answered by one `frame`, in
/// order, and `problem` lines may come between frames. Everything a worker
/// sends is checked on arrival; anything else ends the worker.
public enum SessionProtocol {
    /// "RHSW" in the first four bytes of every message.
    public static let magic: UInt32 = 0x5753_4852
    /// Bumped when either end changes what it sends; both ends must agree.
    public static let version: UInt32 = 1
    /// The hidden subcommand that serves one session (`refresh-host session-worker`).
    public static let workerCommand = "session-worker"
}

/// What a supervisor asks of its worker.
enum SessionCommand: Equatable {
    case open(file: String, style: String, settings: SessionSettings)
    case input(SessionInput)
    /// Move time without answering.
    case step(Double)
    /// Move time and answer with a frame (with its layers, or without them).
    case advance(Double, layers: Bool)
    case restart
    /// End the instance, answer `finished`, and exit.
    case finish

    static func encode(_ commands: [SessionCommand]) -> WireWriter {
        var w = WireWriter()
        w.u32(SessionProtocol.magic)
        w.u32(UInt32(commands.count))
        for command in commands {
            switch command {
            case let .open(file, style, settings):
                w.u8(1)
                w.u32(SessionProtocol.version)
                w.string(file)
                w.string(style)
                SettingsCoding.encode(settings, into: &w)
            case let .input(input): w.u8(2); SettingsCoding.encode(input, into: &w)
            case let .step(t): w.u8(3); w.f64(t)
            case let .advance(t, layers): w.u8(4); w.f64(t); w.bool(layers)
            case .restart: w.u8(5)
            case .finish: w.u8(6)
            }
        }
        return w
    }

    static func decode(_ bytes: [UInt8]) throws(WireError) -> [SessionCommand] {
        var r = WireReader(bytes)
        guard try r.u32() == SessionProtocol.magic else { throw WireError("not a session message (bad magic)") }
        let count = try r.count(max: 1 << 20, of: "commands")
        var commands: [SessionCommand] = []
        for _ in 0..<count {
            switch try r.u8() {
            case 1:
                let version = try r.u32()
                guard version == SessionProtocol.version else {
                    throw WireError("the supervisor speaks session protocol \(version); this worker speaks \(SessionProtocol.version)")
                }
                let file = try r.string(max: 4096), style = try r.string(max: 256)
                commands.append(.open(file: file, style: style, settings: try SettingsCoding.settings(&r)))
            case 2: commands.append(.input(try SettingsCoding.input(&r)))
            case 3: commands.append(.step(try r.finite("a step's time")))
            case 4: commands.append(.advance(try r.finite("an advance's time"), layers: try r.bool()))
            case 5: commands.append(.restart)
            case 6: commands.append(.finish)
            case let tag: throw WireError("unknown command \(tag)")
            }
        }
        guard r.isAtEnd else { throw WireError("stray bytes after the commands") }
        return commands
    }
}

/// What a worker tells its supervisor.
enum SessionMessage: Equatable {
    /// The style is set up: the worker's protocol version and the style.
    case hello(version: UInt32, StyleSummary)
    case frame(SessionFrame)
    /// Something that happened, sent as it happens (so nothing before a crash is lost).
    case event(SessionEvent)
    /// Something the host reported while running the style (a refused value, a late done()).
    case problem(String)
    /// The session cannot go on: what kind of failure, and one line why.
    case failed(SessionFailure.Kind, String)
    /// The instance ended (the answer to `finish`): the plugin's calls in the worker.
    case finished([FunctionCalls])

    static let maxLine = 1 << 16

    func encoded(images: ImageWireCache) -> WireWriter {
        var w = WireWriter()
        w.u32(SessionProtocol.magic)
        switch self {
        case let .hello(version, summary): w.u8(1); w.u32(version); SettingsCoding.encode(summary, into: &w)
        case let .frame(frame): w.u8(2); frame.encode(into: &w, images: images)
        case let .problem(line): w.u8(3); w.string(EventCoding.clipped(line, max: Self.maxLine))
        case let .failed(kind, line): w.u8(4); w.u8(kind.rawValue); w.string(EventCoding.clipped(line, max: Self.maxLine))
        case let .event(event): w.u8(5); EventCoding.encode(event, into: &w)
        case let .finished(calls):
            w.u8(6)
            w.u32(UInt32(calls.count))
            for c in calls {
                EventCoding.text(c.function, &w)
                w.u64(UInt64(c.count))
                w.f64(c.total)
                w.f64(c.longest)
                w.u64(UInt64(c.overBudget))
            }
        }
        return w
    }

    init(decoding bytes: [UInt8], images: ImageWireCache) throws(WireError) {
        var r = WireReader(bytes)
        guard try r.u32() == SessionProtocol.magic else { throw WireError("not a session message (bad magic)") }
        switch try r.u8() {
        case 1: self = .hello(version: try r.u32(), try SettingsCoding.summary(&r))
        case 2: self = .frame(try SessionFrame.decode(&r, images: images))
        case 3: self = .problem(try r.string(max: Self.maxLine))
        case 4:
            guard let kind = SessionFailure.Kind(rawValue: try r.u8()) else { throw WireError("unknown failure kind") }
            self = .failed(kind, try r.string(max: Self.maxLine))
        case 5: self = .event(try EventCoding.decode(&r))
        case 6:
            let count = try r.count(max: 256, of: "functions")
            var calls: [FunctionCalls] = []
            for _ in 0..<count {
                let function = try r.string(max: EventCoding.maxText)
                let n = try r.u64(), total = try r.finite("a function's total time"), longest = try r.finite("a function's longest call")
                let over = try r.u64()
                guard n <= UInt64(Int.max), over <= n else { throw WireError("call counts out of range") }
                calls.append(FunctionCalls(function: function, count: Int(n), total: total, longest: longest, overBudget: Int(over)))
            }
            self = .finished(calls)
        case let tag: throw WireError("unknown message \(tag)")
        }
        guard r.isAtEnd else { throw WireError("\(bytes.count - r.offset) stray byte(s) after a message") }
    }
}
