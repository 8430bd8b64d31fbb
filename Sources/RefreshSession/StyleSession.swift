/// One running style: settings and input in, frames out. Every consumer (the
/// CLI's run and render, the gallery, the validator, the benchmark, an
/// embedding app) drives a style through this, and whether its code runs here
/// or in a supervised worker is one setting (`SessionSettings.isolation`):
///
///     let session = try SessionFactory(registry: registry).open("yelp", settings)
///     session.send(.touchDown(x: nil))
///     session.send(.moveFinger(translation: 120, arriving: 0.5, x: nil))
///     let frame = try session.advance(to: 0.5)   // the caller's clock
///
/// Time is the caller's: a script's virtual seconds, the terminal's clock, an
/// app's frame clock. Nothing here reads a clock.
public protocol StyleSession: AnyObject {
    /// The style as set up: what it declared and what the host decided for it.
    var style: StyleSummary { get }
    /// What the host refused or bounded so far (one line each, oldest first, at most `problemLimit`).
    var problems: [String] { get }
    /// Hears events and problems as they happen (set at opening to hear the instance's setup too).
    var observer: SessionObserver { get set }
    /// Queues input; it takes effect at the session's current time, before the next step.
    func send(_ input: SessionInput)
    /// Moves time to `time` (never back) and returns the frame shown then,
    /// with the events since the previous frame.
    /// `withLayers` false leaves the frame's layers out (a run that only
    /// measures its moments costs no snapshots).
    func advance(to time: Double, withLayers: Bool) throws(SessionFailure) -> SessionFrame
    /// Moves time to `time` without asking for a frame (events wait for the next frame).
    func step(to time: Double) throws(SessionFailure)
    /// The frames at `times` in order, each handed to `body` as it arrives:
    /// a worker computes the next one while the caller draws this one.
    func frames(at times: [Double], withLayers: Bool, _ body: (SessionFrame) throws -> Void) throws
    /// Ends this instance and starts a fresh one with the same settings at time 0
    /// (a recording runs a gesture more than once and must see the same frames each time).
    func restart() throws(SessionFailure)
    /// Ends this instance and starts a fresh one of the same style at the
    /// session's current time for a new viewport and pixel scale (the ABI gives
    /// an instance one size for its life), queued like input. The new one
    /// starts idle, with nothing pending; putting it back where the old one was
    /// (a finger down, a refresh) is the caller's, by input. The same size again
    /// changes nothing. `style` tells the new instance once the next frame is back.
    func resize(width: Double, height: Double, pixelScale: Double) throws(SessionFailure)
    /// Ends the instance (its destroy runs, and what it does is reported like
    /// everything else) and says how often each plugin function was called in
    /// the session's process, in the ABI's order. The session is closed after it.
    func finish() throws(SessionFailure) -> [FunctionCalls]
    /// Ends the instance and releases what the session holds, reporting nothing. Idempotent.
    func close()
}

/// How often one plugin function was called, and for how long.
public struct FunctionCalls: Equatable, Sendable {
    /// The ABI's name (`cycle`, `rh_entry`, ...).
    public var function: String
    public var count: Int
    /// Seconds inside the plugin, in all and in the longest call.
    public var total: Double
    public var longest: Double
    /// Calls longer than one frame at 60 Hz.
    public var overBudget: Int
}

/// The most problem lines a session keeps: a style that logs one every frame
/// for an hour must not fill the memory.
public let problemLimit = 1000

extension StyleSession {
    public func advance(to time: Double) throws(SessionFailure) -> SessionFrame {
        try advance(to: time, withLayers: true)
    }

    public func frames(at times: [Double], withLayers: Bool, _ body: (SessionFrame) throws -> Void) throws {
        for t in times { try body(try advance(to: t, withLayers: withLayers)) }
    }

    public func frames(at times: [Double], _ body: (SessionFrame) throws -> Void) throws {
        try frames(at: times, withLayers: true, body)
    }
}
