import RefreshHostABI

/// A timing curve. `.spring` and `.keyframes` are for animate blocks (and a
/// style's cycle) only; key-path and keyframe animations take the others.
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
    /// CSS `cubic-bezier(x1, y1, x2, y2)`, as CAMediaTimingFunction's control
    /// points: x1 and x2 in 0...1, y1 and y2 within ±10 (outside 0...1 they
    /// overshoot).
    case cubicBezier(x1: Double, y1: Double, x2: Double, y2: Double)
    /// CSS `steps(count)`: `count` (1...1000) equal jumps. `.jumpEnd` holds the
    /// start for the first step; `.jumpStart` jumps at the start of each.
    case steps(_ count: Int, position: StepPosition = .jumpEnd)

    /// Where a `.steps` curve jumps.
    public enum StepPosition: Sendable, Hashable {
        case jumpEnd, jumpStart
    }

    /// UIKit's defaults for a spring: damping 0.8, velocity 1.0.
    public static let spring = Curve.spring(damping: 0.8, velocity: 1.0)

    /// Material Design's standard easing, cubic-bezier(0.4, 0, 0.2, 1).
    public static let standard = Curve.cubicBezier(x1: 0.4, y1: 0, x2: 0.2, y2: 1)

    var c: rh_curve_t {
        switch self {
        case .linear: rh_curve_t(RH_CURVE_LINEAR)
        case .easeIn: rh_curve_t(RH_CURVE_EASE_IN)
        case .easeOut: rh_curve_t(RH_CURVE_EASE_OUT)
        case .easeInOut: rh_curve_t(RH_CURVE_EASE_IN_OUT)
        case .spring: rh_curve_t(RH_CURVE_SPRING)
        case .keyframes: rh_curve_t(RH_CURVE_KEYFRAMES)
        case .cubicBezier: rh_curve_t(RH_CURVE_CUBIC_BEZIER)
        case .steps: rh_curve_t(RH_CURVE_STEPS)
        }
    }

    /// The curve with its parameters, as rh_timing_t.function and friends
    /// carry it (the numbers are zero for curves that have none).
    var function: rh_timing_function_t {
        var f = rh_timing_function_t()
        f.curve = c
        switch self {
        case .cubicBezier(let x1, let y1, let x2, let y2):
            (f.x1, f.y1, f.x2, f.y2) = (x1, y1, x2, y2)
        case .steps(let count, let position):
            // A count outside UInt32 is out of range either way; clamping
            // keeps it so (the host refuses it) instead of trapping here.
            f.steps = UInt32(clamping: count)
            f.step_position = position == .jumpStart ? rh_step_position_t(RH_STEP_JUMP_START)
                                                     : rh_step_position_t(RH_STEP_JUMP_END)
        default:
            break
        }
        return f
    }

    /// The spring's damping and velocity; (1, 0) for other curves, which
    /// the host ignores.
    var springParameters: (damping: Double, velocity: Double) {
        if case .spring(let damping, let velocity) = self { return (damping, velocity) }
        return (1, 0)
    }
}
