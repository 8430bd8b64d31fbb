import RefreshHostABI

/// A keyframe ("layer") animation, as CAKeyframeAnimation (ABI 1.2): the value
/// passes through `values` at `keyTimes` over `duration`, repeated and
/// reversed as asked, then the animation is removed and the model value shows
/// again. It never changes the model value. Add it with
/// `Layer.add(_:completion:)`; it takes the slot of its property, path or
/// gradient (a running key-path or keyframe animation of it completes with
/// false).
///
///     // A spinner's arc grows and shrinks; the curve eases each half.
///     arc.add(KeyframeAnimation(.strokeEnd, [0.05, 0.8, 0.05], curves: [.standard], duration: 1.3,
///                               repeatCount: .infinity))
///
/// A from -> to animation of a colour, a path (a morph) or a gradient is one
/// with two values. Morphs need paths with the same elements in the same
/// order (arcs morph their centre, radius and angles); gradients the same
/// kind and stop count.
public struct KeyframeAnimation: Sendable, Hashable {
    /// What is animated, and through which values (2 to `maxValues`).
    public enum Values: Sendable, Hashable {
        /// A numeric property (not `.scale`: animate scaleX and scaleY).
        /// Snapping ones (lineCap, fillRule, ...) hold each value to the next key time.
        case numbers(LayerProperty, [Double])
        /// A colour property, tweened component by component.
        case colors(ColorProperty, [Color])
        /// A path layer's path, point by point.
        case paths([Path])
        /// A rect's, ellipse's or path's gradient, stop by stop.
        case gradients([Gradient])

        var count: Int {
            switch self {
            case .numbers(_, let v): v.count
            case .colors(_, let v): v.count
            case .paths(let v): v.count
            case .gradients(let v): v.count
            }
        }
    }

    public var values: Values
    /// One time per value in 0...1, non-decreasing, the first 0 and the last
    /// 1; nil spaces the values evenly.
    public var keyTimes: [Double]?
    /// One curve per segment (values - 1); a single curve serves every
    /// segment; empty is linear. Not `.spring` or `.keyframes`.
    public var curves: [Curve]
    /// One pass, > 0.
    public var duration: Double
    public var delay: Double
    /// Passes; 1 by default, fractional allowed, `.infinity` until removed.
    public var repeatCount: Double
    /// Each pass runs forward then back (twice the duration).
    public var autoreverses: Bool

    /// RH_KEYFRAMES_MAX.
    public static let maxValues = Int(RH_KEYFRAMES_MAX)

    public init(_ values: Values, keyTimes: [Double]? = nil, curves: [Curve] = [], duration: Double,
                delay: Double = 0, repeatCount: Double = 1, autoreverses: Bool = false) {
        self.values = values
        self.keyTimes = keyTimes
        self.curves = curves
        self.duration = duration
        self.delay = delay
        self.repeatCount = repeatCount
        self.autoreverses = autoreverses
    }

    /// A numeric property through `values`.
    public init(_ property: LayerProperty, _ values: [Double], keyTimes: [Double]? = nil, curves: [Curve] = [],
                duration: Double, delay: Double = 0, repeatCount: Double = 1, autoreverses: Bool = false) {
        self.init(.numbers(property, values), keyTimes: keyTimes, curves: curves, duration: duration, delay: delay,
                  repeatCount: repeatCount, autoreverses: autoreverses)
    }

    /// A path morph from `from` to `to`.
    public static func morph(from: Path, to: Path, duration: Double, curve: Curve = .linear, delay: Double = 0,
                             repeatCount: Double = 1, autoreverses: Bool = false) -> KeyframeAnimation {
        KeyframeAnimation(.paths([from, to]), curves: [curve], duration: duration, delay: delay,
                          repeatCount: repeatCount, autoreverses: autoreverses)
    }

    /// The per-segment functions as the host reads them (count - 1 of
    /// them, or none), or nil when `curves` has a count the host cannot use.
    var functions: [rh_timing_function_t]? {
        let segments = max(values.count - 1, 0)
        switch curves.count {
        case 0: return []
        case 1: return Array(repeating: curves[0].function, count: segments)
        case segments: return curves.map(\.function)
        default: return nil
        }
    }
}

extension Layer {
    /// Adds a keyframe animation. `completion` runs once: true when it ran to
    /// its end, false when it was replaced, removed or refused. A refusal
    /// (values of different structure, a bad key time, a value out of range)
    /// is also one line in the host's log.
    @discardableResult
    public func add(_ animation: KeyframeAnimation, completion: ((Bool) -> Void)? = nil) -> Status {
        // The host reads exactly one key time per value and one curve per
        // segment: a shorter array would send it past the end, so the kit
        // refuses those itself, and says so as the host would.
        let count = animation.values.count
        guard let functions = animation.functions, animation.keyTimes.map({ $0.count == count }) ?? true else {
            host.log("KeyframeAnimation: \(count) values need \(count) key times and 1 or \(max(count - 1, 0)) curves",
                     level: .error)
            completion?(false)
            return .invalidArgument
        }
        return withCAnimation(animation, functions) { c in
            host.add(&c, to: handle, completion: completion)
        }
    }

    func withCAnimation(_ a: KeyframeAnimation, _ functions: [rh_timing_function_t],
                                _ body: (inout rh_keyframe_animation_t) -> Status) -> Status {
        var c = rh_keyframe_animation_t()
        c.struct_size = UInt32(MemoryLayout<rh_keyframe_animation_t>.size)
        c.count = UInt32(clamping: a.values.count)
        c.duration = a.duration
        c.delay = a.delay
        c.repeat_count = a.repeatCount
        c.autoreverse = a.autoreverses
        return (a.keyTimes ?? []).withUnsafeBufferPointer { times in
            c.key_times = a.keyTimes == nil ? nil : times.baseAddress
            return functions.withUnsafeBufferPointer { fs in
                c.functions = fs.isEmpty ? nil : fs.baseAddress
                switch a.values {
                case .numbers(let property, let numbers):
                    c.kind = rh_value_kind_t(RH_VALUE_NUMBER)
                    c.property = property.c
                    return numbers.withUnsafeBufferPointer { c.numbers = $0.baseAddress; return body(&c) }
                case .colors(let property, let colors):
                    c.kind = rh_value_kind_t(RH_VALUE_COLOR)
                    c.property = Int32(property.c)
                    return colors.map(\.c).withUnsafeBufferPointer { c.colors = $0.baseAddress; return body(&c) }
                case .paths(let paths):
                    c.kind = rh_value_kind_t(RH_VALUE_PATH)
                    let elements = paths.map(\.cElements)
                    return elements.joined().map { $0 }.withUnsafeBufferPointer { all in
                        var start = 0
                        var cPaths: [rh_path_t] = []
                        for path in elements {
                            cPaths.append(rh_path_t(elements: all.baseAddress.map { $0 + start }, count: path.count))
                            start += path.count
                        }
                        return cPaths.withUnsafeBufferPointer { c.paths = $0.baseAddress; return body(&c) }
                    }
                case .gradients(let gradients):
                    c.kind = rh_value_kind_t(RH_VALUE_GRADIENT)
                    return gradients.flatMap(\.cStops).withUnsafeBufferPointer { all in
                        var start = 0
                        var cGradients: [rh_gradient_t] = []
                        for g in gradients {
                            cGradients.append(g.c(stops: all.baseAddress.map { $0 + start }))
                            start += g.stops.count
                        }
                        return cGradients.withUnsafeBufferPointer { c.gradients = $0.baseAddress; return body(&c) }
                    }
                }
            }
        }
    }
}

extension StyleHost {
    /// Adds a keyframe animation (see `Layer.add(_:completion:)`).
    func add(_ animation: inout rh_keyframe_animation_t, to layer: rh_layer_t,
             completion: ((Bool) -> Void)?) -> Status {
        guard let add = raw.pointee.layer_add_keyframe_animation else {
            completion?(false)
            return .badState
        }
        guard let completion else { return Status(add(raw, layer, &animation, nil, nil)) }
        let user = PendingCompletions.register(owner: owner, completion)
        let result = Status(add(raw, layer, &animation, PendingCompletions.trampoline, user))
        if !result.succeeded { PendingCompletions.take(user)?(false) }
        return result
    }
}
