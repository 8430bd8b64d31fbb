import RefreshHostController

/// A scripted gesture played on a session, frame by frame on a virtual
/// clock: frames at k / fps from 0 until the run is past the gesture's end
/// and at rest, or until a time limit (a style whose exit never ends). The
/// one frame loop behind `run`'s timeline and a recording's moments.
public struct ScriptedRun: Equatable, Sendable {
    public var gesture: Gesture
    public var fps: Double
    /// How long the controller waits for an exit's done (the limit leaves room for it).
    public var exitDeadline: Double

    public init(gesture: Gesture, fps: Double, exitDeadline: Double) {
        self.gesture = gesture
        self.fps = fps
        self.exitDeadline = exitDeadline
    }

    /// The last time a run may reach.
    public var limit: Double { gesture.endTime + exitDeadline + 10 }

    /// Puts the gesture on `session` (fresh, at time 0) and runs it; `onFrame`
    /// after each frame, numbered from 0. Returns the last frame.
    ///
    /// `ahead`: frames asked for at once. More than 1 lets a worker run ahead
    /// (one message for many frames) at the price of up to `ahead - 1` frames
    /// past the end, computed and dropped: for measuring runs, not for
    /// printed ones, whose extra log lines would show.
    @discardableResult
    public func run(_ session: any StyleSession, withLayers: Bool = true, ahead: Int = 1,
                    onFrame: (_ number: Int, _ frame: SessionFrame) throws -> Void = { _, _ in }) throws -> SessionFrame {
        session.send(.script(gesture))
        var k = 0
        var last: SessionFrame?
        while last == nil {
            var times: [Double] = []
            while times.count < max(1, ahead), Double(k + times.count) / fps <= limit { times.append(Double(k + times.count) / fps) }
            if times.isEmpty { times = [Double(k) / fps] }
            try session.frames(at: times, withLayers: withLayers) { frame in
                guard last == nil else { return }
                try onFrame(k, frame)
                if (frame.time > gesture.endTime && frame.isAtRest) || frame.time >= limit { last = frame }
                k += 1
            }
        }
        return last!
    }
}
