import RefreshHostABI
import RefreshLayers
import Testing

@testable import RefreshPluginRuntime

/// The rh_host_t table called directly, the way a careless plugin would:
/// every bad call gets its status and a log line, and changes nothing.
@Suite struct HostTableTests {
    final class Fixture {
        let tree = LayerTree(timeline: Timeline())
        let log = HostLog()
        let context: InstanceContext
        let other: InstanceContext
        var host: UnsafePointer<rh_host_t> { UnsafePointer(context.host) }
        var h: rh_host_t { context.host.pointee }

        init() throws {
            context = InstanceContext(label: "test#1", tree: tree, log: log, dispatcher: PluginDispatcher())
            other = InstanceContext(label: "other#1", tree: tree, log: log, dispatcher: PluginDispatcher())
            context.root = try tree.createLayer(kind: .rect, parent: nil)
            other.root = try tree.createLayer(kind: .rect, parent: nil)
        }
    }

    let invalidLayer = rh_status_t(RH_ERR_INVALID_LAYER)
    let invalidArgument = rh_status_t(RH_ERR_INVALID_ARGUMENT)
    let outOfRange = rh_status_t(RH_ERR_OUT_OF_RANGE)
    let badState = rh_status_t(RH_ERR_BAD_STATE)

    @Test("every function the header declares is in the table: a plugin that calls one unchecked never jumps to NULL")
    func everyServiceIsFilled() throws {
        let f = try Fixture()
        let h = f.h
        #expect(Int(h.struct_size) == MemoryLayout<rh_host_t>.size)
        #expect(h.abi_version.minor == UInt32(RH_ABI_VERSION_MINOR))
        // Everything from get_extension to the end of the table is a function pointer.
        let first = MemoryLayout<rh_host_t>.offset(of: \rh_host_t.get_extension)!
        let raw = UnsafeRawPointer(f.host)
        var empty: [Int] = []
        for offset in stride(from: first, to: MemoryLayout<rh_host_t>.size, by: MemoryLayout<UnsafeRawPointer>.size)
        where raw.load(fromByteOffset: offset, as: UInt.self) == 0 {
            empty.append(offset)
        }
        #expect(empty.isEmpty, "NULL entries at byte offsets \(empty)")
        #expect(MemoryLayout<rh_host_t>.offset(of: \rh_host_t.announce)! + 8 == MemoryLayout<rh_host_t>.size)
    }

    @Test("layers: bad kinds, foreign and stale handles, the root, NULL outputs")
    func layers() throws {
        let f = try Fixture()
        let h = f.h
        let child = h.layer_create!(f.host, rh_layer_kind_t(RH_LAYER_ELLIPSE), f.context.root)
        #expect(child != 0)
        #expect(h.layer_create!(f.host, 99, f.context.root) == 0)
        #expect(h.layer_create!(f.host, rh_layer_kind_t(RH_LAYER_RECT), f.other.root) == 0, "another instance's layer")
        #expect(h.layer_set!(f.host, f.other.root, rh_property_t(RH_PROP_OPACITY), 0.5) == invalidLayer)
        #expect(h.layer_remove!(f.host, f.context.root) == invalidLayer, "the root cannot be removed")
        #expect(h.layer_set!(f.host, child, 77, 1) == invalidArgument, "unknown property")
        #expect(h.layer_set!(f.host, child, rh_property_t(RH_PROP_SCALE), .infinity) == outOfRange)
        #expect(h.layer_set!(f.host, child, rh_property_t(RH_PROP_HIDDEN), 0.5) == outOfRange)
        #expect(h.layer_get!(f.host, child, rh_property_t(RH_PROP_OPACITY), nil) == invalidArgument)
        #expect(h.layer_set_color!(f.host, child, rh_color_property_t(RH_COLOR_FILL), nil) == invalidArgument)
        var bad = rh_color_t(r: 2, g: 0, b: 0, a: 1)
        #expect(h.layer_set_color!(f.host, child, rh_color_property_t(RH_COLOR_FILL), &bad) == outOfRange)
        #expect(h.layer_set_text!(f.host, child, "not a text layer") == invalidArgument)
        #expect(h.layer_set_path!(f.host, child, nil, 3) != 0)

        var good = rh_color_t(r: 0.2, g: 0.4, b: 0.6, a: 1)
        #expect(h.layer_set_color!(f.host, child, rh_color_property_t(RH_COLOR_FILL), &good) == 0)
        var read = rh_color_t()
        #expect(h.layer_get_color!(f.host, child, rh_color_property_t(RH_COLOR_FILL), &read) == 0)
        #expect(read.r == 0.2 && read.g == 0.4 && read.b == 0.6 && read.a == 1)
        #expect(h.layer_set!(f.host, child, rh_property_t(RH_PROP_SCALE), 2) == 0)
        var scale = 0.0
        #expect(h.layer_get!(f.host, child, rh_property_t(RH_PROP_SCALE_Y), &scale) == 0 && scale == 2)

        #expect(h.layer_remove!(f.host, child) == 0)
        #expect(h.layer_set!(f.host, child, rh_property_t(RH_PROP_OPACITY), 1) == invalidLayer, "stale handle")
        #expect(f.tree.layerCount == 2)
        #expect(f.log.entries(of: .misuse).count == 13)
        #expect(f.log.entries(of: .misuse).allSatisfy { $0.source == "test#1" })
    }

    @Test("animate blocks: commit without begin, the host's block is not the plugin's, bad timings")
    func blocks() throws {
        let f = try Fixture()
        let h = f.h
        #expect(h.animate_commit!(f.host, nil, nil) == badState)
        #expect(h.animate_keyframe!(f.host, 0, 0.5) == badState)
        // A block the host opened (the cycle) cannot be closed by the plugin.
        try f.tree.beginAnimation(Timing(duration: 1))
        #expect(h.animate_commit!(f.host, nil, nil) == badState)
        try f.tree.commitAnimation(completion: nil)
        var timing = rh_timing_t(struct_size: 4, duration: 1, delay: 0, curve: 0, spring_damping: 0, spring_velocity: 0, function: rh_timing_function_t())
        #expect(h.animate_begin!(f.host, &timing) == invalidArgument, "struct_size too small")
        timing.struct_size = UInt32(MemoryLayout<rh_timing_t>.size)
        timing.duration = -1
        #expect(h.animate_begin!(f.host, &timing) == outOfRange)
        timing.duration = 1
        timing.curve = rh_curve_t(RH_CURVE_SPRING)
        #expect(h.animate_begin!(f.host, &timing) == outOfRange, "spring damping 0")
        timing.curve = 42
        #expect(h.animate_begin!(f.host, &timing) == invalidArgument)
        #expect(f.tree.openAnimationDepth == 0)
        var anim = rh_basic_animation_t(struct_size: UInt32(MemoryLayout<rh_basic_animation_t>.size),
                                        property: rh_property_t(RH_PROP_ROTATION), from: 0, to: .nan, duration: 1,
                                        delay: 0, curve: 0, repeat_count: 0, autoreverse: false, function: rh_timing_function_t())
        #expect(h.layer_add_animation!(f.host, f.context.root, &anim, nil, nil) == outOfRange)
        anim.to = 1
        anim.curve = rh_curve_t(RH_CURVE_SPRING)
        #expect(h.layer_add_animation!(f.host, f.context.root, &anim, nil, nil) == invalidArgument)
        #expect(f.tree.animationCount == 0)
    }

    @Test("after destroy every service refuses; a block left open is closed by the host")
    func afterDestroyAndUnbalanced() throws {
        let f = try Fixture()
        let h = f.h
        var timing = rh_timing_t(struct_size: UInt32(MemoryLayout<rh_timing_t>.size), duration: 1, delay: 0,
                                 curve: 0, spring_damping: 0, spring_velocity: 0, function: rh_timing_function_t())
        #expect(h.animate_begin!(f.host, &timing) == 0)
        #expect(f.context.openBlocks == 1)
        // What the host does after every call into a plugin.
        let noop: @convention(c) (UnsafeRawPointer?) -> Void = { _ in }
        f.context.invoke(.reset, unsafeBitCast(noop, to: UnsafeRawPointer.self), [.pointer(nil)])
        #expect(f.tree.openAnimationDepth == 0)
        #expect(f.log.entries(of: .host).map(\.message) == ["reset left 1 animate block(s) open; the host committed them"])

        f.context.destroyed = true
        #expect(h.layer_set!(f.host, f.context.root, rh_property_t(RH_PROP_OPACITY), 1) == badState)
        #expect(h.layer_create!(f.host, 0, f.context.root) == 0)
        #expect(h.now!(f.host) == -1)
        #expect(f.log.entries(of: .misuse).map(\.message).first == "layer_set called after destroy; refused")
    }

    @Test("after destroy every extension function refuses too, through tables fetched before it; get_extension answers NULL")
    func extensionsAfterDestroy() throws {
        let f = try Fixture()
        let h = f.h
        func table<T>(_ id: String, _: T.Type) throws -> T {
            try #require(h.get_extension!(f.host, id)).assumingMemoryBound(to: T.self).pointee
        }
        let theme = try table(RH_EXT_THEME, rh_theme_ext_t.self)
        let spring = try table(RH_EXT_SPRING, rh_spring_ext_t.self)
        let compose = try table(RH_EXT_COMPOSE, rh_compose_ext_t.self)
        let timeline = try table(RH_EXT_TIMELINE, rh_timeline_ext_t.self)
        var made: rh_timeline_t = 0
        #expect(timeline.create!(f.host, rh_timeline_source_t(RH_TIMELINE_MANUAL), &made) == 0)

        f.context.destroyed = true
        var bits: UInt32 = 0, settle = 0.0, time = 0.0, fresh: rh_timeline_t = 0
        var s = rh_spring_t(struct_size: UInt32(MemoryLayout<rh_spring_t>.size), mass: 1, stiffness: 100, damping: 10,
                            initial_velocity: 0)
        var anim = rh_basic_animation_t()
        anim.struct_size = UInt32(MemoryLayout<rh_basic_animation_t>.size)
        anim.property = rh_property_t(RH_PROP_OPACITY)
        (anim.from, anim.to, anim.duration) = (0, 1, 1)
        let statuses: [(String, rh_status_t)] = [
            ("theme.given", theme.given!(f.host, &bits)),
            ("spring.settling_duration", spring.settling_duration!(f.host, &s, &settle)),
            ("spring.animate_begin", spring.animate_begin!(f.host, &s, 0)),
            ("spring.layer_add_animation", spring.layer_add_animation!(f.host, f.context.root, &anim, &s, nil, nil)),
            ("compose.layer_add_animation", compose.layer_add_animation!(f.host, f.context.root, &anim,
                                                                         UInt32(RH_COMPOSE_ADDITIVE), nil, nil)),
            ("timeline.create", timeline.create!(f.host, rh_timeline_source_t(RH_TIMELINE_MANUAL), &fresh)),
            ("timeline.set_time", timeline.set_time!(f.host, made, 0.5)),
            ("timeline.get_time", timeline.get_time!(f.host, made, &time)),
            ("timeline.layer_add_animation", timeline.layer_add_animation!(f.host, made, f.context.root, &anim)),
            ("timeline.release", timeline.release!(f.host, made)),
        ]
        for (name, status) in statuses { #expect(status == badState, "\(name) -> \(status)") }
        #expect(h.get_extension!(f.host, RH_EXT_SPRING) == nil)
        #expect(bits == 0 && settle == 0 && time == 0 && fresh == 0, "a refused call writes no output")
        #expect(f.context.openBlocks == 0 && f.tree.animationCount == 0)
        let misuse = f.log.entries(of: .misuse).map(\.message)
        #expect(misuse.count >= statuses.count, "\(misuse)")
        #expect(misuse.contains { $0.contains("called after destroy") }, "\(misuse)")
    }
}
