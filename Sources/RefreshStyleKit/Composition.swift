import RefreshHostABI

/// Core Animation's additive and cumulative flags (rh.compose/1, ABI 1.5), for
/// animations of numbers that do not snap.
public struct Composition: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The value adds to what the layer shows without the animation.
    public static let additive = Composition(rawValue: RH_COMPOSE_ADDITIVE)
    /// Each repeated pass starts where the last ended: a 1.6-turn spin repeated
    /// for ever keeps turning, with no jump back.
    public static let cumulative = Composition(rawValue: RH_COMPOSE_CUMULATIVE)
}

extension Layer {
    /// Adds a key-path animation with `composition`. `.badState` without rh.compose/1.
    @discardableResult
    public func add(_ animation: BasicAnimation, composing composition: Composition,
                    completion: ((Bool) -> Void)? = nil) -> Status {
        guard let f = host.extensionTable(RH_EXT_COMPOSE, as: rh_compose_ext_t.self)?.pointee.layer_add_animation else {
            completion?(false)
            return .badState
        }
        var a = animation.c
        return host.withCompletion(completion) { f(host.raw, handle, &a, composition.rawValue, $0, $1) }
    }

    /// Adds a keyframe animation of numbers with `composition`. `.badState` without rh.compose/1.
    @discardableResult
    public func add(_ animation: KeyframeAnimation, composing composition: Composition,
                    completion: ((Bool) -> Void)? = nil) -> Status {
        guard let f = host.extensionTable(RH_EXT_COMPOSE, as: rh_compose_ext_t.self)?.pointee.layer_add_keyframe_animation,
              let functions = animation.functions
        else {
            completion?(false)
            return .badState
        }
        return withCAnimation(animation, functions) { c in
            host.withCompletion(completion) { f(host.raw, handle, &c, composition.rawValue, $0, $1) }
        }
    }
}
