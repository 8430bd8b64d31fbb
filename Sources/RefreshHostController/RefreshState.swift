/// The controller's states. Raw values are the ABI's `rh_state_t`.
public enum RefreshState: Int32, Sendable, CaseIterable, CustomStringConvertible {
    case idle = 0
    case pulling = 1
    /// Finger down past the trigger distance: lifting it starts a refresh.
    case armed = 2
    case refreshing = 3
    case exiting = 4
    case resetting = 5

    public var description: String {
        switch self {
        case .idle: "idle"
        case .pulling: "pulling"
        case .armed: "armed"
        case .refreshing: "refreshing"
        case .exiting: "exiting"
        case .resetting: "resetting"
        }
    }

    /// States in which the style receives pull callbacks.
    var receivesPull: Bool { self == .idle || self == .pulling || self == .armed }
}
