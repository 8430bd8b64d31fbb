import Synchronization

/// Everything plugins say, and everything the host has to say about them:
/// their own log lines, refused host-service calls, stray `done` calls.
/// Shared by the instances of one session.
public final class HostLog {
    public enum Level: Int32, Sendable, Comparable, CustomStringConvertible {
        case debug = 0, info = 1, warning = 2, error = 3
        public var description: String {
            switch self {
            case .debug: "debug"
            case .info: "info"
            case .warning: "warning"
            case .error: "error"
            }
        }
        public static func < (a: Level, b: Level) -> Bool { a.rawValue < b.rawValue }
    }

    public enum Kind: String, Sendable, CaseIterable {
        /// A line the plugin logged through host->log.
        case plugin
        /// The host refused a call: bad argument, unknown layer, wrong thread, call after destroy.
        case misuse
        /// The exit's done: called twice, late, after destroy, or never.
        case exit
        /// The host's own notes about an instance (left an animate block open, ...).
        case host
        /// A value the host stored that the layer's kind does not draw (ABI 1.2's RH_WARN_NO_EFFECT).
        case noEffect
    }

    public struct Entry: Equatable, Sendable, CustomStringConvertible {
        public var time: Double
        public var source: String
        public var level: Level
        public var kind: Kind
        public var message: String
        public var description: String { "\(source): \(level): \(message)" }

        public init(time: Double, source: String, level: Level, kind: Kind, message: String) {
            self.time = time
            self.source = source
            self.level = level
            self.kind = kind
            self.message = message
        }
    }

    public private(set) var entries: [Entry] = []
    /// Called for each entry as it is added, on the host's thread.
    public var onEntry: ((Entry) -> Void)?
    /// Entries beyond this many are counted, not kept, so a plugin that logs
    /// every frame cannot grow the host without bound.
    public var capacity = 10_000
    public private(set) var dropped = 0

    /// Reports from other threads wait here until the host's thread drains
    /// them: nothing else of the host is touched off its thread.
    private let offThread = Mutex(OffThreadReports())
    /// Repeats of an off-thread report, counted, not kept (see `OffThreadReports`).
    public var offThreadRepeats: Int { offThread.withLock { $0.repeats } }
    private var instanceNumbers: [String: Int] = [:]

    public init() {}

    func add(_ entry: Entry) {
        if entries.count < capacity { entries.append(entry) } else { dropped += 1 }
        onEntry?(entry)
    }

    /// Safe from any thread.
    func addFromAnyThread(_ entry: Entry) {
        offThread.withLock { $0.add(entry) }
    }

    /// Moves reports made on other threads into the log (host thread only).
    func drain() {
        for entry in offThread.withLock({ $0.take() }) { add(entry) }
    }

    /// "com.example.style#2": a label unique in this log.
    func nextLabel(for id: String) -> String {
        let n = (instanceNumbers[id] ?? 0) + 1
        instanceNumbers[id] = n
        return "\(id)#\(n)"
    }

    public func entries(of kind: Kind) -> [Entry] { entries.filter { $0.kind == kind } }
}
