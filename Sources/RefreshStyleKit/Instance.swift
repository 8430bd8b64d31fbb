import RefreshHostABI

/// A style object behind an `rh_instance_t`: the instance's plugin_data
/// holds one retained `Instance`, released by destroy().
final class Instance {
    let style: any RunningStyle
    let host: StyleHost
    /// The last state the host announced, for `Pull.duringRefresh`.
    var state = RefreshState.idle

    private init(style: any RunningStyle, host: StyleHost) {
        self.style = style
        self.host = host
    }

    // nonisolated(unsafe): only create() touches it, and refresh_host.h
    // guarantees the host calls create() on its main thread alone.
    nonisolated(unsafe) private static var lastOwner: UInt = 0

    /// A new instance for `host` of the style `make` builds, or nil if the
    /// host's table is older than the one this kit was built against.
    static func make(_ make: (StyleHost) -> any RunningStyle, wantsTick: Bool, host: UnsafePointer<rh_host_t>)
        -> UnsafePointer<rh_instance_t>?
    {
        guard host.pointee.struct_size >= MemoryLayout<rh_host_t>.size else { return nil }
        lastOwner &+= 1
        let owner = lastOwner
        let styleHost = StyleHost(raw: host, owner: owner)
        let style = make(styleHost)
        let data = Unmanaged.passRetained(Instance(style: style, host: styleHost)).toOpaque()

        let instance = UnsafeMutablePointer<rh_instance_t>.allocate(capacity: 1)
        instance.initialize(to: rh_instance_t(
            struct_size: UInt32(MemoryLayout<rh_instance_t>.size),
            plugin_data: data,
            setup: { instance, root in
                guard let object = instanceObject(of: instance) else { return false }
                return object.style.setup(root: Layer(host: object.host, handle: root))
            },
            destroy: { instance in
                guard let instance, let data = instance.pointee.plugin_data else { return }
                let object = Unmanaged<Instance>.fromOpaque(data)
                // Drops the closures first: they often hold the style.
                PendingCompletions.drop(owner: object.takeUnretainedValue().host.owner)
                object.release()
                UnsafeMutablePointer(mutating: instance).deinitialize(count: 1).deallocate()
            },
            // A 1.3 host calls position instead; an older one never loads the kit's plugins.
            pull: { instance, distance, ratio, velocity in
                instanceStyle(of: instance)?.pull(distance: distance, ratio: ratio, velocity: velocity)
            },
            state_changed: { instance, old, new in
                guard let object = instanceObject(of: instance) else { return }
                object.state = RefreshState(rawValue: new)
                object.style.stateChanged(from: RefreshState(rawValue: old), to: object.state)
            },
            setup_for_cycle: { instance in instanceStyle(of: instance)?.setupForCycle() },
            cycle: { instance in instanceStyle(of: instance)?.cycle() },
            exit: { instance, done in
                let once = DoneOnce(done)
                instanceStyle(of: instance)?.exit(done: once.call)
            },
            reset: { instance in instanceStyle(of: instance)?.reset() },
            tick: wantsTick ? { instance, time, dt in instanceStyle(of: instance)?.tick(time: time, dt: dt) } : nil,
            get_extension: nil,
            position: { instance, pull in
                guard let pull, let object = instanceObject(of: instance) else { return }
                var update = Pull(pull.pointee)
                update.duringRefresh = [.refreshing, .exiting, .resetting].contains(object.state)
                object.style.position(update)
            },
            closed: { instance in instanceStyle(of: instance)?.closed() },
            exit_with_result: { instance, result, done in
                let once = DoneOnce(done)
                instanceStyle(of: instance)?.exit(result: RefreshResult(result), done: once.call)
            }))
        return UnsafePointer(instance)
    }
}

private func instanceObject(of instance: UnsafePointer<rh_instance_t>?) -> Instance? {
    guard let data = instance?.pointee.plugin_data else { return nil }
    return Unmanaged<Instance>.fromOpaque(data).takeUnretainedValue()
}

private func instanceStyle(of instance: UnsafePointer<rh_instance_t>?) -> (any RunningStyle)? {
    instanceObject(of: instance)?.style
}

/// The exit's `done`, callable any number of times but passed on once.
private final class DoneOnce {
    private var done: rh_done_fn?

    init(_ done: rh_done_fn?) {
        self.done = done
    }

    func call() {
        let done = self.done
        self.done = nil
        done?()
    }
}
