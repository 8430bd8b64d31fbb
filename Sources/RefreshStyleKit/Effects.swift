import RefreshHostABI

/// How a layer's drawing combines with what its parent drew before it
/// (rh.effects/1, ABI 1.5): Lottie's Merge Paths as operators.
public enum Compositing: Int32, Sendable, Hashable, CaseIterable {
    /// Drawn over: the default (a union).
    case over = 0
    /// Colours summed (a glow).
    case add = 1
    /// Removes what is under it where it covers (subtract).
    case out = 2
    /// Keeps what is under it only where it covers (intersect).
    case intersect = 3
    /// Keeps what only one of the two covers (exclude).
    case xor = 4
}

/// rh.effects/1's properties, for animations.
public enum EffectProperty: Int32, Sendable, Hashable {
    /// Gaussian blur radius in the parent's points (sigma = radius / 2), 0...100.
    case blurRadius = 256
    /// A `Compositing` raw value; snaps.
    case compositing = 257
}

extension Layer {
    /// The effects table, or nil without rh.effects/1.
    private var effects: rh_effects_ext_t? { host.extensionTable(RH_EXT_EFFECTS, as: rh_effects_ext_t.self)?.pointee }

    /// Blurs everything the layer draws (its content, children and shadow) by a
    /// Gaussian of sigma = radius / 2; tweens inside `host.animate`. `.badState`
    /// without rh.effects/1; `.outOfRange` for NaN or a radius outside 0...100.
    @discardableResult
    public func setBlur(radius: Double) -> Status {
        guard let set = effects?.set else { return .badState }
        return Status(set(host.raw, handle, rh_effect_property_t(RH_EFFECT_BLUR_RADIUS), radius))
    }

    /// How the layer combines with what its parent drew before it. `.badState`
    /// without rh.effects/1.
    @discardableResult
    public func setCompositing(_ compositing: Compositing) -> Status {
        guard let set = effects?.set else { return .badState }
        return Status(set(host.raw, handle, rh_effect_property_t(RH_EFFECT_COMPOSITE), Double(compositing.rawValue)))
    }

    /// An effect's model value (or what is on screen, with `presentation`); nil
    /// without rh.effects/1 or when the host refuses.
    public func effect(_ property: EffectProperty, presentation: Bool = false) -> Double? {
        guard let get = effects?.get else { return nil }
        var out = 0.0
        return Status(get(host.raw, handle, property.rawValue, presentation, &out)).succeeded ? out : nil
    }

    /// A key-path animation of an effect, as `add(_:completion:)`'s of a core
    /// property: `from -> to` over `duration`, repeated and reversed as asked.
    /// `.badState` without rh.effects/1.
    @discardableResult
    public func addEffectAnimation(_ property: EffectProperty, from: Double, to: Double, duration: Double,
                                   delay: Double = 0, curve: Curve = .linear, repeatCount: Double = 1,
                                   autoreverses: Bool = false, completion: ((Bool) -> Void)? = nil) -> Status {
        guard let add = effects?.layer_add_animation else {
            completion?(false)
            return .badState
        }
        var a = rh_basic_animation_t(
            struct_size: UInt32(MemoryLayout<rh_basic_animation_t>.size), property: rh_property_t(property.rawValue),
            from: from, to: to, duration: duration, delay: delay, curve: curve.c, repeat_count: repeatCount,
            autoreverse: autoreverses, function: curve.function)
        return host.withCompletion(completion) { add(host.raw, handle, &a, $0, $1) }
    }
}
