import RefreshHostABI

/// A timing curve. `.spring` and `.keyframes` are for animate blocks (and a
/// style's cycle) only; key-path animations take the other four.
public enum Curve: Sendable, Hashable {
    case linear
    case easeIn
    case easeOut
    case easeInOut
    /// A damped spring: `damping` in (0, 1] (1 = no overshoot), `velocity` in
    /// "whole changes per second" (UIKit's initialSpringVelocity).
    case spring(damping: Double, velocity: Double)
    /// A block made of keyframes: see `StyleHost.animateKeyframes`.
    case keyframes

    /// UIKit's defaults for a spring: damping 0.8, velocity 1.0.
    public static let spring = Curve.spring(damping: 0.8, velocity: 1.0)

    var c: rh_curve_t {
        switch self {
        case .linear: rh_curve_t(RH_CURVE_LINEAR)
        case .easeIn: rh_curve_t(RH_CURVE_EASE_IN)
        case .easeOut: rh_curve_t(RH_CURVE_EASE_OUT)
        case .easeInOut: rh_curve_t(RH_CURVE_EASE_IN_OUT)
        case .spring: rh_curve_t(RH_CURVE_SPRING)
        case .keyframes: rh_curve_t(RH_CURVE_KEYFRAMES)
        }
    }

    /// The spring's damping and velocity; (1, 0) for other curves, which
    /// the host ignores.
    var springParameters: (damping: Double, velocity: Double) {
        if case .spring(let damping, let velocity) = self { return (damping, velocity) }
        return (1, 0)
    }
}
