import RefreshHostController

/// Turns keys and mouse reports into a finger on the controller's simulated
/// scroll view, and into its programmatic start and end.
///
/// The Down key puts a finger down on its first press and moves it `keyStep`
/// points further on each press, the move arriving over `glide` seconds, so
/// key repeat makes one smooth pull; Up moves it back. A mouse press on the
/// phone is a finger down where it pressed, a drag moves it by the rows
/// dragged (and to the column it is in), a release lifts it. Finger travel
/// goes through the physics, as on a phone. `e` ends a refresh as a success,
/// `f` as a failure.
public final class FingerInput {
    /// Points of finger travel per Down or Up press.
    public var keyStep = 24.0
    /// Seconds each keyboard move takes to arrive.
    public var glide = 0.06
    /// Seconds each mouse move takes to arrive: a row is several points, so
    /// even a mouse drag is smoothed over a couple of frames.
    public var mouseGlide = 0.03

    /// Finger travel since touch-down, in points (positive is down).
    public private(set) var translation = 0.0
    /// The viewport y where the mouse touched, while the mouse holds the finger.
    private var mouseStart: Double?
    /// A footer (ABI 1.3's bottom edge) is pulled up: Up pulls, Down eases
    /// back, and a mouse drag upwards is the pull.
    public var pullsUp = false

    public init() {}

    public enum Outcome: Equatable {
        case handled
        case ignored
        case quit
        case interrupt
    }

    @discardableResult
    public func handle(_ event: InputEvent, controller: PreviewSubject, layout: Layout?) -> Outcome {
        let now = controller.now
        var event = event
        if pullsUp, case let .key(key) = event, key == .up || key == .down { event = .key(key == .up ? .down : .up) }
        switch event {
        case .key(.down):
            if !controller.isTouching {
                controller.touchDown(x: nil)
                translation = 0
            }
            translation += keyStep
            controller.moveFinger(to: translation, arrivingAt: now + glide, x: nil)
        case .key(.up):
            guard controller.isTouching else { return .ignored }
            translation = max(0, translation - keyStep)
            controller.moveFinger(to: translation, arrivingAt: now + glide, x: nil)
        case .key(.space):
            guard controller.isTouching else { return .ignored }
            mouseStart = nil
            controller.release()
        case .key(.character("r")): controller.beginRefreshing()
        case .key(.character("e")): controller.endRefreshing(.success)
        case .key(.character("f")): controller.endRefreshing(.failure)
        case .key(.character("q")), .key(.character("Q")): return .quit
        case .key(.interrupt): return .interrupt
        case .mouse(let mouse):
            return handle(mouse, controller: controller, layout: layout, now: now)
        default:
            return .ignored
        }
        return .handled
    }

    private func handle(_ mouse: MouseEvent, controller: PreviewSubject, layout: Layout?, now: Double) -> Outcome {
        guard mouse.button == 0 || mouse.action == .release, let layout else { return .ignored }
        switch mouse.action {
        case .press:
            guard let point = layout.point(column: mouse.column, row: mouse.row) else { return .ignored }
            controller.touchDown(x: point.x)
            // The same measure as the drag's, so a press and no move is no travel.
            mouseStart = layout.pointY(row: mouse.row)
            translation = 0
        case .drag:
            guard let start = mouseStart, controller.isTouching else { return .ignored }
            translation = (layout.pointY(row: mouse.row) - start) * (pullsUp ? -1 : 1)
            // Off the phone the finger keeps its last x.
            let x = layout.point(column: mouse.column, row: mouse.row)?.x
            controller.moveFinger(to: translation, arrivingAt: now + mouseGlide, x: x)
        case .release:
            guard mouseStart != nil else { return .ignored }
            mouseStart = nil
            controller.release()
        }
        return .handled
    }
}
