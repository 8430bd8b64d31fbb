import RefreshLayers

/// How the header is shown while the list is pulled (`rh_presentation_t`).
public enum Presentation: Int32, Sendable, CaseIterable, CustomStringConvertible {
    case slideDown = 0
    case background = 1
    /// The list stays still and the header floats over it (ABI 1.3).
    case front = 2

    public var description: String {
        switch self {
        case .slideDown: "slide-down"
        case .background: "background"
        case .front: "front"
        }
    }

    /// The newest ABI minor version that knows this value.
    public var sinceMinor: UInt32 { self == .front ? 3 : 0 }

    /// Accepts the names the pull-to-refresh libraries use (translate,
    /// behind, front) and this host's own (slide-down, background).
    public init?(name: String) {
        switch name {
        case "translate", "slide-down": self = .slideDown
        case "behind", "background": self = .background
        case "front": self = .front
        default: return nil
        }
    }
}

/// Where the style's root sits once the pull passes the style's height (`rh_anchor_t`).
public enum Anchor: Int32, Sendable, CaseIterable, CustomStringConvertible {
    case top = 0
    case middle = 1
    case bottom = 2
    public var description: String {
        switch self {
        case .top: "top"
        case .middle: "middle"
        case .bottom: "bottom"
        }
    }
}

/// The numbers of a style that drive the lifecycle: what the controller needs
/// from a descriptor, and nothing else.
public struct StyleMetrics: Equatable, Sendable {
    public var height: Double
    public var cycleDuration: Double
    public var cycleDelay: Double
    public var cycleCurve: TimingCurve
    public var presentation: Presentation
    public var anchor: Anchor
    /// How far a pull must go to start a refresh (ABI 1.3; before it, the height).
    public var triggerDistance: Double
    /// The most the pull shows; nil: the physics' default.
    public var maxPull: Double?
    /// The style's trigger policy; nil: the host's.
    public var trigger: TriggerPolicy?
    /// The physics the style was designed for; nil: the host's.
    public var physics: Physics?
    /// The header closes while the exit runs (RH_STYLE_EXIT_WHILE_CLOSING).
    public var exitWhileClosing: Bool
    /// The style also works at the bottom edge (RH_STYLE_FOOTER).
    public var supportsFooter: Bool
    /// What to announce; nil: the host's defaults for the edge.
    public var announcements: Announcements?

    public init(
        height: Double, cycleDuration: Double, cycleDelay: Double = 0,
        cycleCurve: TimingCurve = .easeInOut, presentation: Presentation = .slideDown, anchor: Anchor = .top,
        triggerDistance: Double? = nil, maxPull: Double? = nil, trigger: TriggerPolicy? = nil,
        physics: Physics? = nil, exitWhileClosing: Bool = false, supportsFooter: Bool = false,
        announcements: Announcements? = nil
    ) {
        self.height = height
        self.cycleDuration = cycleDuration
        self.cycleDelay = cycleDelay
        self.cycleCurve = cycleCurve
        self.presentation = presentation
        self.anchor = anchor
        self.triggerDistance = triggerDistance ?? height
        self.maxPull = maxPull
        self.trigger = trigger
        self.physics = physics
        self.exitWhileClosing = exitWhileClosing
        self.supportsFooter = supportsFooter
        self.announcements = announcements
    }
}
