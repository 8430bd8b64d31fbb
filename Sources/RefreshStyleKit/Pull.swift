import RefreshHostABI

/// Where the header is (ABI 1.3), handed to `position(_:)` in every state.
public struct Pull: Sendable, Hashable {
    /// What moves the header.
    public enum Phase: Sendable, Hashable {
        /// A finger is down.
        case dragging
        /// Released without a refresh: going back to closed.
        case returning
        /// A refresh started: going to the resting height.
        case settling
        /// Refreshing at the resting height, no finger.
        case resting
        /// The refresh ended: the header is closing.
        case closing
    }

    public var phase: Phase
    /// Points shown, >= 0: how far the list moved, or (front presentation)
    /// how far the header travelled.
    public var distance: Double
    /// `distance` / trigger distance, >= 0; above 1 past the trigger.
    public var ratio: Double
    /// The finger's speed in points/s, positive toward the content; 0 without a finger.
    public var velocity: Double
    /// The finger's x in points from the viewport's left edge; nil without a finger.
    public var fingerX: Double?
    /// `fingerX` / viewport width, in [0, 1]; nil without a finger.
    public var fingerFraction: Double?

    public init(phase: Phase, distance: Double, ratio: Double, velocity: Double,
                fingerX: Double? = nil, fingerFraction: Double? = nil) {
        self.phase = phase
        self.distance = distance
        self.ratio = ratio
        self.velocity = velocity
        self.fingerX = fingerX
        self.fingerFraction = fingerFraction
    }

    init(_ c: rh_pull_t) {
        let phase: Phase = switch c.phase {
        case rh_pull_phase_t(RH_PULL_RETURNING): .returning
        case rh_pull_phase_t(RH_PULL_SETTLING): .settling
        case rh_pull_phase_t(RH_PULL_RESTING): .resting
        case rh_pull_phase_t(RH_PULL_CLOSING): .closing
        default: .dragging
        }
        self.init(phase: phase, distance: c.distance, ratio: c.ratio, velocity: c.velocity,
                  fingerX: c.finger_x.isNaN ? nil : c.finger_x,
                  fingerFraction: c.finger_fraction.isNaN ? nil : c.finger_fraction)
    }

    /// Set by the kit: the refresh is running, exiting or resetting, when
    /// ABI 1.0's pull() was never called.
    var duringRefresh = false

    /// When ABI 1.0's pull() was called: dragging or returning, outside a refresh.
    var isPull: Bool { (phase == .dragging || phase == .returning) && !duringRefresh }
}
