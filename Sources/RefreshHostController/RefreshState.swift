/// The controller's states. Raw values are the ABI's `rh_state_t`.
public enum RefreshState: Int32, Sendable, CaseIterable, CustomStringConvertible {
    case idle = 0
    case pulling = 1
    /// Finger down past the trigger distance: lifting it starts a refresh.
    case armed = 2
    case refreshing = 3
    case exiting = 4
    case resetting = 5
    /// A footer whose last load had nothing more (ABI 1.3; footers of 1.3 plugins only).
    case noMore = 6

    public var description: String {
        switch self {
        case .idle: "idle"
        case .pulling: "pulling"
        case .armed: "armed"
        case .refreshing: "refreshing"
        case .exiting: "exiting"
        case .resetting: "resetting"
        case .noMore: "no-more"
        }
    }

    /// States in which the style receives pull callbacks.
    var receivesPull: Bool { self == .idle || self == .pulling || self == .armed }

    /// The newest ABI minor version that knows this state: a host never
    /// passes a plugin a state newer than the minor it declares.
    public var sinceMinor: UInt32 { self == .noMore ? 3 : 0 }
}
