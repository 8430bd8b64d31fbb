import RefreshHostController
import RefreshIsolation

/// What a session worker tells its supervisor.
public enum WorkerMessage: Equatable, Sendable {
    /// The style loaded and set up: what the supervisor shows about it.
    case hello(StyleSummary)
    /// A line for the user's stdout (the timeline of `run`).
    case line(String)
    /// A line for `run --frames-json`'s file.
    case frameJSON(String)
    /// How many frames the animation will have (for a progress bar).
    case frameCount(Int)
    case frame(SceneFrame)
    /// Something the host reported while running the style (a refused value, a late done()).
    case problem(String)
    /// The run cannot go on: one line why, and the exit status the command
    /// ends with (the CLI's table: 2 a request it cannot honour, 3 not found,
    /// 4 the plugin failed).
    case failed(String, status: UInt8)
    /// The run is complete.
    case done

    static let maxLine = 1 << 20

    /// The message on its own: every image it shows goes with its pixels.
    public var encoded: WireWriter { encoded(images: ImageWireCache()) }

    /// The message for a connection whose sent images `images` remembers.
    public func encoded(images: ImageWireCache) -> WireWriter {
        var w = WireWriter()
        switch self {
        case let .hello(s):
            w.u8(1)
            for text in [s.id, s.name, s.version, s.file] { w.string(text) }
            w.f64(s.triggerDistance)
        case let .line(text): w.u8(2); w.string(text)
        case let .frameJSON(text): w.u8(3); w.string(text)
        case let .frameCount(n): w.u8(4); w.u32(UInt32(clamping: n))
        case let .frame(frame): w.u8(5); frame.encode(into: &w, images: images)
        case let .problem(text): w.u8(6); w.string(text)
        case let .failed(text, status): w.u8(7); w.string(text); w.u8(status)
        case .done: w.u8(8)
        }
        return w
    }

    /// Decodes what a worker sent, checking everything (see `SnapshotCoding`).
    /// A message on its own (see `encoded`).
    public init(decoding bytes: [UInt8]) throws(WireError) {
        try self.init(decoding: bytes, images: ImageWireCache())
    }

    /// A message of a connection whose received images `images` holds.
    public init(decoding bytes: [UInt8], images: ImageWireCache) throws(WireError) {
        var r = WireReader(bytes)
        switch try r.u8() {
        case 1:
            let id = try r.string(max: 256), name = try r.string(max: 256)
            let version = try r.string(max: 256), file = try r.string(max: 4096)
            let trigger = try r.finite("the style's trigger distance")
            self = .hello(StyleSummary(id: id, name: name, version: version, file: file, triggerDistance: trigger))
        case 2: self = .line(try r.string(max: Self.maxLine))
        case 3: self = .frameJSON(try r.string(max: 32 << 20))
        case 4: self = .frameCount(Int(try r.u32()))
        case 5: self = .frame(try SceneFrame.decode(&r, images: images))
        case 6: self = .problem(try r.string(max: Self.maxLine))
        case 7: self = .failed(try r.string(max: Self.maxLine), status: try r.u8())
        case 8: self = .done
        case let tag: throw WireError("unknown message \(tag)")
        }
        guard r.isAtEnd else { throw WireError("\(bytes.count - r.offset) stray byte(s) after a message") }
    }
}

/// The style a worker runs, as the supervisor shows it.
public struct StyleSummary: Equatable, Sendable {
    public var id: String
    public var name: String
    public var version: String
    public var file: String
    /// What the status line's pull ratio is measured against.
    public var triggerDistance: Double

    public init(id: String, name: String, version: String, file: String, triggerDistance: Double) {
        self.id = id
        self.name = name
        self.version = version
        self.file = file
        self.triggerDistance = triggerDistance
    }
}

/// What the live preview's supervisor asks of its worker.
public enum LiveCommand: Equatable, Sendable {
    /// A finger down at `x` points from the left (nil: the middle).
    case touchDown(x: Double?)
    /// The finger moves to `translation` points below where it touched, arriving at `time` (nil: now), at `x`.
    case moveFinger(translation: Double, arriving: Double?, x: Double?)
    case release
    case beginRefreshing
    case endRefreshing(RefreshResult.Kind)
    /// Advance to `time` and answer with a frame.
    case advance(Double)

    public static func encode(_ commands: [LiveCommand]) -> WireWriter {
        var w = WireWriter()
        w.u32(UInt32(commands.count))
        for command in commands {
            switch command {
            case let .touchDown(x): w.u8(1); w.f64(x ?? .nan)
            case let .moveFinger(translation, arriving, x):
                w.u8(2)
                w.f64(translation)
                w.f64(arriving ?? .nan)
                w.f64(x ?? .nan)
            case .release: w.u8(3)
            case .beginRefreshing: w.u8(4)
            case let .endRefreshing(kind): w.u8(5); w.u8(UInt8(kind.rawValue))
            case let .advance(time): w.u8(6); w.f64(time)
            }
        }
        return w
    }

    public static func decode(_ bytes: [UInt8]) throws(WireError) -> [LiveCommand] {
        var r = WireReader(bytes)
        let count = try r.count(max: 10_000, of: "commands")
        var commands: [LiveCommand] = []
        for _ in 0..<count {
            switch try r.u8() {
            case 1:
                let x = try r.f64()
                commands.append(.touchDown(x: x.isFinite ? x : nil))
            case 2:
                let translation = try r.f64(), arriving = try r.f64(), x = try r.f64()
                commands.append(.moveFinger(translation: translation, arriving: arriving.isNaN ? nil : arriving,
                                            x: x.isFinite ? x : nil))
            case 3: commands.append(.release)
            case 4: commands.append(.beginRefreshing)
            case 5:
                guard let kind = RefreshResult.Kind(rawValue: Int32(try r.u8())) else { throw WireError("unknown result") }
                commands.append(.endRefreshing(kind))
            case 6: commands.append(.advance(try r.f64()))
            case let tag: throw WireError("unknown command \(tag)")
            }
        }
        return commands
    }
}
