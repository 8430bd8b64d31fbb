import RefreshHostController
import RefreshPluginRuntime
import RefreshLayers
import Testing

/// Yahoo News Digest: six dots on a rotating group, and the exit animation
/// that ends in a purple flood before calling done.
@Suite struct YahooTests {
    static let dotColours = ["#FF0000", "#FF8000", "#FFFF00", "#00FF00", "#0000FF", "#800080"].map(RGBA.hex)
    static let background = RGBA.hex("#F7F5F5")
    static let purple = RGBA.hex("#800080")

    struct Parts {
        var root: LayerSnapshot
        var group: LayerSnapshot
        var dots: [LayerSnapshot]
    }

    func parts(_ s: Session) throws -> Parts {
        let layers = s.snapshot()
        let root = try #require(layers.layer(s.controller.root))
        let group = try #require(layers.first { $0.kind == .group && $0[.width] == 90 })
        let dots = layers.children(of: group.id)
        try #require(dots.count == 6)
        return Parts(root: root, group: group, dots: dots)
    }

    /// Each dot's distance from the group's centre.
    func radii(_ p: Parts) -> [Double] {
        p.dots.map { (($0[.positionX] - 45) * ($0[.positionX] - 45) + ($0[.positionY] - 45) * ($0[.positionY] - 45)).squareRoot() }
    }

    @Test("six 9 pt dots at radius 20 from pi/2 in steps of pi/3, in the six colours, on #F7F5F5")
    func setup() throws {
        let s = try Session("yahoo", width: 375)
        let p = try parts(s)
        #expect(p.root.fill.isClose(to: Self.background))
        #expect(p.group[.positionX] == 375.0 / 2 && p.group[.positionY] == 45)
        for (i, dot) in p.dots.enumerated() {
            let angle = Double.pi / 2 + Double(i) * Double.pi / 3
            #expect(dot.kind == .ellipse && dot[.width] == 9 && dot[.height] == 9)
            #expect(close(dot[.positionX], 45 + 20 * cos(angle), 1e-9))
            #expect(close(dot[.positionY], 45 + 20 * sin(angle), 1e-9))
            #expect(dot.fill.isClose(to: Self.dotColours[i]), "dot \(i): \(dot.fill)")
        }
        s.close()
    }

    @Test("nothing moves during the pull; the middle anchor centres the header, then it snaps to the top")
    func pullAndAnchor() throws {
        let s = try Session("yahoo")
        let before = try parts(s)
        s.pull(to: 135)
        let after = try parts(s)
        #expect(after.group == before.group && after.dots == before.dots)
        // Past 90 the header is centred in the revealed 135 pt: top at (135 - 90) / 2.
        #expect(close(s.controller.headerY, 22.5, 1e-9))
        s.controller.release()
        let release = s.now
        // Then the snap to the top over 0.25 s.
        s.advance(to: release + 0.125)
        #expect(s.controller.headerY > 0 && s.controller.headerY < 22.5)
        s.advance(to: release + 1)
        #expect(close(s.controller.headerY, 0, 1e-6))
        s.close()
    }

    @Test("each cycle turns the group 0 -> 2 pi, linear")
    func cycleRotation() throws {
        let s = try Session("yahoo")
        let gesture = Gesture()
        gesture.schedule(on: s.controller)
        let release = gesture.releaseTime
        for cycle in 0..<2 {
            for (fraction, expected) in [(0.25, Double.pi / 2), (0.5, Double.pi), (0.75, 1.5 * Double.pi)] {
                s.advance(to: release + 0.9 * (Double(cycle) + fraction))
                #expect(close(try parts(s).group[.rotation], expected, 1e-9), "cycle \(cycle + 1) at \(fraction)")
            }
        }
        s.close()
    }

    @Test("the exit: dots out, then in, then the purple flood; then done, then did-end; reset restores all")
    func exitAnimation() throws {
        let s = try Session("yahoo", width: 375)
        var gesture = Gesture()
        gesture.refreshDuration = 1.0
        gesture.schedule(on: s.controller)
        // Cycles of 0.9 s from 0.6: the end at 1.6 lets cycle 2 finish at 2.4.
        let exitStart = 0.6 + 2 * 0.9
        s.advance(to: exitStart)
        #expect(s.time(of: { $0 == .exitStarted }) == exitStart)

        s.advance(to: exitStart + 0.4)
        let out = radii(try parts(s))
        for (i, r) in out.enumerated() { #expect(close(r, i == 0 || i == 3 ? 35 : 50, 1e-6), "dot \(i) at \(r)") }

        s.advance(to: exitStart + 0.7)
        for r in radii(try parts(s)) { #expect(close(r, 0, 1e-6)) }

        s.advance(to: exitStart + 0.85)
        let flooding = try parts(s).dots[5][.scaleX]
        #expect(flooding > 1)

        s.advance(to: exitStart + 1.0)
        let end = try parts(s)
        // The purple dot covers the whole header: 9 pt scaled past the header's diagonal.
        let diagonal: Double = 2 * (187.5 * 187.5 + 45.0 * 45.0).squareRoot()
        let floodSize: Double = end.dots[5][.scaleX] * 9
        #expect(floodSize >= diagonal)
        #expect(end.root.fill.isClose(to: Self.purple), "header purple at exit end")
        #expect(end.group[.opacity] == 0)
        let done = try #require(s.events.first { $0.event.isExitDone })
        #expect(done.time == exitStart + 1.0)
        #expect(done.event == .exitDone(after: 1.0))
        let didEnd = try #require(s.time(of: { $0 == .didEnd }))
        #expect(didEnd == done.time)
        #expect(s.events.firstIndex { $0.event.isExitDone }! < s.events.firstIndex { $0.event == .didEnd }!)

        s.run(gesture)
        let reset = try parts(s)
        #expect(reset.root.fill.isClose(to: Self.background))
        #expect(reset.group[.opacity] == 1)
        for r in radii(reset) { #expect(close(r, 20, 1e-9)) }
        #expect(reset.dots[5][.scaleX] == 1)
        s.close()
    }
}

#if canImport(Glibc)
import Glibc
#endif
