/// A haptic the host plays, or, with no motor to play it on, records and
/// shows (`rh_haptic_t`).
public enum Haptic: Int32, Sendable, CaseIterable, CustomStringConvertible {
    case selection = 0
    case light = 1
    case medium = 2
    case heavy = 3
    case success = 4
    case warning = 5
    case error = 6

    public var description: String {
        switch self {
        case .selection: "selection"
        case .light: "light"
        case .medium: "medium"
        case .heavy: "heavy"
        case .success: "success"
        case .warning: "warning"
        case .error: "error"
        }
    }
}
