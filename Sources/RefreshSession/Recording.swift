import RefreshHostController
import RefreshLayers

/// What to record: the gesture, the frame rate, the viewport and the device scale.
public struct RecordingOptions: Equatable, Sendable {
    public var gesture = Gesture()
    /// Frames per second of the virtual clock and of the animation.
    public var fps = 30.0
    /// How long the controller waits for an exit's done.
    public var exitDeadline = 5.0
    /// Viewport in points.
    public var width = 375.0
    public var height = 300.0
    /// Device pixels per point.
    public var scale = 2.0

    public init() {}

    /// `settings` with this recording's viewport, scale and exit deadline.
    public func sessionSettings(_ settings: SessionSettings = SessionSettings()) -> SessionSettings {
        var s = settings
        s.width = width
        s.height = height
        s.pixelScale = scale
        s.exitDeadline = exitDeadline
        return s
    }
}

/// One style's run under a scripted gesture, on a virtual clock: its moments,
/// the frame at any time, or every frame in order. Each use starts the
/// session's style afresh, so the same options always give the same frames.
/// The session is the caller's choice (in this process or in a worker):
///
///     let recording = Recording(options) { try SessionOpener(...).open(...) }
///     try AnimationFile.write(recording, to: "yelp.gif")
public final class Recording {
    public typealias SessionFactory = () throws -> any StyleSession

    public let options: RecordingOptions
    private let makeSession: SessionFactory
    private var sessionStore: (any StyleSession)?
    private var cachedMoments: Moments?

    public init(_ options: RecordingOptions, makeSession: @escaping SessionFactory) {
        self.options = options
        self.makeSession = makeSession
    }

    deinit { sessionStore?.close() }

    /// The session recorded in, once a run has started.
    public var session: (any StyleSession)? { sessionStore }
    /// What the host refused or bounded while recording (one line each).
    public var problems: [String] { session?.problems ?? [] }
    /// The style recorded, once a run has started.
    public var style: StyleSummary? { session?.style }

    /// The run's moments (a run without drawing; kept after the first call).
    public func moments() throws -> Moments {
        if let cachedMoments { return cachedMoments }
        let session = try start()
        let gesture = options.gesture
        var moments = Moments()
        moments.release = gesture.start == .pull ? gesture.releaseTime : nil
        moments.threshold = Moments.thresholdTime(gesture, height: session.style.triggerDistance,
                                                  profile: session.style.profile)
        var observed = Moments()
        let run = ScriptedRun(gesture: gesture, fps: options.fps, exitDeadline: options.exitDeadline)
        moments.end = try run.run(session, withLayers: false, ahead: 30) { _, frame in
            for e in frame.events { if let event = e.event { observed.observe(event, at: e.time) } }
        }.time
        moments.cycles = observed.cycles
        moments.exitStart = observed.exitStart
        moments.exitEnd = observed.exitEnd
        moments.reset = observed.reset
        cachedMoments = moments
        return moments
    }

    /// The times of every frame of the whole run: k / fps up to the end.
    public func frameTimes() throws -> [Double] {
        let end = try moments().end
        var times: [Double] = []
        var k = 0
        while true {
            let t = Double(k) / options.fps
            times.append(t)
            if t >= end { return times }
            k += 1
        }
    }

    /// The frame at `time`: the run stepped at the frame rate up to it, then to exactly `time`.
    public func frame(at time: Double) throws -> SessionFrame {
        let session = try start()
        session.send(.script(options.gesture))
        var k = 0
        while Double(k) / options.fps < time {
            try session.step(to: Double(k) / options.fps)
            k += 1
        }
        return try session.advance(to: time)
    }

    /// Every frame in order, with its index and the time it shows from and until (the next frame's time).
    public func forEachFrame(_ body: (_ frame: SessionFrame, _ index: Int) throws -> Void) throws {
        let times = try frameTimes()
        let session = try start()
        session.send(.script(options.gesture))
        var index = 0
        try session.frames(at: times) { frame in
            var frame = frame
            frame.until = index + 1 < times.count ? times[index + 1] : frame.time + 1 / options.fps
            try body(frame, index)
            index += 1
        }
    }

    /// The session at time 0: opened the first time, started afresh after that.
    private func start() throws -> any StyleSession {
        let session: any StyleSession
        if let existing = sessionStore {
            try existing.restart()
            session = existing
        } else {
            session = try makeSession()
            sessionStore = session
        }
        return session
    }
}
