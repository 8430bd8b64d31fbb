import RefreshHostController
import RefreshLayers
import Testing

/// WaterDrop (C, ABI 1.2): a drop stretched by scales while pulling, snapped
/// round by a path morph on release, whose arrow becomes a spinner.
@Suite struct WaterDropTests {
    struct Parts {
        var drop: LayerSnapshot
        var neck: LayerSnapshot
        var bottom: LayerSnapshot
        var top: LayerSnapshot
        var body: LayerSnapshot
        var icon: LayerSnapshot
        var arc: LayerSnapshot
        var head: LayerSnapshot
    }

    /// The layers in creation order: neck, bottom, top, body, icon (arc, head).
    func parts(_ s: Session) throws -> Parts {
        let layers = s.snapshot()
        let drop = try #require(layers.children(of: s.controller.root).first)
        let c = layers.children(of: drop.id)
        try #require(c.count == 5)
        let icon = layers.children(of: c[4].id)
        try #require(icon.count == 2)
        return Parts(drop: drop, neck: c[0], bottom: c[1], top: c[2], body: c[3], icon: c[4], arc: icon[0], head: icon[1])
    }

    func hasKeyframes(_ s: Session) -> Bool {
        !s.log.entries.contains { $0.message.contains("no layer_add_keyframe_animation") }
    }

    @Test("after setup: a round grey drop hangs 30 pt down, radially lit and shadowed; the morphing body hidden; the arrow's arc 0.05 to 0.85")
    func setup() throws {
        let s = try Session("waterdrop", width: 375)
        defer { s.close() }
        #expect(s.controller.metrics.height == 100)
        #expect(s.controller.metrics.presentation == .background && s.controller.metrics.anchor == .top)
        let p = try parts(s)
        #expect(p.drop.kind == .group && p.drop[.positionX] == 187.5 && p.drop[.positionY] == 30)
        #expect(close(p.drop[.shadowOpacity], 0.6) && p.drop[.shadowRadius] == 1)
        #expect(p.drop[.shadowOffsetX] == 0.5 && p.drop[.shadowOffsetY] == 1 && p.drop.shadow == RGBA(0, 0, 0, 1))
        #expect(p.top.kind == .ellipse && p.bottom.kind == .ellipse && p.neck.kind == .path && p.body.kind == .path)
        let grey = RGBA.hex("#888888")
        #expect(p.top.gradient?.kind == .radial && p.body.gradient?.kind == .radial)
        #expect(p.top.gradient?.stops.last?.color.isClose(to: grey, 1e-9) == true)
        #expect(p.neck.fill.isClose(to: grey, 1e-9) && p.bottom.fill.isClose(to: grey, 1e-9))
        #expect(p.body[.hidden] == 1 && p.top[.hidden] == 0 && p.neck[.scaleY] == 0)
        // The body's model path: a circle of radius 20 about (20, 20), as 8 elements.
        #expect(p.body.path.count == 8 && p.body.path.first == .moveTo(x: 0, y: 20) && p.body.path.last == .close)
        #expect(p.arc[.strokeStart] == 0.05 && p.arc[.strokeEnd] == 0.85 && p.arc.stroke == .white)
        #expect(p.head.fill == .white && p.head.path.count == 4 && p.head[.hidden] == 0)
        #expect(s.log.entries(of: .misuse).isEmpty)
    }

    @Test("the pull: round until 60 pt, then over the last 40 pt the top shrinks to 15, the bottom to 4 and slides 40 down")
    func pull() throws {
        let s = try Session("waterdrop")
        defer { s.close() }
        s.pull(to: 50)
        var p = try parts(s)
        #expect(p.top[.scaleX] == 1 && p.bottom[.scaleX] == 1 && p.neck[.scaleY] == 0 && p.bottom[.positionY] == 20)
        s.pull(to: 80) // half stretched
        p = try parts(s)
        #expect(close(p.top[.scaleX], 17.5 / 20, 1e-4) && close(p.icon[.scaleX], 17.5 / 20, 1e-4))
        #expect(close(p.bottom[.scaleX], 12.0 / 20, 1e-4) && close(p.bottom[.positionY], 40, 1e-3))
        #expect(close(p.neck[.scaleX], 17.5 / 15, 1e-4) && close(p.neck[.scaleY], 0.5, 1e-4))
        s.pull(to: 130)
        p = try parts(s)
        #expect(close(p.top[.scaleX], 0.75, 1e-9) && close(p.bottom[.scaleX], 0.2, 1e-9))
        #expect(p.bottom[.positionY] == 60 && p.neck[.scaleY] == 1 && close(p.neck[.scaleX], 1, 1e-9))
    }

    @Test("the release snaps the drop round in 180 ms, down to the header's middle; the head folds away; the arc turns once a second")
    func snapAndSpin() throws {
        let s = try Session("waterdrop")
        defer { s.close() }
        Gesture().schedule(on: s.controller)
        s.advance(to: 0.6)
        let start = try #require(s.time(of: \.isDidStartCycle))
        var p = try parts(s)
        #expect(p.body[.hidden] == 0 && p.top[.hidden] == 1 && p.neck[.hidden] == 1 && p.bottom[.hidden] == 1)
        if hasKeyframes(s) {
            s.advance(to: start + 0.09)
            p = try parts(s)
            #expect(p.head[.hidden] == 0, "the head shows while it folds")
        }
        s.advance(to: start + 0.18)
        p = try parts(s)
        #expect(p.drop[.positionY] == 50 && p.icon[.scaleX] == 1 && p.head[.hidden] == 1)
        for x in [0.25, 0.5, 1.25] {
            s.advance(to: start + x)
            #expect(close(try parts(s).arc[.rotation], 2 * Double.pi * x.truncatingRemainder(dividingBy: 1), 1e-6))
        }
        #expect(s.log.entries(of: .misuse).isEmpty)
    }

    @Test("the exit shrinks and fades the drop in 0.25 s and calls done; reset restores the after-setup tree")
    func exitAndReset() throws {
        let s = try Session("waterdrop")
        defer { s.close() }
        let initial = s.snapshot()
        let gesture = Gesture()
        gesture.schedule(on: s.controller)
        s.advance(to: 3.6) // three 1 s cycles: the end at 3.1 waits for the third
        #expect(s.time(of: { $0 == .exitStarted }) == 3.6)
        s.advance(to: 3.85)
        let p = try parts(s)
        #expect(p.drop[.scaleX] == 0 && p.drop[.opacity] == 0)
        let done = s.events.compactMap { if case let .exitDone(after) = $0.event { after } else { nil } }
        #expect(done.count == 1 && close(done[0], 0.25, 1e-9), "\(done)")
        s.run(gesture)
        #expect(s.controller.state == .idle)
        #expect(s.snapshot() == initial)
        #expect(s.log.entries(of: .misuse).isEmpty)
    }
}
