import RefreshHostController

/// What a caller feeds a running style. Each input takes effect at the
/// session's current time (the time of the last frame), except a script,
/// whose steps happen at their own times as the session is advanced.
public enum SessionInput: Equatable, Sendable {
    /// A finger down at `x` points from the left (nil: the middle).
    case touchDown(x: Double?)
    /// The finger moves to `translation` points below where it touched, arriving at `arriving` (nil: now), at `x`.
    case moveFinger(translation: Double, arriving: Double?, x: Double?)
    case release
    /// The app starts a refresh with no finger (an auto-refresh).
    case beginRefreshing
    /// The app's data arrived: end the refresh with this result.
    case endRefreshing(RefreshResult)
    /// A whole scripted gesture, put on the session's timeline.
    case script(Gesture)
    /// The app disables the control (the header hides, a running refresh ends, pulls do nothing) or enables it again.
    case setEnabled(Bool)
}

extension SessionInput {
    /// Applies the input to a controller: the one place input reaches one.
    func apply(to controller: RefreshController) {
        switch self {
        case let .touchDown(x): controller.touchDown(x: x)
        case let .moveFinger(translation, arriving, x): controller.moveFinger(to: translation, arrivingAt: arriving, x: x)
        case .release: controller.release()
        case .beginRefreshing: controller.beginRefreshing()
        case let .endRefreshing(result): controller.endRefreshing(result: result)
        case let .script(gesture): gesture.schedule(on: controller)
        case let .setEnabled(enabled): controller.setEnabled(enabled)
        }
    }
}
