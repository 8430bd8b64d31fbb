import RefreshHostController
import RefreshPluginRuntime
import RefreshLayers
import RefreshDiscovery

/// One style loaded from real `.so` files and driven by a real controller on
/// a virtual clock, recording every event and every call into the plugin.
public final class Session {
    public let plugins: LoadedPlugins
    public let tree = LayerTree(timeline: Timeline())
    public let log = HostLog()
    public let animator: PluginAnimator
    public let controller: RefreshController
    private let recorder = Recorder()
    public var events: [(time: Double, event: RefreshEvent)] { recorder.events }
    public var calls: [(time: Double, function: PluginFunction, record: CallRecord)] { recorder.calls }
    public let fps: Double

    public init(_ style: String, directories: [SearchDirectory]? = nil, width: Double = 375, height: Double = 300,
         fps: Double = 60, pixelScale: Double = 1, settings: RunSettings = RunSettings(),
         parameters: [String: ParameterValue] = [:]) throws {
        plugins = LoadedPlugins(directories: directories ?? TestPaths.bundledDirectories())
        self.fps = fps
        animator = try plugins.makeAnimator(style, tree: tree, log: log, pixelScale: pixelScale, parameters: parameters)
        let tree = self.tree
        let recorder = self.recorder
        plugins.dispatcher.trace = { record in recorder.calls.append((tree.timeline.now, record.function, record)) }
        controller = try RefreshController(animator: animator, tree: tree, viewportWidth: width, viewportHeight: height,
                                           settings: settings)
        controller.addObserver { time, event in recorder.events.append((time, event)) }
    }

    public var now: Double { tree.timeline.now }

    /// Advances frame by frame up to `time`, landing exactly on it.
    public func advance(to time: Double) {
        var t = now
        while t < time {
            t = min(time, (t * fps + 1).rounded(.down) / fps)
            if t <= now { t = time }
            controller.advance(to: t)
        }
        controller.advance(to: time)
    }

    /// Runs `gesture` until the controller is back at rest (or `limit`).
    public func run(_ gesture: Gesture = Gesture(), limit: Double = 30) {
        gesture.schedule(on: controller)
        FrameLoop(fps: fps).run(controller, from: now, limit: limit) {
            $0.timeline.now > gesture.endTime && $0.isAtRest
        }
    }

    /// Puts a finger down and moves it, over `duration`, until the visible
    /// pull is `distance`; then advances to the end of the move.
    public func pull(to distance: Double, over duration: Double = 0.3) {
        if !controller.scroll.isTouching { controller.touchDown() }
        let travel = controller.scroll.profile.travel(distance)
        controller.moveFinger(to: travel, arrivingAt: now + duration)
        advance(to: now + duration)
    }

    public func time(of predicate: (RefreshEvent) -> Bool) -> Double? { events.first { predicate($0.event) }?.time }
    public func times(of predicate: (RefreshEvent) -> Bool) -> [Double] { events.filter { predicate($0.event) }.map(\.time) }

    /// The plugin functions called, in order, runs of the same one collapsed.
    public var callSequence: [PluginFunction] {
        var result: [PluginFunction] = []
        for c in calls where c.function != .completion && result.last != c.function { result.append(c.function) }
        return result
    }

    public func snapshot() -> [LayerSnapshot] { tree.snapshot(root: controller.root) }

    public func close() { controller.destroy() }

    /// A kit fixture's "label: answer" log lines, by label (the last answer wins).
    public var pluginAnswers: [String: String] {
        var result: [String: String] = [:]
        for m in log.entries.filter({ $0.kind == .plugin }).map(\.message) {
            guard let r = m.range(of: ": ") else { continue }
            result[String(m[..<r.lowerBound])] = String(m[r.upperBound...])
        }
        return result
    }
}

private final class Recorder {
    var events: [(time: Double, event: RefreshEvent)] = []
    var calls: [(time: Double, function: PluginFunction, record: CallRecord)] = []
}

extension RefreshEvent {
    public var isDidStartCycle: Bool { if case .didStartCycle = self { true } else { false } }
    public var isDidEndCycle: Bool { if case .didEndCycle = self { true } else { false } }
    public var isExitDone: Bool { if case .exitDone = self { true } else { false } }
}

/// Equality within a tolerance, for geometry.
public func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-6) -> Bool { abs(a - b) <= tolerance }
