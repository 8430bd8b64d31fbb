/// How long and how the soak runs; the same options and seed replay the same run.
public struct SoakOptions: Sendable {
    public var steps = 1_000_000
    public var seed: UInt64 = 1
    /// Steps per session: each session has its own style (in turn) and its own random size,
    /// theme, reduce-motion, physics and trigger, which a session takes only when it opens.
    public var sessionSteps = 25_000
    /// Every how many steps the host's RSS is sampled.
    public var sampleEvery = 5_000
    /// Every how many frames the layers come back too (their values are checked).
    public var layersEvery = 16
    /// The executable whose hidden `worker` subcommand runs the sessions (refresh-host).
    public var workerExecutable: String

    public init(workerExecutable: String) { self.workerExecutable = workerExecutable }
}
