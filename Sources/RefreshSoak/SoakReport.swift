/// What a soak found: the steps run, the broken invariants, and the memory figures.
public struct SoakReport: Sendable {
    public var steps = 0
    public var sessions = 0
    public var begins = 0
    public var ends = 0
    /// Frames on which a refresh left alone was held to its resting inset.
    public var insetChecks = 0
    /// Times the app disabled the control, and how many of those found a refresh running.
    public var disables = 0
    public var disabledRefreshes = 0
    /// Lines the host reported about the styles (refused values, late done()): counted, not violations.
    public var problems = 0
    public var violations: [SoakViolation] = []
    /// The host's RSS by step.
    public var hostRSS: [(step: Int, bytes: Int)] = []
    /// Each worker's RSS after its session's warm-up and at its end.
    public var workerRSS: [(style: String, warm: Int, end: Int)] = []
    public var seconds = 0.0

    /// The largest growth of one worker within its session, in bytes.
    public var workerGrowth: Int { workerRSS.map { $0.end - $0.warm }.max() ?? 0 }
}
