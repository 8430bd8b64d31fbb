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
    case frame(SessionFrame)
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
            SettingsCoding.encode(s, into: &w)
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
            self = .hello(try SettingsCoding.summary(&r))
        case 2: self = .line(try r.string(max: Self.maxLine))
        case 3: self = .frameJSON(try r.string(max: 32 << 20))
        case 4: self = .frameCount(Int(try r.u32()))
        case 5: self = .frame(try SessionFrame.decode(&r, images: images))
        case 6: self = .problem(try r.string(max: Self.maxLine))
        case 7: self = .failed(try r.string(max: Self.maxLine), status: try r.u8())
        case 8: self = .done
        case let tag: throw WireError("unknown message \(tag)")
        }
        guard r.isAtEnd else { throw WireError("\(bytes.count - r.offset) stray byte(s) after a message") }
    }
}
