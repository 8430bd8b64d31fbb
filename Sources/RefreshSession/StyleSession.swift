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
    func frames(at times: [Double], _ body: (SessionFrame) throws -> Void) throws
    /// Ends this instance and starts a fresh one with the same settings at time 0
    /// (a recording runs a gesture more than once and must see the same frames each time).
    func restart() throws(SessionFailure)
    /// Ends the instance and releases what the session holds. Idempotent.
    func close()
}

/// The most problem lines a session keeps: a style that logs one every frame
/// for an hour must not fill the memory.
public let problemLimit = 1000

extension StyleSession {
    public func advance(to time: Double) throws(SessionFailure) -> SessionFrame {
        try advance(to: time, withLayers: true)
    }

    public func frames(at times: [Double], _ body: (SessionFrame) throws -> Void) throws {
        for t in times { try body(try advance(to: t)) }
    }
}
