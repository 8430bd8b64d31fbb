import RefreshLayers

/// What the user (or the app) chose for a run, over what the style declares:
/// each nil keeps the style's choice, or the host's default.
public struct RunSettings: Equatable, Sendable {
    public var physics: Physics?
    public var trigger: TriggerPolicy?
    public var presentation: Presentation?
    public var edge: Edge = .top
    public var reduceMotion = false
    public var theme: Theme = .light

    public init(physics: Physics? = nil, trigger: TriggerPolicy? = nil, presentation: Presentation? = nil,
                edge: Edge = .top, reduceMotion: Bool = false, theme: Theme = .light) {
        self.physics = physics
        self.trigger = trigger
        self.presentation = presentation
        self.edge = edge
        self.reduceMotion = reduceMotion
        self.theme = theme
    }

    /// Everything decided for an instance of a style with `metrics` in a
    /// viewport of `width` x `height` points.
    public func environment(for metrics: StyleMetrics, width: Double, height: Double) -> HostEnvironment {
        let physics = physics ?? metrics.physics ?? .hostDefault
        let distance = metrics.triggerDistance
        return HostEnvironment(
            edge: edge, presentation: presentation ?? metrics.presentation,
            trigger: trigger ?? metrics.trigger ?? .hostDefault, physics: physics,
            triggerDistance: distance, restingHeight: metrics.height,
            maxPull: max(distance, metrics.maxPull ?? PhysicsDefaults.maxPull(physics, trigger: distance, viewport: height)),
            viewportWidth: width, viewportHeight: height, reduceMotion: reduceMotion, theme: theme)
    }
}

/// Everything the host decided for one instance (`rh_environment_t`),
/// constant for the instance's life.
public struct HostEnvironment: Equatable, Sendable {
    public var edge: Edge
    public var presentation: Presentation
    public var trigger: TriggerPolicy
    public var physics: Physics
    public var triggerDistance: Double
    public var restingHeight: Double
    public var maxPull: Double
    public var viewportWidth: Double
    public var viewportHeight: Double
    public var reduceMotion: Bool
    public var theme: Theme

    public init(edge: Edge, presentation: Presentation, trigger: TriggerPolicy, physics: Physics,
                triggerDistance: Double, restingHeight: Double, maxPull: Double, viewportWidth: Double,
                viewportHeight: Double, reduceMotion: Bool, theme: Theme) {
        self.edge = edge
        self.presentation = presentation
        self.trigger = trigger
        self.physics = physics
        self.triggerDistance = triggerDistance
        self.restingHeight = restingHeight
        self.maxPull = maxPull
        self.viewportWidth = viewportWidth
        self.viewportHeight = viewportHeight
        self.reduceMotion = reduceMotion
        self.theme = theme
    }
}

/// The physics' own maximum pulls, when a style declares none.
public enum PhysicsDefaults {
    public static func maxPull(_ physics: Physics, trigger: Double, viewport: Double) -> Double {
        switch physics {
        // The rubber band approaches the viewport height and never reaches it.
        case .ios: viewport
        case .material, .androidStretch: 1.5 * trigger
        case .smart: 2.5 * trigger
        }
    }
}
