#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How an animation's progress follows its time. Raw order matches rh_curve_t.
public enum TimingCurve: Equatable, Sendable {
    case linear, easeIn, easeOut, easeInOut
    /// Damped spring: damping ratio in (0, 1] (1 = no overshoot), initial velocity in
    /// "whole changes per second" as UIKit's initialSpringVelocity.
    case spring(damping: Double, initialVelocity: Double)
    /// A keyframes block: its keyframes are linear segments, so as a curve it is linear.
    case keyframes
    /// CSS cubic-bezier(x1, y1, x2, y2) (ABI 1.2): 0 <= x <= 1, |y| <= maxBezierY.
    case cubicBezier(x1: Double, y1: Double, x2: Double, y2: Double)
    /// CSS steps(n, jump-end) or, with jumpStart, steps(n, jump-start) (ABI 1.2): 1 <= n <= maxSteps.
    case steps(Int, jumpStart: Bool)

    /// The largest |y| of a cubic-bezier control point (|y| > 1 overshoots).
    public static let maxBezierY = 10.0
    /// The most steps a steps curve may have.
    public static let maxSteps = 1000

    /// The rh_curve_t value of this curve.
    public var abiValue: Int32 {
        switch self {
        case .linear: 0
        case .easeIn: 1
        case .easeOut: 2
        case .easeInOut: 3
        case .spring: 4
        case .keyframes: 5
        case .cubicBezier: 6
        case .steps: 7
        }
    }

    /// Why this curve's parameters are refused, nil when they are valid. A
    /// non-finite number reads "<name> = nan", the form the validator counts.
    public var problem: String? {
        switch self {
        case let .cubicBezier(x1, y1, x2, y2):
            for (name, x) in [("x1", x1), ("x2", x2)] where !(x.isFinite && x >= 0 && x <= 1) {
                return "cubic-bezier \(name) = \(x) is out of range [0, 1]"
            }
            for (name, y) in [("y1", y1), ("y2", y2)] where !(y.isFinite && abs(y) <= Self.maxBezierY) {
                return "cubic-bezier \(name) = \(y) is out of range [-\(Int(Self.maxBezierY)), \(Int(Self.maxBezierY))]"
            }
            return nil
        case let .steps(n, _):
            return (1...Self.maxSteps).contains(n) ? nil : "steps = \(n) is out of range [1, \(Self.maxSteps)]"
        default:
            return nil
        }
    }

    /// Eased progress for unit time `u` of a one-second animation.
    public func progress(_ u: Double) -> Double {
        progress(u, duration: 1)
    }

    /// Eased progress for unit time `u` (clamped to [0, 1]); `duration` (seconds) only
    /// matters for the spring, whose initial velocity is given per second.
    /// progress(0) == 0 and progress(1) == 1 exactly; a spring may overshoot in between.
    /// Steps with jumpStart are the exception: at u = 0 they have already made
    /// their first jump (CSS: 1/n at 0), as the header's "jumps at the start of each step".
    public func progress(_ u: Double, duration: Double) -> Double {
        if case let .steps(n, jumpStart) = self { return TimingCurve.steps(u, n, jumpStart: jumpStart) }
        guard u > 0 else { return 0 }  // also catches NaN
        guard u < 1 else { return 1 }
        switch self {
        case .linear, .keyframes: return u
        case let .cubicBezier(x1, y1, x2, y2): return TimingCurve.bezier(u, x1, y1, x2, y2)
        case .steps: return u  // handled above
        // CAMediaTimingFunction control points.
        case .easeIn: return TimingCurve.bezier(u, 0.42, 0, 1, 1)
        case .easeOut: return TimingCurve.bezier(u, 0, 0, 0.58, 1)
        case .easeInOut: return TimingCurve.bezier(u, 0.42, 0, 0.58, 1)
        case let .spring(damping, velocity):
            let v = duration.isFinite && duration > 0 ? velocity * duration : velocity
            return TimingCurve.spring(u, damping: damping, velocity: v)
        }
    }

    /// Whether this curve may drive a key-path (basic) animation.
    public var isBasicCurve: Bool {
        switch self {
        case .linear, .easeIn, .easeOut, .easeInOut, .cubicBezier, .steps: true
        case .spring, .keyframes: false
        }
    }

    // MARK: - Cubic Bézier

    /// y(t) where x(t) = u, for the curve (0,0) (x1,y1) (x2,y2) (1,1).
    /// Newton's method from t = u; bisection when the slope is too flat to trust.
    static func bezier(_ u: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
        // Polynomial coefficients: f(t) = ((a t + b) t + c) t.
        let cx = 3 * x1, bx = 3 * (x2 - x1) - cx, ax = 1 - cx - bx
        let cy = 3 * y1, by = 3 * (y2 - y1) - cy, ay = 1 - cy - by
        func x(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
        func dx(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }
        func y(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }

        var t = u
        for _ in 0..<8 {
            let err = x(t) - u
            if abs(err) < 1e-14 { return y(t) }
            let slope = dx(t)
            if abs(slope) < 1e-6 { break }
            t -= err / slope
        }
        // Bisection: x is monotonic on [0, 1] for these control points.
        var lo = 0.0, hi = 1.0
        t = u
        for _ in 0..<60 {
            let xt = x(t)
            if abs(xt - u) < 1e-14 { break }
            if xt < u { lo = t } else { hi = t }
            t = (lo + hi) / 2
        }
        return y(t)
    }

    // MARK: - Steps

    /// CSS steps(): jump-end holds the start for the first step (floor(u n) / n);
    /// jump-start has jumped already (floor(u n) + 1) / n. Both end at 1 from u = 1 on.
    static func steps(_ u: Double, _ n: Int, jumpStart: Bool) -> Double {
        guard u >= 0 else { return 0 }  // also catches NaN
        guard u < 1, n >= 1 else { return 1 }
        let k = (u * Double(n)).rounded(.down) + (jumpStart ? 1 : 0)
        return min(k / Double(n), 1)
    }

    // MARK: - Spring

    /// Displacement envelope left at u = 1; sets the natural frequency so the motion
    /// has visibly settled when the duration ends (UIKit fits its spring the same way).
    static let springResidual = 1e-3

    /// Damped harmonic oscillator in unit time, displacement d from the target:
    ///   d(0) = 1, d'(0) = -v,  ω = ln(1/residual) / ζ  (so e^{-ζωu} = residual at u = 1)
    ///   ζ < 1: d(u) = e^{-ζωu} (cos(ω_d u) + (ζω - v)/ω_d · sin(ω_d u)),  ω_d = ω√(1-ζ²)
    ///   ζ = 1: d(u) = e^{-ωu} (1 + (ω - v) u)
    /// progress = 1 - d(u) + u·d(1): the small linear term removes the residual so the
    /// curve ends at exactly 1 without a jump (and adds no overshoot when ζ = 1, v = 0).
    static func spring(_ u: Double, damping zeta: Double, velocity v: Double) -> Double {
        let z = min(max(zeta, 1e-3), 1)
        let omega = log(1 / springResidual) / z
        func d(_ u: Double) -> Double {
            if z >= 1 {
                return exp(-omega * u) * (1 + (omega - v) * u)
            }
            let wd = omega * (1 - z * z).squareRoot()
            return exp(-z * omega * u) * (cos(wd * u) + (z * omega - v) / wd * sin(wd * u))
        }
        return 1 - d(u) + u * d(1)
    }
}

/// Timing of an animate block (rh_timing_t).
public struct Timing: Equatable, Sendable {
    public var duration: Double
    public var delay: Double
    public var curve: TimingCurve
    /// ABI 1.5 (rh.spring/1): a physical spring in place of `curve`, in real time.
    public var spring: Spring?

    public init(duration: Double, delay: Double = 0, curve: TimingCurve = .easeInOut, spring: Spring? = nil) {
        self.duration = duration
        self.delay = delay
        self.curve = curve
        self.spring = spring
    }

    /// The shortest animation the engine tweens (RH_MIN_DURATION): shorter
    /// blocks apply at once, shorter key-path animations are refused. A tween
    /// of 5e-324 s only divides by nearly nothing and ends where it starts.
    public static let minimumDuration = 0.001

    /// A duration in (0, minimumDuration) becomes 0 (the changes apply at once);
    /// anything else is unchanged.
    public var bounded: Timing {
        var t = self
        if duration > 0 && duration < Timing.minimumDuration { t.duration = 0 }
        return t
    }

    /// Why this timing would be refused, or nil when it is valid.
    public var validationError: LayerError? {
        if !(duration.isFinite && duration >= 0 && duration <= 3600) {
            return .invalidTiming("duration \(duration) is not in [0, 3600]")
        }
        if !(delay.isFinite && delay >= 0 && delay <= 3600) {
            return .invalidTiming("delay \(delay) is not in [0, 3600]")
        }
        if case let .spring(damping, velocity) = curve {
            if !(damping.isFinite && damping > 0 && damping <= 1) {
                return .invalidTiming("spring damping \(damping) is not in (0, 1]")
            }
            if !(velocity.isFinite && velocity >= -100 && velocity <= 100) {
                return .invalidTiming("spring velocity \(velocity) is not in [-100, 100]")
            }
        }
        if let problem = curve.problem { return .invalidTiming(problem) }
        if let problem = spring?.problem { return .invalidTiming(problem) }
        return nil
    }
}
