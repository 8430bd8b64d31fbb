import RefreshWorker

/// The check job of the worker protocol: `validate`'s supervisor (`ChildRunner`)
/// opens it with one task (run a check, or list the library's styles) and the
/// run's options; after its hello the worker answers one `CheckReply` and
/// exits. A check that crashes or hangs is the supervisor's to see.
struct CheckRequest: Equatable {
    enum Task: Equatable {
        /// Run the check with this id.
        case run(String)
        /// The ids and short names of the styles the host accepts.
        case listStyles
    }

    var task: Task
    var path: String
    /// The longest text a request carries (a `--style` is the user's to make long).
    static let maxText = 1 << 16
    var style: String?
    var strictness: Int
    var seed: UInt64

    init(_ task: Task, options: ValidationOptions) {
        self.task = task
        path = options.path
        style = options.style
        strictness = options.strictness
        seed = options.seed
    }

    var options: ValidationOptions {
        ValidationOptions(path: path, style: style, strictness: strictness, seed: seed, only: nil)
    }

    func encoded() -> WireWriter {
        var w = WorkerProtocol.open(.check)
        switch task {
        case let .run(id): w.u8(1); w.string(id)
        case .listStyles: w.u8(2)
        }
        w.string(path)
        w.bool(style != nil)
        if let style { w.string(style) }
        w.u64(UInt64(bitPattern: Int64(strictness)))
        w.u64(seed)
        return w
    }

    /// The request's fields, the reader past the open's head.
    init(reading r: inout WireReader) throws(WireError) {
        switch try r.u8() {
        case 1: task = .run(try r.string(max: Self.maxText))
        case 2: task = .listStyles
        case let tag: throw WireError("unknown check task \(tag)")
        }
        path = try r.string(max: Self.maxText)
        style = try r.bool() ? try r.string(max: Self.maxText) : nil
        let level = Int64(bitPattern: try r.u64())
        guard (0...1000).contains(level) else { throw WireError("strictness \(level) is out of range") }
        strictness = Int(level)
        seed = try r.u64()
        guard r.isAtEnd else { throw WireError("stray bytes after the check request") }
    }
}

/// What a check worker answers after its hello.
enum CheckReply: Equatable {
    /// The check's outcome.
    case outcome(Outcome)
    /// The styles the host accepts: (id, short name) each.
    case styles([StyleName])
    /// The worker could not do the task: a `FailureKind`, one line.
    case failed(FailureKind, String)

    struct StyleName: Equatable {
        var id: String
        var shortName: String
    }

    enum FailureKind: UInt8 {
        /// The request names no check this worker has, or does not read.
        case request = 1
        /// The library did not load far enough to list its styles.
        case load = 2
    }

    /// The longest text a reply carries; longer text is cut to it (a fuzz run's gesture can be long).
    static let maxText = 1 << 20

    func encoded() -> WireWriter {
        switch self {
        case let .outcome(outcome):
            var w = WorkerProtocol.message(1)
            func text(_ s: String) { w.string(WorkerProtocol.clipped(s, max: Self.maxText)) }
            switch outcome {
            case let .passed(detail): w.u8(1); text(detail)
            case let .warning(detail): w.u8(2); text(detail)
            case let .skipped(reason): w.u8(3); text(reason)
            case let .failed(expected, actual, gesture): w.u8(4); text(expected); text(actual); text(gesture)
            }
            return w
        case let .styles(names):
            var w = WorkerProtocol.message(2)
            w.u32(UInt32(names.count))
            for name in names { w.string(name.id); w.string(name.shortName) }
            return w
        case let .failed(kind, line): return WorkerProtocol.failed(kind: kind.rawValue, line)
        }
    }

    init(decoding bytes: [UInt8]) throws(WireError) {
        var r = WireReader(bytes)
        switch try WorkerHead.decode(&r) {
        case let .failed(kind, line):
            guard let kind = FailureKind(rawValue: kind) else { throw WireError("unknown failure kind \(kind)") }
            self = .failed(kind, line)
            return
        case .open, .hello, .refused: throw WireError("a handshake message where the check's reply was expected")
        case .job(1):
            switch try r.u8() {
            case 1: self = .outcome(.passed(try r.string(max: Self.maxText)))
            case 2: self = .outcome(.warning(try r.string(max: Self.maxText)))
            case 3: self = .outcome(.skipped(try r.string(max: Self.maxText)))
            case 4:
                let expected = try r.string(max: Self.maxText), actual = try r.string(max: Self.maxText)
                self = .outcome(.failed(expected: expected, actual: actual, gesture: try r.string(max: Self.maxText)))
            case let status: throw WireError("unknown check status \(status)")
            }
        case .job(2):
            var names: [StyleName] = []
            for _ in 0..<(try r.count(max: 4096, of: "styles")) {
                let id = try r.string(max: Self.maxText)
                names.append(StyleName(id: id, shortName: try r.string(max: Self.maxText)))
            }
            self = .styles(names)
        case let .job(tag): throw WireError("unknown check message \(tag)")
        }
        guard r.isAtEnd else { throw WireError("\(r.remaining) stray byte(s) after the check's reply") }
    }

    /// The one reply in what a check worker wrote; nil when there is none, or it is cut short or garbled.
    static func read(_ bytes: [UInt8]) -> CheckReply? {
        guard case let .success(messages) = WorkerHandshake.messages(bytes), messages.count == 1 else { return nil }
        return try? CheckReply(decoding: messages[0])
    }
}
