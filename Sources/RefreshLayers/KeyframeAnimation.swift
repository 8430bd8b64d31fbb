/// A keyframe animation (ABI 1.2), as CAKeyframeAnimation: the value passes
/// through `count` values at `keyTimes` over `duration`, repeated and reversed
/// as asked, then the model value shows again. It never changes the model value.
public struct KeyframeAnimation: Equatable, Sendable {
    /// What it animates, with one value per keyframe.
    public enum Values: Equatable, Sendable {
        /// A numeric property (not the scale alias); snapping properties step.
        case numbers(LayerProperty, [Double])
        case colors(ColorProperty, [RGBA])
        /// A path layer's path: a morph, every path with the same elements in the same order.
        case paths([[PathElement]])
        /// A layer's gradient, stop by stop: every gradient of one kind and stop count.
        case gradients([Gradient])

        public var count: Int {
            switch self {
            case .numbers(_, let v): v.count
            case .colors(_, let v): v.count
            case .paths(let v): v.count
            case .gradients(let v): v.count
            }
        }
    }

    public var values: Values
    /// One per value in [0, 1], non-decreasing, the first 0 and the last 1; nil spaces them evenly.
    public var keyTimes: [Double]?
    /// One per segment (count - 1): linear, ease, cubic-bezier or steps; nil is all linear.
    public var functions: [TimingCurve]?
    /// One pass, in [Timing.minimumDuration, 3600].
    public var duration: Double
    public var delay: Double
    /// Passes; 0 means 1; fractional allowed; .infinity repeats until removed.
    public var repeatCount: Double
    /// Each pass runs forwards then backwards (twice the duration).
    public var autoreverses: Bool
    /// ABI 1.5 (rh.spring/1): every segment moves with this spring in its own real time,
    /// in place of `functions`.
    public var spring: Spring?
    /// ABI 1.5 (rh.compose/1), numbers only: added to what the layer shows without it.
    public var additive = false
    /// ABI 1.5 (rh.compose/1), numbers only: pass n adds n x (last - first value).
    public var cumulative = false

    /// RH_KEYFRAMES_MAX.
    public static let maxCount = 256

    public init(
        _ values: Values, keyTimes: [Double]? = nil, functions: [TimingCurve]? = nil, duration: Double,
        delay: Double = 0, repeatCount: Double = 0, autoreverses: Bool = false
    ) {
        self.values = values
        self.keyTimes = keyTimes
        self.functions = functions
        self.duration = duration
        self.delay = delay
        self.repeatCount = repeatCount
        self.autoreverses = autoreverses
    }

    public var count: Int { values.count }

    /// Time from the first frame to the end, without the delay; .infinity when repeating forever.
    public var activeDuration: Double {
        AnimationPass.activeDuration(duration: duration, repeatCount: repeatCount, autoreverses: autoreverses)
    }

    /// The key time of value `i`.
    func keyTime(_ i: Int) -> Double {
        if let keyTimes { return keyTimes[i] }
        return i == count - 1 ? 1 : Double(i) / Double(count - 1)
    }

    // MARK: - Where in the keyframes

    /// The segment shown `t` seconds after the first frame, and the eased
    /// progress through it. Discrete values hold their keyframe to the next key time.
    func position(atActiveTime t: Double, discrete: Bool, holdingEnd: Bool = false) -> (index: Int, progress: Double) {
        let u = AnimationPass.unitTime(t, duration: duration, autoreverses: autoreverses, holdingEnd: holdingEnd)
        // The last segment whose start is at or before u (binary search: up to 256 keys, every frame).
        var lo = 0, hi = count - 2
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if keyTime(mid) <= u { lo = mid } else { hi = mid - 1 }
        }
        let a = keyTime(lo), b = keyTime(lo + 1)
        let local = b > a ? min(max((u - a) / (b - a), 0), 1) : 1
        if discrete { return (lo, local >= 1 ? 1 : 0) }
        let span = duration * (b - a)
        if let spring { return (lo, local >= 1 ? 1 : spring.progress(at: local * span)) }
        let curve = functions?[lo] ?? .linear
        return (lo, curve.progress(local, duration: span))
    }

    /// The number shown at `t` (numbers only), clamped into the property's range.
    public func number(atActiveTime t: Double, holdingEnd: Bool = false) -> Double? {
        guard case let .numbers(property, _) = values else { return nil }
        return unclampedNumber(atActiveTime: t, holdingEnd: holdingEnd).map(property.clamped)
    }

    /// As number(atActiveTime:) before the clamp (an additive animation is clamped once added).
    public func unclampedNumber(atActiveTime t: Double, holdingEnd: Bool = false) -> Double? {
        guard case let .numbers(property, v) = values else { return nil }
        let (i, p) = position(atActiveTime: t, discrete: property.isDiscrete, holdingEnd: holdingEnd)
        var value = Double.tween(v[i], v[i + 1], p)
        if cumulative && !autoreverses {
            value += (v[v.count - 1] - v[0])
                * AnimationPass.passIndex(t, duration: duration, autoreverses: autoreverses, holdingEnd: holdingEnd)
        }
        return value
    }

    public func color(atActiveTime t: Double, holdingEnd: Bool = false) -> RGBA? {
        guard case let .colors(_, v) = values else { return nil }
        let (i, p) = position(atActiveTime: t, discrete: false, holdingEnd: holdingEnd)
        return RGBA.tween(v[i], v[i + 1], p).clamped
    }

    public func path(atActiveTime t: Double, holdingEnd: Bool = false) -> [PathElement]? {
        guard case let .paths(v) = values else { return nil }
        let (i, p) = position(atActiveTime: t, discrete: false, holdingEnd: holdingEnd)
        return Morph.path(v[i], v[i + 1], p)
    }

    public func gradient(atActiveTime t: Double, holdingEnd: Bool = false) -> Gradient? {
        guard case let .gradients(v) = values else { return nil }
        let (i, p) = position(atActiveTime: t, discrete: false, holdingEnd: holdingEnd)
        return Morph.gradient(v[i], v[i + 1], p)
    }
}

/// Time within a repeating, possibly reversing animation (key-path and keyframe alike).
enum AnimationPass {
    static func activeDuration(duration: Double, repeatCount: Double, autoreverses: Bool) -> Double {
        let passes = repeatCount == 0 ? 1 : repeatCount
        return duration * passes * (autoreverses ? 2 : 1)
    }

    /// Unit time in the current pass for active time `t`: 0 -> 1, and when
    /// autoreversing back to 0 (the reversed half plays its curves backwards, as CA does).
    /// `holdingEnd`: at a pass boundary show the end of the pass that ends there, not
    /// the start of the next (a scrubbed timeline held at or past its end).
    static func unitTime(_ t: Double, duration: Double, autoreverses: Bool, holdingEnd: Bool = false) -> Double {
        let passLength = duration * (autoreverses ? 2 : 1)
        var local = t.truncatingRemainder(dividingBy: passLength)
        if !(local >= 0) { local = 0 }  // also NaN
        if holdingEnd && local == 0 && t > 0 { local = passLength }
        var u = local / duration
        if autoreverses && u > 1 { u = 2 - u }
        return min(max(u, 0), 1)
    }

    /// Which pass (from 0) active time `t` is in, for cumulative animations.
    static func passIndex(_ t: Double, duration: Double, autoreverses: Bool, holdingEnd: Bool = false) -> Double {
        let passLength = duration * (autoreverses ? 2 : 1)
        guard t > 0, passLength > 0 else { return 0 }  // also NaN
        let index = (t / passLength).rounded(.down)
        return holdingEnd && t.truncatingRemainder(dividingBy: passLength) == 0 ? index - 1 : index
    }
}
