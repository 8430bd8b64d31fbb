import RefreshHostABI

/// A state of the host's refresh controller. A struct rather than an enum
/// because a later minor version of the ABI may add states: compare with
/// `==` or `switch` over the constants and keep a `default:`.
public struct RefreshState: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: Int32

    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// Nothing shown, nothing running.
    public static let idle = RefreshState(rawValue: rh_state_t(RH_STATE_IDLE))
    /// Header visible, below the trigger distance (or bouncing back).
    public static let pulling = RefreshState(rawValue: rh_state_t(RH_STATE_PULLING))
    /// Finger down past the trigger distance: release to refresh.
    public static let armed = RefreshState(rawValue: rh_state_t(RH_STATE_ARMED))
    /// Cycles are running.
    public static let refreshing = RefreshState(rawValue: rh_state_t(RH_STATE_REFRESHING))
    /// The exit animation is running.
    public static let exiting = RefreshState(rawValue: rh_state_t(RH_STATE_EXITING))
    /// The header is closing; reset follows, then idle.
    public static let resetting = RefreshState(rawValue: rh_state_t(RH_STATE_RESETTING))
    /// ABI 1.3, footers: there is nothing more to load.
    public static let noMore = RefreshState(rawValue: rh_state_t(RH_STATE_NO_MORE))

    public var description: String {
        switch self {
        case .idle: "idle"
        case .pulling: "pulling"
        case .armed: "armed"
        case .refreshing: "refreshing"
        case .exiting: "exiting"
        case .resetting: "resetting"
        case .noMore: "no-more"
        default: "state(\(rawValue))"
        }
    }
}
