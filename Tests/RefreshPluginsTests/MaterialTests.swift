import RefreshHostController
import RefreshLayers
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Material (C, ABI 1.2): Android's circular spinner. The pull trims and
/// turns the arc as SwipeRefreshLayout does; each 1.332 s cycle turns the
/// spinner 216 degrees and the ring 0.21 turn and keyframes the trims; the
/// exit scales the disc to 0 in 150 ms.
@Suite struct MaterialTests {
    static let turn = 2 * Double.pi

    struct Parts {
        var disc: LayerSnapshot
        var spinner: LayerSnapshot
        var ring: LayerSnapshot
    }

    func parts(_ s: Session) throws -> Parts {
        let layers = s.snapshot()
        let disc = try #require(layers.first { $0.kind == .ellipse })
        let spinner = try #require(layers.children(of: disc.id).first { $0.kind == .group })
        let ring = try #require(layers.children(of: spinner.id).first { $0.kind == .path })
        return Parts(disc: disc, spinner: spinner, ring: ring)
    }

    /// The host's table has the keyframe service (it says so at setup when not).
    func hasKeyframes(_ s: Session) -> Bool {
        !s.log.entries.contains { $0.message.contains("no layer_add_keyframe_animation") }
    }

    @Test("after setup: an 80 pt header pinned to the bottom; a 40 pt #FAFAFA disc with CircleImageView's shadow; a faint round-capped ring, not yet drawn")
    func setup() throws {
        let s = try Session("material", width: 375)
        defer { s.close() }
        #expect(s.controller.metrics.height == 80)
        #expect(s.controller.metrics.presentation == .slideDown && s.controller.metrics.anchor == .bottom)
        let p = try parts(s)
        #expect(p.disc[.width] == 40 && p.disc[.positionX] == 187.5 && p.disc[.positionY] == 40)
        #expect(p.disc.fill.isClose(to: .hex("#FAFAFA"), 1e-9))
        #expect(p.disc.shadow == RGBA(0, 0, 0, 1) && close(p.disc[.shadowOpacity], 0x3D / 255.0))
        #expect(p.disc[.shadowRadius] == 3.5 && p.disc[.shadowOffsetY] == 1.75 && p.disc[.shadowOffsetX] == 0)
        // One circle, twice round, radius 7.5 about the disc's centre, from 3 o'clock.
        #expect(p.ring.path == [.arc(cx: 20, cy: 20, radius: 7.5, startAngle: 0, endAngle: 2 * Self.turn)])
        #expect(p.ring[.lineWidth] == 2.5 && p.ring[.lineCap] == 1 && p.ring.fill.a == 0)
        #expect(p.ring.stroke.isClose(to: .hex("#4285F4"), 1e-9))
        #expect(p.ring[.strokeStart] == 0 && p.ring[.strokeEnd] == 0 && close(p.ring[.opacity], 0.3))
        #expect(s.log.entries(of: .misuse).isEmpty)
    }

    @Test("the pull: no arc before 40% of the trigger, then min(0.8, 0.8 * adjusted) of a turn, turned by (-0.25 + 0.4 * adjusted + 2 * tension) / 2")
    func pull() throws {
        let s = try Session("material")
        defer { s.close() }
        s.pull(to: 30)
        var ring = try parts(s).ring
        #expect(ring[.strokeEnd] == 0 && close(ring[.rotation], -0.125 * Self.turn, 1e-3))
        s.pull(to: 56) // ratio 0.7: adjusted 0.5, an arc of 0.4 turn (0.2 of the two-turn path)
        ring = try parts(s).ring
        #expect(close(ring[.strokeEnd], 0.2, 1e-4) && ring[.strokeStart] == 0)
        #expect(close(ring[.rotation], -0.025 * Self.turn, 1e-3))
        #expect(close(ring[.opacity], 0.3), "faint below the trigger")
        s.pull(to: 120) // past the trigger: the full 0.8 turn, and the tension of 40 pt over 80
        ring = try parts(s).ring
        #expect(close(ring[.strokeEnd], 0.4, 1e-9))
        let t = 0.5, tension = (t / 4 - (t / 4) * (t / 4)) * 2
        #expect(close(ring[.rotation], (-0.25 + 0.4 + 2 * tension) * 0.5 * Self.turn, 1e-3))
        s.advance(to: s.now + 0.3)
        #expect(try parts(s).ring[.opacity] == 1, "full alpha 0.3 s after the trigger")
    }

    @Test("each 1.332 s cycle turns the spinner 216 degrees and the ring 0.21 turn, linear; the arc starts every cycle as the pull left it")
    func cycles() throws {
        let s = try Session("material")
        defer { s.close() }
        var gesture = Gesture()
        gesture.refreshDuration = 3.5
        gesture.schedule(on: s.controller)
        s.advance(to: 0.6)
        let start = try #require(s.time(of: \.isDidStartCycle))
        let step = 1.2 * Double.pi, ringStep = 0.21 * Self.turn
        // The release snaps the root to the top with pull(80, 1, 0): the ring at 0.075 turn.
        let r0 = 0.075 * Self.turn
        for cycle in 0..<3 {
            for x in [0.0, 0.25, 0.5, 0.75] {
                s.advance(to: start + 1.332 * (Double(cycle) + x))
                let p = try parts(s)
                let spin = (step * (Double(cycle) + x)).truncatingRemainder(dividingBy: 6 * Double.pi)
                #expect(close(p.spinner[.rotation], spin, 1e-6), "cycle \(cycle + 1) at \(x): \(p.spinner[.rotation])")
                #expect(close(p.ring[.rotation], r0 + ringStep * x, 1e-6), "cycle \(cycle + 1) at \(x)")
                #expect(p.ring[.opacity] == 1)
                if x == 0 {
                    #expect(close(p.ring[.strokeStart], 0, 1e-9) && close(p.ring[.strokeEnd], 0.4, 1e-9))
                } else if x == 0.5 && hasKeyframes(s) {
                    // Half way: shrunk to 0.01 turn, 0.79 turn on.
                    #expect(close(p.ring[.strokeStart], 0.395, 1e-6) && close(p.ring[.strokeEnd], 0.4, 1e-6))
                }
            }
        }
        #expect(s.log.entries(of: .misuse).isEmpty)
    }

    @Test("the colour: blue, then red, yellow, green, one a cycle")
    func colours() throws {
        let s = try Session("material")
        defer { s.close() }
        var gesture = Gesture()
        gesture.refreshDuration = 6
        gesture.schedule(on: s.controller)
        s.advance(to: 0.6)
        let start = try #require(s.time(of: \.isDidStartCycle))
        let scheme = ["#4285F4", "#DB4437", "#F4B400", "#0F9D58"].map(RGBA.hex)
        for cycle in 0..<4 {
            // Mid cycle (time only moves forward, so before the cycle's end): the colour still holds.
            if hasKeyframes(s) {
                s.advance(to: start + 1.332 * (Double(cycle) + 0.5))
                let mid = try parts(s).ring.stroke
                #expect(mid.isClose(to: scheme[cycle % 4], 1e-6), "mid cycle \(cycle + 1): \(mid)")
            }
            // At a cycle's end the ring shows the next colour (keyframed or not).
            s.advance(to: start + 1.332 * Double(cycle + 1) - 1e-9)
            let shown = try parts(s).ring.stroke
            #expect(shown.isClose(to: scheme[(cycle + 1) % 4], 1e-3), "end of cycle \(cycle + 1): \(shown)")
        }
    }

    @Test("the exit scales the disc to 0 over 150 ms and calls done; reset restores the after-setup tree")
    func exitAndReset() throws {
        let s = try Session("material")
        defer { s.close() }
        let initial = s.snapshot()
        let gesture = Gesture()
        gesture.schedule(on: s.controller)
        // Two cycles: the end request at 3.1 waits for the second.
        s.advance(to: 0.6 + 2 * 1.332)
        let exitStart = try #require(s.time(of: { $0 == .exitStarted }))
        #expect(close(exitStart, 0.6 + 2 * 1.332, 1e-9))
        s.advance(to: exitStart + 0.075)
        #expect(close(try parts(s).disc[.scaleX], 0.5, 1e-6))
        s.advance(to: exitStart + 0.15)
        #expect(try parts(s).disc[.scaleX] == 0)
        let done = s.events.compactMap { if case let .exitDone(after) = $0.event { after } else { nil } }
        #expect(done.count == 1 && close(done[0], 0.15, 1e-9), "\(done)")
        s.run(gesture)
        #expect(s.controller.state == .idle)
        #expect(s.snapshot() == initial)
        #expect(s.log.entries(of: .misuse).isEmpty)
    }
}
