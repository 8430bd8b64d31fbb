import RefreshHostController
import RefreshLayers
import Testing

/// Yalantis' default refresher: a grey activity indicator that grows and
/// turns with the pull, steps round while loading and springs away.
@Suite struct YalantisTests {
    static let grey = RGBA.hex("#808080")

    struct Parts {
        var spinner: LayerSnapshot
        var spokes: [LayerSnapshot]
    }

    func parts(_ s: Session) throws -> Parts {
        let layers = s.snapshot()
        let spinner = try #require(layers.first { $0.kind == .group && $0[.width] == 20 })
        let spokes = layers.children(of: spinner.id)
        try #require(spokes.count == 12)
        return Parts(spinner: spinner, spokes: spokes)
    }

    @Test("12 rounded grey spokes round the centre of a 20 pt indicator, alpha falling from the head; hidden at rest")
    func setup() throws {
        let s = try Session("yalantis", width: 375)
        let p = try parts(s)
        #expect(s.animator.metrics.height == 40)
        #expect(p.spinner[.positionX] == 375.0 / 2 && p.spinner[.positionY] == 20)
        #expect(p.spinner[.hidden] == 1 && p.spinner[.scaleX] == 0)
        var angles: [Double] = []
        for spoke in p.spokes {
            #expect(spoke.kind == .rect && spoke.fill.isClose(to: Self.grey, 0.01))
            #expect(spoke[.cornerRadius] > 0 && spoke[.height] > spoke[.width])
            let dx = spoke[.positionX] - 10, dy = spoke[.positionY] - 10
            #expect(close((dx * dx + dy * dy).squareRoot(), 7.25, 1e-9))
            // Each spoke points away from the centre.
            #expect(close(sin(spoke[.rotation]), dx / 7.25, 1e-9) && close(-cos(spoke[.rotation]), dy / 7.25, 1e-9))
            angles.append(spoke[.rotation])
        }
        for (a, b) in zip(angles, angles.dropFirst()) { #expect(close(a - b, Double.pi / 6, 1e-9)) }
        let alphas = p.spokes.map { $0[.opacity] }
        #expect(alphas.first == 1 && zip(alphas, alphas.dropFirst()).allSatisfy { $0 > $1 } && alphas.last! < 0.5)
        s.close()
    }

    @Test("releasing(p): under 0.1 nothing shows; 0.5 is half size and half a turn; 1 is full size and a turn")
    func pull() throws {
        let s = try Session("yalantis")
        s.pull(to: 2)
        var p = try parts(s)
        #expect(p.spinner[.hidden] == 1 && p.spinner[.scaleX] == 0)
        s.pull(to: 20)
        p = try parts(s)
        #expect(p.spinner[.hidden] == 0)
        #expect(close(p.spinner[.scaleX], 0.5, 1e-6) && close(p.spinner[.scaleY], 0.5, 1e-6))
        #expect(close(p.spinner[.rotation], Double.pi, 1e-6))
        s.pull(to: 40)
        p = try parts(s)
        #expect(close(p.spinner[.scaleX], 1, 1e-6) && close(p.spinner[.rotation], 2 * Double.pi, 1e-6))
        s.close()
    }

    @Test("loading: the indicator steps round, 30 degrees every 1/12 s, a turn per 1 s cycle")
    func spins() throws {
        let s = try Session("yalantis")
        Gesture().schedule(on: s.controller)
        s.advance(to: 0.6)
        let start = try #require(s.time(of: \.isDidStartCycle))
        for cycle in 0..<2 {
            for step in 0..<12 {
                s.advance(to: start + Double(cycle) + (Double(step) + 0.5) / 12)
                let spinner = try parts(s).spinner
                #expect(close(spinner[.rotation], Double(step) * Double.pi / 6, 1e-9), "cycle \(cycle + 1) step \(step)")
                #expect(spinner[.hidden] == 0 && spinner[.scaleX] == 1)
            }
        }
        s.close()
    }

    @Test("a programmatic start shows the indicator at full size")
    func programmatic() throws {
        let s = try Session("yalantis")
        var gesture = Gesture()
        gesture.start = .programmatic
        gesture.schedule(on: s.controller)
        s.advance(to: 0.5)
        let spinner = try parts(s).spinner
        #expect(spinner[.hidden] == 0 && spinner[.scaleX] == 1)
        s.close()
    }

    @Test("the exit springs the indicator up out of the header over 1 s, then done; reset restores setup's layers")
    func exitAndReset() throws {
        let s = try Session("yalantis")
        let initial = s.snapshot().filter { $0.id != s.controller.root }
        let gesture = Gesture()
        gesture.schedule(on: s.controller)
        // The end request at 3.1 lets cycle 3 (2.6 to 3.6) finish.
        s.advance(to: 3.6)
        let exitStart = try #require(s.time(of: { $0 == .exitStarted }))
        #expect(close(exitStart, 3.6, 1e-9))
        s.advance(to: exitStart + 0.2)
        #expect(try parts(s).spinner[.translationY] < -20, "rising")
        #expect(!s.events.contains { $0.event.isExitDone })
        s.advance(to: exitStart + 1)
        let done = try #require(s.events.first { $0.event.isExitDone })
        #expect(close(done.time, exitStart + 1, 1e-9))
        #expect(try #require(s.time(of: { $0 == .didEnd })) == done.time)
        #expect(close(try parts(s).spinner[.translationY], -40, 1e-6))
        s.run(gesture)
        #expect(s.controller.state == .idle)
        #expect(s.snapshot().filter { $0.id != s.controller.root } == initial)
        s.close()
    }
}

#if canImport(Glibc)
import Glibc
#endif
