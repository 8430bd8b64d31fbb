/// When a pull starts a refresh (`rh_trigger_t`).
public enum TriggerPolicy: Int32, Sendable, NamedCase {
    /// The finger lifts past the trigger distance (Material, Compose).
    case onRelease = 1
    /// The pull reaches the trigger distance, finger still down (iOS, Cupertino).
    case onReach = 2

    /// refresh-host's choice when neither the style nor the user picks one.
    public static let hostDefault = TriggerPolicy.onRelease

    public var description: String { self == .onRelease ? "release" : "reach" }
}
