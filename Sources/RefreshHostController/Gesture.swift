/// A scripted interaction: the default one pulls past the trigger over
/// 0.6 s, releases, lets the refresh run 2.5 s and ends it.
public struct Gesture: Equatable, Sendable {
    public enum Start: Equatable, Sendable {
        /// A finger pulls the list down and lets go.
        case pull
        /// `beginRefreshing()` with no finger, as an app's auto-refresh does.
        case programmatic
    }

    public var start: Start = .pull
    /// The visible pull distance the finger reaches; nil: 1.5 x the style's height.
    public var pullDistance: Double?
    public var pullDuration: Double = 0.6
    /// How long the finger stays down at the full pull.
    public var hold: Double = 0
    /// Time from the start of the refresh (the release) to `endRefreshing()`.
    public var refreshDuration: Double = 2.5
    /// When the gesture begins.
    public var startTime: Double = 0
    /// How the refresh ends.
    public var result: RefreshResult = .success
    /// Where the finger is across the width (0 left, 1 right) as it touches,
    /// and where it has moved to by the end of the pull (nil: nowhere).
    public var fingerFraction = 0.5
    public var fingerEndFraction: Double?

    public init() {}

    /// The pull distance for a style of `height`.
    public func distance(forHeight height: Double) -> Double {
        pullDistance ?? height * 1.5
    }

    /// When the finger lifts (or the programmatic start happens).
    public var releaseTime: Double { start == .pull ? startTime + pullDuration + hold : startTime }
    public var endTime: Double { releaseTime + refreshDuration }

    /// Puts the gesture's steps on the controller's timeline.
    public func schedule(on controller: RefreshController) {
        let timeline = controller.timeline
        switch start {
        case .pull:
            let target = distance(forHeight: controller.triggerDistance)
            let travel = controller.scroll.profile.travel(target)
            let arrival = startTime + pullDuration
            let width = controller.viewportWidth
            let (from, to) = (fingerFraction * width, (fingerEndFraction ?? fingerFraction) * width)
            timeline.schedule(at: startTime) {
                controller.touchDown(x: from)
                if from == to { controller.moveFinger(to: travel, arrivingAt: arrival) }
            }
            // A finger that also moves sideways: the pull in even steps, each
            // starting where the finger is across, and the last x on arrival.
            if from != to {
                let steps = 12
                for k in 1...steps {
                    let u0 = Double(k - 1) / Double(steps), u = Double(k) / Double(steps)
                    timeline.schedule(at: startTime + pullDuration * u0) {
                        controller.moveFinger(to: travel * u, arrivingAt: startTime + pullDuration * u,
                                              x: from + (to - from) * u0)
                    }
                }
                timeline.schedule(at: arrival) { controller.moveFinger(to: travel, arrivingAt: arrival, x: to) }
            }
            timeline.schedule(at: releaseTime) { controller.release() }
        case .programmatic:
            timeline.schedule(at: startTime) { controller.beginRefreshing() }
        }
        let result = result
        timeline.schedule(at: endTime) { controller.endRefreshing(result: result) }
    }
}

/// Runs a controller frame by frame on a clock.
public struct FrameLoop {
    public var fps: Double
    public var clock: Clock

    public init(fps: Double = 60, clock: Clock = VirtualClock()) {
        self.fps = fps
        self.clock = clock
    }

    /// Advances frame by frame, calling `onFrame` after each, until `stop`
    /// says so, or `limit` seconds have passed. Returns the last frame's time.
    @discardableResult
    public func run(
        _ controller: RefreshController, from start: Double = 0, limit: Double,
        stop: (RefreshController) -> Bool = { _ in false }, onFrame: (Int, Double) -> Void = { _, _ in }
    ) -> Double {
        var frame = 0
        var time = start
        while true {
            clock.wait(until: time)
            controller.advance(to: time)
            onFrame(frame, time)
            if stop(controller) || time >= start + limit { return time }
            frame += 1
            time = start + Double(frame) / fps
        }
    }
}
