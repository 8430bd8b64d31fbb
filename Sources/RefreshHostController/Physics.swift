/// The scroll physics a run uses (`rh_physics_t`). The formulas are in the
/// header's comment on rh_physics_t and in `PhysicsProfile`.
public enum Physics: Int32, Sendable, NamedCase {
    case ios = 1
    case material = 2
    case androidStretch = 3
    case smart = 4

    /// refresh-host's choice when neither the style nor the user picks one.
    public static let hostDefault = Physics.ios

    public var description: String {
        switch self {
        case .ios: "ios"
        case .material: "material"
        case .androidStretch: "android-stretch"
        case .smart: "smart"
        }
    }
}
