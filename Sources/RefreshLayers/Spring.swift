#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A physical spring, as CASpringAnimation (ABI 1.5, rh.spring/1): mass, stiffness,
/// damping and an initial velocity in whole changes per second toward the end.
/// Unlike TimingCurve.spring it runs in real time: it is not fitted to a duration.
public struct Spring: Equatable, Sendable {
    public var mass: Double
    public var stiffness: Double
    public var damping: Double
    public var initialVelocity: Double

    public init(mass: Double = 1, stiffness: Double = 100, damping: Double = 10, initialVelocity: Double = 0) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.initialVelocity = initialVelocity
    }

    /// RH_SPRING_SETTLE_THRESHOLD: the displacement below which the spring has settled.
    public static let settleThreshold = 1e-3
    /// RH_SPRING_MAX_SETTLE, and the header's ranges.
    public static let maxSettle = 3600.0
    public static let maxMass = 1e3, maxStiffness = 1e5, maxDamping = 1e4, maxVelocity = 1e3

    /// Why this spring is refused, nil when it is valid. A non-finite number reads "mass = nan".
    public var problem: String? { problem(settlingDuration: settlingDuration) }

    /// `problem`, given the spring's `settlingDuration` (worked out only when
    /// the parameters are in range), so a caller that needs it too finds it once.
    public func problem(settlingDuration: @autoclosure () -> Double) -> String? {
        for (name, v, limit) in [("mass", mass, Self.maxMass), ("stiffness", stiffness, Self.maxStiffness),
                                 ("damping", damping, Self.maxDamping)] where !(v > 0 && v <= limit) {
            return "spring \(name) = \(v) is out of range (0, \(limit)]"
        }
        if !(abs(initialVelocity) <= Self.maxVelocity) {
            return "spring initial velocity = \(initialVelocity) is out of range [-\(Self.maxVelocity), \(Self.maxVelocity)]"
        }
        if settlingDuration() > Self.maxSettle {
            return "the spring settles after more than \(Int(Self.maxSettle)) s (stiffness \(stiffness), damping \(damping), mass \(mass))"
        }
        return nil
    }

    /// Natural frequency w0 = sqrt(k / m) and damping ratio z = c / (2 sqrt(k m)).
    var omega: Double { (stiffness / mass).squareRoot() }
    var ratio: Double { damping / (2 * (stiffness * mass).squareRoot()) }
    /// |z - 1| below this is treated as critical: the overdamped form divides by r2 - r1.
    static let criticalBand = 1e-6

    /// The displacement from the end value, as a fraction of the change, `t` seconds in:
    /// x(0) = 1, x'(0) = -v (the header's closed forms).
    public func displacement(at t: Double) -> Double {
        let w0 = omega, z = ratio, v = initialVelocity
        if abs(z - 1) < Self.criticalBand { return exp(-w0 * t) * (1 + (w0 - v) * t) }
        if z < 1 {
            let wd = w0 * (1 - z * z).squareRoot()
            return exp(-z * w0 * t) * (cos(wd * t) + (z * w0 - v) / wd * sin(wd * t))
        }
        let (r1, r2, c1, c2) = overdamped
        return c1 * exp(r1 * t) + c2 * exp(r2 * t)
    }

    /// Progress toward the end value `t` seconds in: 1 - displacement; 0 before the start.
    public func progress(at t: Double) -> Double {
        guard t > 0 else { return 0 }  // also NaN
        return 1 - displacement(at: t)
    }

    private var overdamped: (r1: Double, r2: Double, c1: Double, c2: Double) {
        let w0 = omega, z = ratio, root = (z * z - 1).squareRoot()
        let r1 = -w0 * (z - root), r2 = -w0 * (z + root)
        let c2 = (-initialVelocity - r1) / (r2 - r1)
        return (r1, r2, 1 - c2, c2)
    }

    /// A bound on |displacement| from `t` on, falling with t: the envelope.
    func envelope(at t: Double) -> Double {
        let w0 = omega, z = ratio, v = initialVelocity
        if abs(z - 1) < Self.criticalBand { return exp(-w0 * t) * (1 + abs(w0 - v) * t) }
        if z < 1 {
            let wd = w0 * (1 - z * z).squareRoot()
            let a = (z * w0 - v) / wd
            return exp(-z * w0 * t) * (1 + a * a).squareRoot()
        }
        let (r1, r2, c1, c2) = overdamped
        return abs(c1) * exp(r1 * t) + abs(c2) * exp(r2 * t)
    }

    /// CASpringAnimation.settlingDuration: the first t after which |x| stays below the
    /// threshold, from the envelope (bisection: it falls monotonically once past its peak,
    /// which the critical form's 1 + |w0 - v| t puts at most 1 / w0 in). Past maxSettle it
    /// answers .infinity; for a spring with a bad parameter, NaN.
    public var settlingDuration: Double {
        guard mass > 0, stiffness > 0, damping > 0, mass.isFinite, stiffness.isFinite, damping.isFinite,
              initialVelocity.isFinite else { return .nan }
        let limit = Self.maxSettle
        guard envelope(at: limit) <= Self.settleThreshold else { return .infinity }
        var lo = 0.0, hi = limit
        // Start the search past the critical form's peak, so the bound is falling.
        let peak = min(1 / omega, limit)
        if envelope(at: peak) > Self.settleThreshold { lo = peak } else { hi = peak }
        for _ in 0..<100 where hi - lo > 1e-9 {
            let mid = (lo + hi) / 2
            if envelope(at: mid) > Self.settleThreshold { lo = mid } else { hi = mid }
        }
        return hi
    }
}
