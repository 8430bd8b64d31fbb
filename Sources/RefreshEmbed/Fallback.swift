import RefreshHostController
import RefreshLayers
import RefreshSession

/// What a view runs after its style failed: the host's own controller with
/// the style's numbers and a style that draws nothing, so the list still
/// moves, the states still change and refreshes are still asked for.
final class Fallback {
    let controller: RefreshController
    private var events: [SessionEvent] = []

    /// A controller at `time` in the state the failed session was last seen
    /// in (a finger down at its travel, a refresh running or ending); the
    /// events of getting there are not reported again.
    init(metrics: StyleMetrics, settings: SessionSettings, time: Double, gesture: GestureTrack, lastState: RefreshState)
        throws
    {
        let tree = LayerTree(timeline: Timeline(start: time))
        controller = try RefreshController(animator: BlankAnimator(metrics: metrics), tree: tree, viewportWidth: settings.width,
                                           viewportHeight: settings.height, settings: settings.run)
        controller.exitDeadline = settings.exitDeadline
        controller.addObserver { [unowned self] time, event in events.append(SessionEvent(time: time, event: event)) }
        controller.advance(to: time)
        for input in gesture.replay(from: lastState) { input.applyToFallback(controller) }
        controller.advance(to: time)
        events = []
    }

    /// Applies `inputs` at `time` and returns the frame (no layers: nothing is drawn).
    func advance(to time: Double, inputs: [SessionInput]) -> SessionFrame {
        controller.advance(to: time)
        for input in inputs { input.applyToFallback(controller) }
        controller.advance(to: time)
        defer { events = [] }
        return SessionFrame(controller, events: events, withLayers: false)
    }

    func close() { controller.destroy() }
}

extension SessionInput {
    /// The input on a fallback controller (scripts never reach a view).
    func applyToFallback(_ controller: RefreshController) {
        switch self {
        case let .touchDown(x): controller.touchDown(x: x)
        case let .moveFinger(translation, arriving, x): controller.moveFinger(to: translation, arrivingAt: arriving, x: x)
        case .release: controller.release()
        case .beginRefreshing: _ = controller.beginRefreshing()
        case let .endRefreshing(result): _ = controller.endRefreshing(result: result)
        case .script: break
        case let .setEnabled(enabled): controller.setEnabled(enabled)
        }
    }
}

/// A style that draws nothing and ends its exit at once.
final class BlankAnimator: StyleAnimator {
    let label = "failed style"
    let metrics: StyleMetrics
    var requestHandler: ((StyleRequest) -> Bool)?
    let wantsTick = false

    init(metrics: StyleMetrics) { self.metrics = metrics }

    func setup(root: LayerID, environment: HostEnvironment) throws {}
    func pull(distance: Double, ratio: Double, velocity: Double) {}
    func position(_ update: PullUpdate) {}
    func closed() {}
    func stateChanged(from old: RefreshState, to new: RefreshState) {}
    func setupForCycle() {}
    func cycle() {}
    func exit(result: RefreshResult, done: @escaping () -> Void) { done() }
    func abandonExit() {}
    func reset() {}
    func tick(time: Double, dt: Double) {}
    func destroy() {}
}
