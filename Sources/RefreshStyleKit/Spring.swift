import RefreshHostABI

/// A physical spring, as CASpringAnimation (rh.spring/1, ABI 1.5): a mass on a
/// spring with a damper, in real time. refresh_host_ext.h has its formula.
public struct Spring: Sendable, Hashable {
    public var mass: Double
    public var stiffness: Double
    public var damping: Double
    /// Whole changes per second toward the end value.
    public var initialVelocity: Double

    /// CASpringAnimation's defaults: it settles in about 1.41 s.
    public init(mass: Double = 1, stiffness: Double = 100, damping: Double = 10, initialVelocity: Double = 0) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.initialVelocity = initialVelocity
    }

    var c: rh_spring_t {
        rh_spring_t(struct_size: UInt32(MemoryLayout<rh_spring_t>.size), mass: mass, stiffness: stiffness,
                    damping: damping, initial_velocity: initialVelocity)
    }
}

extension StyleHost {
    /// The spring's settling duration in seconds; nil when the host refused it
    /// (it logged why) or has no rh.spring/1.
    public func settlingDuration(of spring: Spring) -> Double? {
        guard let ext = extensionTable(RH_EXT_SPRING, as: rh_spring_ext_t.self), let f = ext.pointee.settling_duration
        else { return nil }
        var c = spring.c
        var out = 0.0
        return f(raw, &c, &out) >= 0 ? out : nil
    }

    /// An animate block whose changes move with `spring` for its settling duration.
    /// Without rh.spring/1 (or when the host refuses the spring) the changes apply
    /// at once and `completion` gets false, as `animate` does for a refused block.
    public func animate(spring: Spring, delay: Double = 0, changes: () -> Void, completion: ((Bool) -> Void)? = nil) {
        var c = spring.c
        let opened = extensionTable(RH_EXT_SPRING, as: rh_spring_ext_t.self)?.pointee.animate_begin
            .map { $0(raw, &c, delay) >= 0 } ?? false
        changes()
        guard opened else {
            completion?(false)
            return
        }
        commit(completion)
    }
}

extension Layer {
    /// Adds a key-path animation that moves with `spring` (its curve is ignored; a
    /// duration of 0 is the spring's settling duration). `.badState` without rh.spring/1.
    @discardableResult
    public func add(_ animation: BasicAnimation, spring: Spring, completion: ((Bool) -> Void)? = nil) -> Status {
        guard let f = host.extensionTable(RH_EXT_SPRING, as: rh_spring_ext_t.self)?.pointee.layer_add_animation else {
            completion?(false)
            return .badState
        }
        var a = animation.c
        var s = spring.c
        return host.withCompletion(completion) { f(host.raw, handle, &a, &s, $0, $1) }
    }

    /// Adds a keyframe animation whose every segment moves with `spring`, in the
    /// segment's own time (its curves are ignored). `.badState` without rh.spring/1.
    @discardableResult
    public func add(_ animation: KeyframeAnimation, spring: Spring, completion: ((Bool) -> Void)? = nil) -> Status {
        guard let f = host.extensionTable(RH_EXT_SPRING, as: rh_spring_ext_t.self)?.pointee.layer_add_keyframe_animation
        else {
            completion?(false)
            return .badState
        }
        var s = spring.c
        return withCAnimation(animation, []) { c in host.withCompletion(completion) { f(host.raw, handle, &c, &s, $0, $1) } }
    }
}
