import CCairo
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
    /// The list's colours: the app's light or dark mode.
    public var appearance = PhoneAppearance.light

    public init() {}
}

/// One style's run under a gesture, on the virtual clock: its moments, a
/// still frame at any time, or every frame in order. Each use runs a fresh
/// controller from the factory, so the same options always give the same
/// pixels. Usable without the CLI:
///
///     let recording = Recording(options) { w, h in try RefreshController(animator: ..., ...) }
///     try AnimationFile.write(recording, to: "yelp.gif")
public final class Recording {
    /// Makes a fresh controller for a viewport of (width, height) points;
    /// the recording destroys it when done with it.
    public typealias ControllerFactory = (_ width: Double, _ height: Double) throws -> RefreshController

    public let options: RecordingOptions
    private let makeController: ControllerFactory
    private var cachedMoments: Moments?

    public init(_ options: RecordingOptions, makeController: @escaping ControllerFactory) {
        self.options = options
        self.makeController = makeController
    }

    /// The run's moments (a run without drawing; kept after the first call).
    public func moments() throws -> Moments {
        if let cachedMoments { return cachedMoments }
        var moments = Moments()
        let controller = try start()
        defer { controller.destroy() }
        let gesture = options.gesture
        moments.release = gesture.start == .pull ? gesture.releaseTime : nil
        moments.threshold = Moments.thresholdTime(gesture, height: controller.triggerDistance,
                                                  profile: controller.scroll.profile)
        var observed = Moments()
        controller.addObserver { time, event in observed.observe(event, at: time) }
        moments.end = loop().run(controller, limit: limit, stop: stop)
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

    /// The phone at `time`: frames at the frame rate up to it, then exactly `time`.
    public func still(at time: Double, into renderer: FrameRenderer) throws -> Bitmap {
        try withController(at: time) { renderer.render($0) }
    }

    /// Runs a fresh controller to `time` and hands it to `body` before destroying it.
    public func withController<T>(at time: Double, _ body: (RefreshController) throws -> T) throws -> T {
        let controller = try start()
        defer { controller.destroy() }
        var k = 0
        while Double(k) / options.fps < time {
            controller.advance(to: Double(k) / options.fps)
            k += 1
        }
        controller.advance(to: time)
        return try body(controller)
    }

    /// Every frame in order, with the time it shows from and until (the next frame's time).
    public func forEachFrame(
        into renderer: FrameRenderer, _ body: (_ frame: Bitmap, _ index: Int, _ from: Double, _ until: Double) throws -> Void
    ) throws {
        try forEachStep { controller, i, t, until in try body(renderer.render(controller), i, t, until) }
    }

    /// Every frame in order, as the controller at that frame's time: for a
    /// worker that sends the layers to be drawn elsewhere.
    public func forEachStep(
        _ body: (_ controller: RefreshController, _ index: Int, _ from: Double, _ until: Double) throws -> Void
    ) throws {
        let times = try frameTimes()
        let controller = try start()
        defer { controller.destroy() }
        for (i, t) in times.enumerated() {
            controller.advance(to: t)
            let until = i + 1 < times.count ? times[i + 1] : t + 1 / options.fps
            try body(controller, i, t, until)
        }
    }

    /// A renderer for these options.
    public func makeRenderer() -> FrameRenderer {
        FrameRenderer(viewportWidth: options.width, viewportHeight: options.height, scale: options.scale,
                      appearance: options.appearance)
    }

    private func start() throws -> RefreshController {
        let controller = try makeController(options.width, options.height)
        controller.exitDeadline = options.exitDeadline
        options.gesture.schedule(on: controller)
        return controller
    }

    private var limit: Double { options.gesture.endTime + options.exitDeadline + 10 }
    private func loop() -> FrameLoop { FrameLoop(fps: options.fps, clock: VirtualClock()) }
    private var stop: (RefreshController) -> Bool {
        let end = options.gesture.endTime
        return { $0.timeline.now > end && $0.isAtRest }
    }
}
