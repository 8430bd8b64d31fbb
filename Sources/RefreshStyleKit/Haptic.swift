import RefreshHostABI

/// A haptic a style may ask for (`StyleHost.haptic`). The host already plays
/// `.medium` once per pull, when it arms or triggers.
public enum Haptic: Sendable, Hashable, CaseIterable {
    case selection, light, medium, heavy, success, warning, error

    var c: rh_haptic_t {
        switch self {
        case .selection: rh_haptic_t(RH_HAPTIC_SELECTION)
        case .light: rh_haptic_t(RH_HAPTIC_LIGHT)
        case .medium: rh_haptic_t(RH_HAPTIC_MEDIUM)
        case .heavy: rh_haptic_t(RH_HAPTIC_HEAVY)
        case .success: rh_haptic_t(RH_HAPTIC_SUCCESS)
        case .warning: rh_haptic_t(RH_HAPTIC_WARNING)
        case .error: rh_haptic_t(RH_HAPTIC_ERROR)
        }
    }
}
