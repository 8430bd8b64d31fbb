import RefreshHostABI

/// A key-path animation, as CABasicAnimation: the property shows
/// `from -> to` over `duration` (repeated and reversed as asked), then the
/// animation is removed and the property shows its model value again. It
/// never changes the model value. Add it with `Layer.add(_:completion:)`;
/// adding another on the same layer and property replaces it.
public struct BasicAnimation: Sendable, Hashable {
    public var property: LayerProperty
    public var from: Double
    public var to: Double
    /// One pass from -> to, > 0.
    public var duration: Double
    public var delay: Double
    /// `.linear`, `.easeIn`, `.easeOut`, `.easeInOut`, `.cubicBezier` or `.steps`.
    public var curve: Curve
    /// Passes; 1 by default, fractional allowed, `.infinity` until removed.
    public var repeatCount: Double
    /// Each pass runs from -> to -> from (twice the duration).
    public var autoreverses: Bool

    public init(_ property: LayerProperty, from: Double, to: Double, duration: Double,
                delay: Double = 0, curve: Curve = .linear, repeatCount: Double = 1,
                autoreverses: Bool = false) {
        self.property = property
        self.from = from
        self.to = to
        self.duration = duration
        self.delay = delay
        self.curve = curve
        self.repeatCount = repeatCount
        self.autoreverses = autoreverses
    }

    var c: rh_basic_animation_t {
        rh_basic_animation_t(
            struct_size: UInt32(MemoryLayout<rh_basic_animation_t>.size),
            property: property.c, from: from, to: to, duration: duration, delay: delay,
            curve: curve.c, repeat_count: repeatCount, autoreverse: autoreverses, function: curve.function)
    }
}
