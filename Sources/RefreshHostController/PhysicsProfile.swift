import RefreshLayers

/// The numbers and formulas of one `Physics` for one run: how finger travel
/// becomes a shown pull, and how the list moves once no finger holds it.
/// The header's comment on `rh_physics_t` is the specification.
public struct PhysicsProfile: Equatable, Sendable {
    public var physics: Physics
    /// The viewport height: the rubber band's and SmartRefreshLayout's dimension.
    public var viewport: Double
    /// The most the pull shows.
    public var maxPull: Double

    public init(_ physics: Physics, viewport: Double, maxPull: Double) {
        self.physics = physics
        self.viewport = max(viewport, 1)
        self.maxPull = max(maxPull, 1)
    }

    /// How a released list reaches its target.
    public enum Motion: Equatable, Sendable {
        /// A critically damped spring of angular frequency omega (1/s), starting at rest.
        case spring(omega: Double)
        /// A timed curve.
        case timed(duration: Double, curve: Curve)
    }

    public enum Curve: Equatable, Sendable {
        case easeOut, easeInOut
        /// Android's viscous-fluid interpolator (Scroller's, scale 8), normalised so f(1) = 1.
        case viscousFluid

        public func progress(_ u: Double) -> Double {
            let u = min(1, max(0, u))
            switch self {
            case .easeOut: return TimingCurve.easeOut.progress(u)
            case .easeInOut: return TimingCurve.easeInOut.progress(u)
            case .viscousFluid: return Self.viscous(u) / Self.viscous(1)
            }
        }

        private static func viscous(_ u: Double) -> Double {
            let x = u * 8
            if x < 1 { return x - (1 - exp(-x)) }
            let start = 0.36787944117144233  // 1/e: where the first part ends
            return start + (1 - exp(1 - x)) * (1 - start)
        }
    }

    /// The shown pull for `travel` points of finger travel past the edge.
    public func shown(_ travel: Double) -> Double {
        guard travel > 0 else { return 0 }
        let value: Double
        switch physics {
        case .ios: value = rubberBand(travel, dimension: viewport)
        case .material, .androidStretch: value = 0.5 * travel
        case .smart: value = maxPull * (1 - pow(100, -0.5 * travel / viewport))
        }
        return min(value, maxPull)
    }

    /// The finger travel that shows `distance` (the inverse of `shown`, for
    /// scripted gestures); a distance at or past the maximum gives the travel
    /// to just under it.
    public func travel(_ distance: Double) -> Double {
        guard distance > 0 else { return 0 }
        let d = min(distance, maxPull * 0.999)
        switch physics {
        case .ios: return rubberBandInverse(d, dimension: viewport)
        case .material, .androidStretch: return 2 * d
        case .smart: return -2 * viewport * log(1 - d / maxPull) / log(100)
        }
    }

    /// How the list settles after a release: to its resting height, or back to closed.
    public var settle: Motion {
        switch physics {
        case .ios: .spring(omega: 12)
        case .material, .androidStretch: .timed(duration: 0.15, curve: .easeOut)
        case .smart: .timed(duration: 0.3, curve: .viscousFluid)
        }
    }

    /// How the header opens for a programmatic start and closes after a refresh.
    public var inset: Motion {
        switch physics {
        case .ios: .timed(duration: 0.25, curve: .easeInOut)
        case .material, .androidStretch: .timed(duration: 0.2, curve: .easeOut)
        case .smart: .timed(duration: 0.3, curve: .viscousFluid)
        }
    }

    /// Android 12's stretch of the list, as a fraction of its height, for
    /// `travel` points of finger travel; 0 for the other physics.
    public func stretch(_ travel: Double) -> Double {
        guard physics == .androidStretch, travel > 0 else { return 0 }
        let u = travel / viewport
        return 0.016 * u + 0.016 * (1 - exp(-u * M_E / 0.33))
    }

    /// How long a stretch takes to recede once released.
    public static let stretchRecede = 0.4
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
