/// A key-path animation, as CABasicAnimation: the property shows from -> to over
/// `duration`, repeated and reversed as asked, then the model value again.
/// It never changes the model value.
public struct BasicAnimation: Equatable, Sendable {
    public var property: LayerProperty
    public var from: Double
    public var to: Double
    /// One pass from -> to, in [Timing.minimumDuration, 3600].
    public var duration: Double
    public var delay: Double
    /// linear, easeIn, easeOut, easeInOut, or (ABI 1.2) cubicBezier or steps.
    public var curve: TimingCurve
    /// Passes; 0 means 1; fractional allowed; .infinity repeats until removed.
    public var repeatCount: Double
    /// Each pass runs from -> to -> from (twice the duration).
    public var autoreverses: Bool
    /// ABI 1.5 (rh.spring/1): a physical spring in place of `curve`, in real time.
    public var spring: Spring?
    /// ABI 1.5 (rh.compose/1): the value adds to what the layer shows without it.
    public var additive = false
    /// ABI 1.5 (rh.compose/1): pass n adds n x (to - from), so repeats carry on.
    public var cumulative = false

    public init(
        property: LayerProperty, from: Double, to: Double, duration: Double, delay: Double = 0,
        curve: TimingCurve = .linear, repeatCount: Double = 0, autoreverses: Bool = false
    ) {
        self.property = property
        self.from = from
        self.to = to
        self.duration = duration
        self.delay = delay
        self.curve = curve
        self.repeatCount = repeatCount
        self.autoreverses = autoreverses
    }

    /// Time from the first frame to the end, without the delay; .infinity when repeating forever.
    public var activeDuration: Double {
        AnimationPass.activeDuration(duration: duration, repeatCount: repeatCount, autoreverses: autoreverses)
    }

    /// Why this animation would be refused, or nil. hidden and clipsToBounds are
    /// refused with invalidTiming (the header excludes them: a flag cannot tween).
    public var validationError: LayerError? {
        if property == .hidden || property == .clipsToBounds {
            return .invalidTiming("\(property.name) cannot have a key-path animation")
        }
        if !curve.isBasicCurve {
            return .invalidTiming("key-path animations take linear, ease, cubic-bezier or steps curves only")
        }
        if let problem = curve.problem { return .invalidTiming(problem) }
        if let problem = spring?.problem { return .invalidTiming(problem) }
        if (additive || cumulative) && property.isDiscrete {
            return .invalidTiming("\(property.name) snaps: it cannot be additive or cumulative")
        }
        if !(duration.isFinite && duration >= Timing.minimumDuration && duration <= 3600) {
            return .invalidTiming("duration \(duration) is not in [\(Timing.minimumDuration), 3600]")
        }
        if !(delay.isFinite && delay >= 0 && delay <= 3600) {
            return .invalidTiming("delay \(delay) is not in [0, 3600]")
        }
        if !(repeatCount >= 0) {  // also refuses NaN; +infinity is allowed
            return .invalidTiming("repeat count \(repeatCount) is negative or NaN")
        }
        // Shorter than a millisecond in all, it would end where it starts: a
        // completion that adds it again would loop at one instant.
        if activeDuration < Timing.minimumDuration {
            return .invalidTiming("it lasts \(activeDuration) s in all, less than the \(Timing.minimumDuration) s minimum")
        }
        if !property.accepts(from) { return .outOfRange(property, from) }
        if !property.accepts(to) { return .outOfRange(property, to) }
        return nil
    }

    /// The value shown `t` seconds after the first frame (delay excluded), for
    /// 0 <= t < activeDuration. A reversed half plays the curve backwards, as CA does.
    /// `holdingEnd` (a scrubbed timeline past the end) shows the end of the last pass.
    public func value(atActiveTime t: Double, holdingEnd: Bool = false) -> Double {
        property.clamped(unclampedValue(atActiveTime: t, holdingEnd: holdingEnd))
    }

    /// As value(atActiveTime:) before the clamp into the property's range: an additive
    /// animation is clamped only once added to what is under it.
    public func unclampedValue(atActiveTime t: Double, holdingEnd: Bool = false) -> Double {
        let u = AnimationPass.unitTime(t, duration: duration, autoreverses: autoreverses, holdingEnd: holdingEnd)
        let p = spring.map { $0.progress(at: u * duration) } ?? curve.progress(u, duration: duration)
        var v = from + (to - from) * p
        if cumulative && !autoreverses {
            v += (to - from) * AnimationPass.passIndex(t, duration: duration, autoreverses: autoreverses, holdingEnd: holdingEnd)
        }
        // A flag or enumeration (fontWeight, lineCap): show the nearest whole value.
        return property.isDiscrete ? v.rounded() : v
    }
}
