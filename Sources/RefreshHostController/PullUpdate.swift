/// What moves the header (`rh_pull_phase_t`).
public enum PullPhase: Int32, Sendable, CaseIterable, CustomStringConvertible {
    /// A finger is down.
    case dragging = 0
    /// Released without a refresh: going back to closed.
    case returning = 1
    /// A refresh started: going to the resting height.
    case settling = 2
    /// Refreshing at the resting height, no finger.
    case resting = 3
    /// The refresh ended: the header is closing.
    case closing = 4

    public var description: String {
        switch self {
        case .dragging: "dragging"
        case .returning: "returning"
        case .settling: "settling"
        case .resting: "resting"
        case .closing: "closing"
        }
    }
}

/// The header's position in any phase (`rh_pull_t`), handed to a style's
/// `position` callback whenever something in it changes.
public struct PullUpdate: Equatable, Sendable {
    public var phase: PullPhase
    /// Shown pull in points: how far the list moved, or (front) the header travelled.
    public var distance: Double
    /// distance / trigger distance; above 1 past the trigger.
    public var ratio: Double
    /// The finger's speed toward the content, points per second; 0 without a finger.
    public var velocity: Double
    /// The finger's x in points from the viewport's left edge; nil without a finger.
    public var fingerX: Double?
    /// fingerX / viewport width, in [0, 1]; nil without a finger.
    public var fingerFraction: Double?

    public init(phase: PullPhase, distance: Double, ratio: Double, velocity: Double, fingerX: Double?,
                fingerFraction: Double?) {
        self.phase = phase
        self.distance = distance
        self.ratio = ratio
        self.velocity = velocity
        self.fingerX = fingerX
        self.fingerFraction = fingerFraction
    }
}
