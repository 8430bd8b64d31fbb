import Foundation
import RefreshDiscovery
import RefreshHostABI
import RefreshHostController
import RefreshLayers
import Testing

@testable import RefreshPluginRuntime

/// rh.effects/1's table called directly, as a careless plugin would: every
/// bad call gets its status and one log line and changes nothing; the core's
/// functions still refuse the effects' ids; blocks and animations move a blur.
@Suite struct EffectsServiceTests {
    typealias Fixture = HostTableTests.Fixture

    func effects(_ f: Fixture) throws -> rh_effects_ext_t {
        let table = try #require(f.h.get_extension!(f.host, RH_EXT_EFFECTS))
        return table.assumingMemoryBound(to: rh_effects_ext_t.self).pointee
    }

    let blur = rh_effect_property_t(RH_EFFECT_BLUR_RADIUS)
    let composite = rh_effect_property_t(RH_EFFECT_COMPOSITE)

    @Test("set and get: the model value, the presentation value, and the snapshot's effects")
    func setAndGet() throws {
        let f = try Fixture()
        let e = try effects(f)
        let layer = f.h.layer_create!(f.host, rh_layer_kind_t(RH_LAYER_GROUP), f.context.root)
        #expect(e.set!(f.host, layer, blur, 12.5) == RH_OK)
        #expect(e.set!(f.host, layer, composite, Double(RH_COMPOSITE_XOR)) == RH_OK)
        var out = -1.0
        #expect(e.get!(f.host, layer, blur, false, &out) == RH_OK && out == 12.5)
        #expect(e.get!(f.host, layer, composite, true, &out) == RH_OK && out == Double(RH_COMPOSITE_XOR))
        let snap = try #require(f.tree.snapshot(root: f.context.root).first { $0.id == layer })
        #expect(snap.effects == LayerEffects(blurRadius: 12.5, composite: .xor))
        #expect(f.log.entries(of: .misuse).isEmpty)
    }

    @Test("NaN, infinite, negative and huge radii, unknown operators and properties, NULL out: refused, nothing changed")
    func hostileValues() throws {
        let f = try Fixture()
        let e = try effects(f)
        let layer = f.h.layer_create!(f.host, rh_layer_kind_t(RH_LAYER_RECT), f.context.root)
        #expect(e.set!(f.host, layer, blur, 4) == RH_OK)
        let outOfRange = rh_status_t(RH_ERR_OUT_OF_RANGE), invalid = rh_status_t(RH_ERR_INVALID_ARGUMENT)
        for v in [Double.nan, .infinity, -.infinity, -1, RH_EFFECTS_MAX_BLUR_RADIUS + 0.001, 1e300] {
            #expect(e.set!(f.host, layer, blur, v) == outOfRange, "radius \(v)")
        }
        for v in [-1.0, 5, 2.5, .nan, 1e9] {
            #expect(e.set!(f.host, layer, composite, v) == outOfRange, "operator \(v)")
        }
        #expect(e.set!(f.host, layer, 258, 1) == invalid, "unknown effect property")
        #expect(e.set!(f.host, layer, rh_effect_property_t(RH_PROP_OPACITY), 0.5) == invalid, "a core property")
        #expect(e.get!(f.host, layer, blur, false, nil) == invalid)
        // The core's functions do not take the effects' ids, nor the engine's slots behind them.
        for p in [rh_property_t(RH_EFFECT_BLUR_RADIUS), 33, 34] {
            #expect(f.h.layer_set!(f.host, layer, p, 1) == invalid, "layer_set property \(p)")
        }
        var out = -1.0
        #expect(e.get!(f.host, layer, blur, false, &out) == RH_OK && out == 4, "nothing refused changed the blur")
        #expect(e.get!(f.host, layer, composite, false, &out) == RH_OK && out == 0)
        #expect(f.log.entries(of: .misuse).count == 17, "one line a refused call: \(f.log.entries(of: .misuse))")
        #expect(f.log.entries(of: .misuse).contains { $0.message.hasPrefix("effects.set: effects.blurRadius = nan is out of range") })
    }

    @Test("a layer that is gone, another instance's, calls after destroy and from another thread are refused")
    func staleAndForeign() throws {
        let f = try Fixture()
        let e = try effects(f)
        let layer = f.h.layer_create!(f.host, rh_layer_kind_t(RH_LAYER_RECT), f.context.root)
        #expect(f.h.layer_remove!(f.host, layer) == RH_OK)
        #expect(e.set!(f.host, layer, blur, 2) == rh_status_t(RH_ERR_INVALID_LAYER), "removed")
        #expect(e.set!(f.host, f.other.root, blur, 2) == rh_status_t(RH_ERR_INVALID_LAYER), "another instance's")
        #expect(e.set!(f.host, 0, blur, 2) == rh_status_t(RH_ERR_INVALID_LAYER))
        let live = f.h.layer_create!(f.host, rh_layer_kind_t(RH_LAYER_RECT), f.context.root)
        nonisolated(unsafe) let host = f.host
        nonisolated(unsafe) var fromThread: rh_status_t = 0
        let set = e.set, done = DispatchSemaphore(value: 0)
        Thread { fromThread = set!(host, live, rh_effect_property_t(RH_EFFECT_BLUR_RADIUS), 3); done.signal() }.start()
        done.wait()
        #expect(fromThread == rh_status_t(RH_ERR_WRONG_THREAD))
        f.context.destroyed = true
        var out = 0.0
        #expect(e.set!(f.host, live, blur, 2) == rh_status_t(RH_ERR_BAD_STATE))
        #expect(e.get!(f.host, live, blur, false, &out) == rh_status_t(RH_ERR_BAD_STATE))
        var a = rh_basic_animation_t()
        a.struct_size = UInt32(MemoryLayout<rh_basic_animation_t>.size)
        a.property = rh_property_t(RH_EFFECT_BLUR_RADIUS)
        a.to = 4
        a.duration = 1
        #expect(e.layer_add_animation!(f.host, live, &a, nil, nil) == rh_status_t(RH_ERR_BAD_STATE))
        #expect(f.h.get_extension!(f.host, RH_EXT_EFFECTS) == nil, "no table after destroy")
        #expect(try f.tree.value(.blurRadius, of: live) == 0)
    }

    @Test("a blur tweens in an animate block and with key-path and keyframe animations; an operator snaps; colours are refused")
    func animations() throws {
        let f = try Fixture()
        let e = try effects(f)
        let layer = f.h.layer_create!(f.host, rh_layer_kind_t(RH_LAYER_RECT), f.context.root)
        var timing = rh_timing_t()
        timing.struct_size = UInt32(MemoryLayout<rh_timing_t>.size)
        timing.duration = 1
        timing.curve = rh_curve_t(RH_CURVE_LINEAR)
        #expect(f.h.animate_begin!(f.host, &timing) == RH_OK)
        #expect(e.set!(f.host, layer, blur, 10) == RH_OK)
        #expect(f.h.animate_commit!(f.host, nil, nil) == RH_OK)
        f.tree.timeline.advance(to: 0.5)
        var out = 0.0
        #expect(e.get!(f.host, layer, blur, true, &out) == RH_OK && abs(out - 5) < 1e-9, "half way: \(out)")
        #expect(e.get!(f.host, layer, blur, false, &out) == RH_OK && out == 10)

        var a = rh_basic_animation_t()
        a.struct_size = UInt32(MemoryLayout<rh_basic_animation_t>.size)
        a.property = rh_property_t(RH_EFFECT_BLUR_RADIUS)
        a.from = 0
        a.to = 20
        a.duration = 2
        a.curve = rh_curve_t(RH_CURVE_LINEAR)
        #expect(e.layer_add_animation!(f.host, layer, &a, nil, nil) == RH_OK)
        f.tree.timeline.advance(to: 1.5)
        #expect(e.get!(f.host, layer, blur, true, &out) == RH_OK && abs(out - 10) < 1e-9, "\(out)")
        a.to = .nan
        #expect(e.layer_add_animation!(f.host, layer, &a, nil, nil) == rh_status_t(RH_ERR_OUT_OF_RANGE))
        a.to = 1
        a.property = rh_property_t(RH_PROP_OPACITY)
        #expect(e.layer_add_animation!(f.host, layer, &a, nil, nil) == rh_status_t(RH_ERR_INVALID_ARGUMENT))

        var values: [Double] = [0, 4, 0]
        let status = values.withUnsafeMutableBufferPointer { buffer -> rh_status_t in
            var k = rh_keyframe_animation_t()
            k.struct_size = UInt32(MemoryLayout<rh_keyframe_animation_t>.size)
            k.kind = rh_value_kind_t(RH_VALUE_NUMBER)
            k.property = rh_property_t(RH_EFFECT_COMPOSITE)
            k.count = 3
            k.numbers = UnsafePointer(buffer.baseAddress)
            k.duration = 1
            let ok = e.layer_add_keyframe_animation!(f.host, layer, &k, nil, nil)
            k.kind = rh_value_kind_t(RH_VALUE_COLOR)
            let colour = e.layer_add_keyframe_animation!(f.host, layer, &k, nil, nil)
            return ok == RH_OK && colour == rh_status_t(RH_ERR_INVALID_ARGUMENT) ? rh_status_t(RH_OK) : -99
        }
        #expect(status == rh_status_t(RH_OK))
        f.tree.timeline.advance(to: 2.0)
        #expect(e.get!(f.host, layer, composite, true, &out) == RH_OK && out == Double(RH_COMPOSITE_XOR), "snaps: \(out)")
    }
}

/// rh.effects/1 from a C plugin through the real loader, dispatcher and
/// controller (Tests/Fixtures/effects_calls.c): what it asks is drawn, every
/// hostile call is refused with its status and one line, and each call is in
/// the trace with its arguments and status.
@Suite struct EffectsFixtureTests {
    @Test("a C plugin's effects: statuses, nothing refused changed, the ring in the snapshot, the calls traced")
    func fromC() throws {
        let dir = TemporaryDirectory()
        _ = try Fixture.build("effects_calls", into: dir.path)
        let s = try Session("test.fixture.effects_calls", directories: [SearchDirectory(dir.path, .option)])
        defer { s.close(); dir.remove() }
        #expect(s.log.statuses == [
            "hole out": 0, "group blur": 0,
            "blur NaN": -3, "blur inf": -3, "blur -1": -3, "blur huge": -3,
            "operator 5": -3, "operator -1": -3, "operator 1.5": -3, "property 999": -2, "core property": -2,
            "get NULL": -2, "removed layer": -1, "removed layer get": -1, "colour keyframes": -2,
            "animation to NaN": -3, "core layer_set of an effect": -2,
        ])
        let lines = s.log.entries(of: .plugin).map(\.message)
        #expect(lines.contains("blur after: 4") && lines.contains("operator after: 2"))
        #expect(s.log.entries(of: .misuse).count == 15, "one line a refused call: \(s.log.entries(of: .misuse))")
        let effects = s.snapshot().map(\.effects)
        #expect(effects.contains(LayerEffects(blurRadius: 4)) && effects.contains(LayerEffects(composite: .out)))
        let traced = s.calls.flatMap(\.record.services.shown).filter { $0.service.hasPrefix("effects.") }
        // The trace names the effect properties (RH_EFFECT_BLUR_RADIUS is 256) as it names the core's.
        #expect(traced.contains { $0.service == "effects.set" && $0.arguments.hasSuffix(", effects.blurRadius, 4.0") && $0.result == "RH_OK" },
                "\(traced)")
        #expect(traced.contains { $0.service == "effects.set" && $0.arguments.hasSuffix(", effects.blurRadius, nan") && $0.result == "RH_ERR_OUT_OF_RANGE" })
        #expect(traced.contains { $0.service == "effects.set" && $0.arguments.contains(", effects.compositeOperator, ") }, "\(traced)")
        #expect(traced.contains { $0.service == "effects.set" && $0.arguments.contains(", effect property 999, ") }, "\(traced)")
    }
}
