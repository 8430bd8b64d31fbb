import RefreshHostABI

/// The host's services, for one style instance. A thin wrapper over the
/// `rh_host_t` the host handed to `create()`; valid until the instance is
/// destroyed. Every call must come from the host's main thread, which is
/// where the host calls the style.
public struct StyleHost {
    /// The C table, for services the kit does not wrap.
    public let raw: UnsafePointer<rh_host_t>
    /// Identifies the instance, for its pending completions.
    let owner: UInt

    init(raw: UnsafePointer<rh_host_t>, owner: UInt) {
        self.raw = raw
        self.owner = owner
    }

    /// The host's name, for logs.
    public var name: String { raw.pointee.name.map { String(cString: $0) } ?? "" }

    /// The host's version, for logs.
    public var version: String { raw.pointee.version.map { String(cString: $0) } ?? "" }

    /// The host clock, in seconds. Virtual time in deterministic runs: use
    /// it, never the wall clock.
    public var now: Double { raw.pointee.now?(raw) ?? 0 }

    /// Writes one line to the host's log, prefixed with the style's id.
    public func log(_ message: String, level: LogLevel = .info) {
        guard let log = raw.pointee.log else { return }
        message.withCString { log(raw, level.c, $0) }
    }

    /// An extension table of the host by id ("rh.<name>/<n>"), or nil.
    public func extensionTable(id: String) -> UnsafeRawPointer? {
        guard let get = raw.pointee.get_extension else { return nil }
        return id.withCString { get(raw, $0) }
    }

    /// Creates a layer of `kind` as the last child of `parent`, optionally
    /// placed at `frame` (see `Layer.frame`). Nil if the host refused (it
    /// logged why).
    public func makeLayer(_ kind: LayerKind, in parent: Layer, frame: Rect? = nil) -> Layer? {
        let handle = raw.pointee.layer_create?(raw, kind.c, parent.handle) ?? RH_LAYER_NONE
        guard handle != RH_LAYER_NONE else { return nil }
        let layer = Layer(host: self, handle: handle)
        if let frame { layer.frame = frame }
        return layer
    }

    // MARK: Animate blocks

    /// An animate block, as UIView.animate: every layer change made in
    /// `changes` tweens from the value on screen with this timing.
    /// `completion` runs once, with true when the block ran to its end, false
    /// when it was cancelled (or the host refused the block; the changes then
    /// applied at once).
    public func animate(duration: Double, delay: Double = 0, curve: Curve = .easeInOut,
                        changes: () -> Void, completion: ((Bool) -> Void)? = nil) {
        let opened = begin(duration: duration, delay: delay, curve: curve)
        changes()
        guard opened else {
            completion?(false)
            return
        }
        commit(completion)
    }

    /// A keyframe block: inside `changes`, call `keyframe(start:duration:_:)`
    /// for each step.
    public func animateKeyframes(duration: Double, delay: Double = 0,
                                 changes: () -> Void, completion: ((Bool) -> Void)? = nil) {
        animate(duration: duration, delay: delay, curve: .keyframes, changes: changes, completion: completion)
    }

    /// Inside `animateKeyframes`: the changes in `changes` reach their values
    /// between `start` and `start + duration`, fractions of the block.
    public func keyframe(start: Double, duration: Double, _ changes: () -> Void) {
        _ = raw.pointee.animate_keyframe?(raw, start, duration)
        changes()
    }

    /// Opens an animate block by hand (prefer `animate`); returns false if the
    /// host refused it. Close it with `commit`.
    @discardableResult
    public func begin(duration: Double, delay: Double = 0, curve: Curve = .easeInOut) -> Bool {
        let spring = curve.springParameters
        var timing = rh_timing_t(
            struct_size: UInt32(MemoryLayout<rh_timing_t>.size), duration: duration, delay: delay,
            curve: curve.c, spring_damping: spring.damping, spring_velocity: spring.velocity,
            function: curve.function)
        return succeeded(raw.pointee.animate_begin?(raw, &timing))
    }

    /// Closes the innermost animate block opened with `begin`.
    public func commit(_ completion: ((Bool) -> Void)? = nil) {
        guard let commit = raw.pointee.animate_commit else {
            completion?(false)
            return
        }
        guard let completion else {
            _ = commit(raw, nil, nil)
            return
        }
        let user = PendingCompletions.register(owner: owner, completion)
        if commit(raw, PendingCompletions.trampoline, user) < 0 {
            PendingCompletions.take(user)?(false)
        }
    }

    /// Adds a key-path animation (see `Layer.add`).
    func add(_ animation: BasicAnimation, to layer: rh_layer_t, completion: ((Bool) -> Void)?) {
        guard let add = raw.pointee.layer_add_animation else {
            completion?(false)
            return
        }
        var c = animation.c
        guard let completion else {
            _ = add(raw, layer, &c, nil, nil)
            return
        }
        let user = PendingCompletions.register(owner: owner, completion)
        if add(raw, layer, &c, PendingCompletions.trampoline, user) < 0 {
            PendingCompletions.take(user)?(false)
        }
    }
}
