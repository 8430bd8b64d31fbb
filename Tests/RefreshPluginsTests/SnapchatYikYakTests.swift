import RefreshHostController
import RefreshLayers
import Testing

@Suite struct SnapchatTests {
    static let yellow = RGBA.hex("#FFFC00")
    static let palette = ["#0000FF", "#800080", "#FF0000", "#FF8000", "#FFFF00", "#00FF00", "#00FFFF"].map(RGBA.hex)

    func ghost(_ s: Session) throws -> LayerSnapshot {
        try #require(s.snapshot().first { $0.kind == .path && $0.fill == .white })
    }

    @Test("the ghost grows from 0.4 to 1.0 and fades in with the ratio")
    func pull() throws {
        let s = try Session("snapchat")
        let g0 = try ghost(s)
        #expect(g0[.scaleX] == 0.4 && g0[.opacity] == 0)
        s.pull(to: 35)
        let g1 = try ghost(s)
        #expect(close(g1[.scaleX], 0.7, 1e-9) && close(g1[.opacity], 0.5, 1e-9))
        s.pull(to: 70)
        let g2 = try ghost(s)
        #expect(close(g2[.scaleX], 1, 1e-9) && close(g2[.opacity], 1, 1e-9))
        #expect(try #require(s.snapshot().layer(s.controller.root)).fill.isClose(to: Self.yellow))
        s.close()
    }

    @Test("each cycle changes the background to the next palette colour; reset brings yellow back")
    func cycles() throws {
        let s = try Session("snapchat")
        var gesture = Gesture()
        gesture.refreshDuration = 0.7
        gesture.schedule(on: s.controller)
        for cycle in 1...3 {
            s.advance(to: gesture.releaseTime + 0.3 * Double(cycle))
            let root = try #require(s.snapshot().layer(s.controller.root))
            #expect(root.fill.isClose(to: Self.palette[cycle - 1], 1e-9), "cycle \(cycle): \(root.fill)")
        }
        s.run(gesture)
        #expect(try #require(s.snapshot().layer(s.controller.root)).fill.isClose(to: Self.yellow))
        let g0 = try ghost(s)
        #expect(g0[.scaleX] == 0.4 && g0[.opacity] == 0)
        s.close()
    }

    @Test("the ghost wiggles +10 degrees and back within a cycle")
    func wiggle() throws {
        let s = try Session("snapchat")
        let gesture = Gesture()
        gesture.schedule(on: s.controller)
        s.advance(to: gesture.releaseTime + 0.15)
        #expect(close(try ghost(s)[.rotation], 10 * Double.pi / 180, 1e-6))
        s.advance(to: gesture.releaseTime + 0.3 - 1e-9)
        #expect(abs(try ghost(s)[.rotation]) < 1e-3)
        s.close()
    }
}

@Suite struct YikYakTests {
    func head(_ s: Session) throws -> LayerSnapshot {
        try #require(s.snapshot().first { $0.kind == .group && $0[.width] == 60 })
    }

    @Test("the head turns 2 pi x ratio and grows from 0.5 to 1.0 while pulling")
    func pull() throws {
        let s = try Session("yikyak")
        #expect(try head(s)[.scaleX] == 0.5)
        s.pull(to: 20)
        let h1 = try head(s)
        #expect(close(h1[.rotation], 2 * Double.pi * 0.25, 1e-9) && close(h1[.scaleX], 0.625, 1e-9))
        s.pull(to: 40)
        let h2 = try head(s)
        #expect(close(h2[.rotation], Double.pi, 1e-9) && close(h2[.scaleX], 0.75, 1e-9))
        s.close()
    }

    @Test("each 0.6 s cycle is one full linear turn by a key-path animation; the head settles upright")
    func cycles() throws {
        let s = try Session("yikyak")
        var gesture = Gesture()
        gesture.refreshDuration = 1.0
        gesture.schedule(on: s.controller)
        let release = gesture.releaseTime
        for cycle in 0..<2 {
            for fraction in [0.25, 0.5, 0.75] {
                s.advance(to: release + 0.6 * (Double(cycle) + fraction))
                #expect(close(try head(s)[.rotation], 2 * Double.pi * fraction, 1e-9))
            }
        }
        s.run(gesture)
        #expect(try head(s)[.rotation] == 0)
        #expect(try head(s)[.scaleX] == 0.5)
        s.close()
    }

    @Test("--param spins=2 turns the head twice a cycle; --param background replaces the teal")
    func parameters() throws {
        let s = try Session("yikyak", parameters: ["spins": .number(2), "background": .color(RGBA(0.5, 0.25, 0.75, 1))])
        #expect(s.snapshot()[0].fill == RGBA(0.5, 0.25, 0.75, 1))
        var gesture = Gesture()
        gesture.refreshDuration = 1.0
        gesture.schedule(on: s.controller)
        s.advance(to: gesture.releaseTime + 0.6 * 0.25)
        #expect(close(try head(s)[.rotation], Double.pi, 1e-9), "a quarter cycle is half of two turns")
        s.close()
    }

    @Test("reduce-motion: the head never turns, in the pull, the cycles or a failed ending; it breathes instead")
    func reducedMotion() throws {
        let s = try Session("yikyak", settings: RunSettings(reduceMotion: true))
        var gesture = Gesture()
        gesture.result = RefreshResult(.failure)
        gesture.schedule(on: s.controller)
        var turned = 0.0, faded = 1.0
        while s.now < gesture.endTime + 2 {
            s.advance(to: s.now + 1 / 60)
            let h = try head(s)
            turned = max(turned, abs(h[.rotation]))
            faded = min(faded, h[.opacity])
        }
        #expect(turned == 0)
        #expect(faded < 0.6, "the cycles' opacity dip")
        s.close()
    }
}
