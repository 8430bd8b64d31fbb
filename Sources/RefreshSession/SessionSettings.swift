import RefreshHostController

/// What a caller chooses for one running style: the viewport it is shown in,
/// the pixels per point the style is told, the run's physics, trigger,
/// presentation, edge and theme, the style's parameters, how long its exit
/// may take, and where its code runs. The same settings give the same frames
/// in this process and in a worker.
public struct SessionSettings: Equatable, Sendable {
    /// Where the plugin's code runs.
    public enum Isolation: UInt8, Sendable, CustomStringConvertible {
        /// A supervised worker process: a crash or hang there is a `SessionFailure`, never ours.
        case worker = 0
        /// This process: for trusted code, debuggers and the worker itself.
        case inProcess = 1

        public var description: String { self == .worker ? "worker" : "in-process" }
    }

    /// What a session reports as events beyond the controller's own.
    public struct Reports: OptionSet, Equatable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// Every line of the host log: the plugin's own and the host's reports.
        public static let log = Reports(rawValue: 1)
        /// Every call into the plugin, with its arguments and time (a trace).
        public static let calls = Reports(rawValue: 2)
    }

    /// The scrollable's size in points.
    public var width = 375.0
    public var height = 300.0
    /// What `pixel_scale` tells the style: the device pixels per point of whatever draws it.
    public var pixelScale = 1.0
    public var run = RunSettings()
    /// Parameter values as the user wrote them (NAME: VALUE), read against the style's declarations.
    public var parameters: [String: String] = [:]
    /// Seconds the controller waits for an exit's done.
    public var exitDeadline = 5.0
    /// Seconds of its own time one plugin call may take in a worker (see WorkerConnection).
    public var budget = 2.0
    /// The wall cap on a plugin call, in budgets (the supervisor's; not sent to the worker).
    public var budgetWallCap = 10.0
    public var isolation = Isolation.worker
    public var reports: Reports = []

    public init() {}
}
