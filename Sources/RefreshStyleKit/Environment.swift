import RefreshHostABI

/// What the host decided for one instance (ABI 1.3): fixed for the
/// instance's life, so read it once, in `setup`.
public struct Environment: Sendable, Hashable {
    /// Header (top) or footer (bottom).
    public var edge: Edge
    public var presentation: Presentation
    public var trigger: TriggerPolicy
    public var physics: Physics
    /// Points a pull must travel to start a refresh.
    public var triggerDistance: Double
    /// Where a refresh rests: the style's height.
    public var restingHeight: Double
    /// The most the pull shows, in points.
    public var maxPull: Double
    public var viewportWidth: Double
    public var viewportHeight: Double
    /// The user asked for less motion: run the calm variant (no layer faster
    /// than `Environment.reducedMotionMaxSpeed` points/s or
    /// `reducedMotionMaxTurn` radians/s, no bounce); fades are fine.
    public var reduceMotion: Bool
    public var theme: Theme

    public static let reducedMotionMaxSpeed = RH_REDUCED_MOTION_MAX_SPEED
    public static let reducedMotionMaxTurn = RH_REDUCED_MOTION_MAX_TURN

    init(_ c: rh_environment_t) {
        edge = c.edge == rh_edge_t(RH_EDGE_BOTTOM) ? .bottom : .top
        presentation = Presentation(c.presentation)
        trigger = TriggerPolicy(c.trigger)
        physics = Physics(c.physics)
        triggerDistance = c.trigger_distance
        restingHeight = c.resting_height
        maxPull = c.max_pull
        viewportWidth = c.viewport_width
        viewportHeight = c.viewport_height
        reduceMotion = c.reduce_motion
        theme = Theme(primary: Color(c.theme.primary), accent: Color(c.theme.accent),
                      background: Color(c.theme.background), dark: c.theme.dark)
    }
}

/// The app's colours. Follow them when the descriptor says `.themeable`.
public struct Theme: Sendable, Hashable {
    public var primary: Color
    public var accent: Color
    public var background: Color
    public var dark: Bool

    public init(primary: Color, accent: Color, background: Color, dark: Bool) {
        self.primary = primary
        self.accent = accent
        self.background = background
        self.dark = dark
    }
}

/// The edge an instance sits at.
public enum Edge: Sendable, Hashable {
    /// A header: pull down to refresh.
    case top
    /// A footer: pull up, or reach the end, to load more (styles with `.footer`).
    case bottom
}

/// When a pull starts a refresh.
public enum TriggerPolicy: Sendable, Hashable {
    /// The host's choice (never in an `Environment`).
    case hostDefault
    /// The finger lifts past the trigger distance (Material, Compose).
    case onRelease
    /// The pull reaches the trigger distance, finger still down (iOS, Cupertino).
    case onReach

    init(_ c: rh_trigger_t) {
        self = switch c {
        case rh_trigger_t(RH_TRIGGER_ON_RELEASE): .onRelease
        case rh_trigger_t(RH_TRIGGER_ON_REACH): .onReach
        default: .hostDefault
        }
    }

    var c: rh_trigger_t {
        switch self {
        case .hostDefault: rh_trigger_t(RH_TRIGGER_DEFAULT)
        case .onRelease: rh_trigger_t(RH_TRIGGER_ON_RELEASE)
        case .onReach: rh_trigger_t(RH_TRIGGER_ON_REACH)
        }
    }
}

/// The scroll physics (formulas in refresh_host.h, rh_physics_t).
public enum Physics: Sendable, Hashable {
    /// The host's choice (never in an `Environment`).
    case hostDefault
    /// UIScrollView's rubber band and a critically damped settle.
    case ios
    /// The indicator follows the finger at half speed; the list stays still.
    case material
    /// As material, and the list stretches.
    case androidStretch
    /// SmartRefreshLayout's exponential drag and viscous rebound.
    case smart

    init(_ c: rh_physics_t) {
        self = switch c {
        case rh_physics_t(RH_PHYSICS_IOS): .ios
        case rh_physics_t(RH_PHYSICS_MATERIAL): .material
        case rh_physics_t(RH_PHYSICS_ANDROID_STRETCH): .androidStretch
        case rh_physics_t(RH_PHYSICS_SMART): .smart
        default: .hostDefault
        }
    }

    var c: rh_physics_t {
        switch self {
        case .hostDefault: rh_physics_t(RH_PHYSICS_DEFAULT)
        case .ios: rh_physics_t(RH_PHYSICS_IOS)
        case .material: rh_physics_t(RH_PHYSICS_MATERIAL)
        case .androidStretch: rh_physics_t(RH_PHYSICS_ANDROID_STRETCH)
        case .smart: rh_physics_t(RH_PHYSICS_SMART)
        }
    }
}
