import RefreshHostController
import RefreshLayers
import Testing

/// JH ColorChange: one background colour per 0.3 s ease-in-out cycle, blue
/// from setup on (the original forgot to set it).
@Suite struct ColorChangeTests {
    static let palette = ["#0000FF", "#800080", "#FF0000", "#FF8000", "#FFFF00", "#00FF00", "#00FFFF"].map(RGBA.hex)

    func fill(_ s: Session) throws -> RGBA { try #require(s.snapshot().layer(s.controller.root)).fill }

    /// How far `c` is from `a` towards `b`, measured on the channel that changes most.
    func progress(_ c: RGBA, from a: RGBA, to b: RGBA) -> Double {
        let channels = [(c.r, a.r, b.r), (c.g, a.g, b.g), (c.b, a.b, b.b)]
        let (v, x, y) = channels.max { abs($0.2 - $0.1) < abs($1.2 - $1.1) }!
        return (v - x) / (y - x)
    }

    @Test("70 pt, blue after setup and while pulling")
    func setup() throws {
        let s = try Session("colorchange")
        #expect(s.animator.metrics.height == 70 && s.animator.metrics.cycleDuration == 0.3)
        #expect(try fill(s).isClose(to: Self.palette[0]))
        s.pull(to: 50)
        #expect(try fill(s).isClose(to: Self.palette[0]))
        s.close()
    }

    @Test("cycle n ends on colour n + 1 of the list, wrapping after cyan; in between, ease-in-out")
    func sequence() throws {
        let s = try Session("colorchange")
        Gesture().schedule(on: s.controller)
        s.advance(to: 0.6)
        let start = try #require(s.time(of: \.isDidStartCycle))
        for n in 1...8 {
            let from = Self.palette[(n - 1) % 7], to = Self.palette[n % 7]
            let begin = start + 0.3 * Double(n - 1)
            s.advance(to: begin + 0.075)
            let quarter = progress(try fill(s), from: from, to: to)
            #expect(quarter > 0.01 && quarter < 0.25, "cycle \(n) at 25%: \(quarter)")
            s.advance(to: begin + 0.15)
            let half = progress(try fill(s), from: from, to: to)
            #expect(abs(half - 0.5) < 0.02, "cycle \(n) at 50%: \(half)")
            s.advance(to: begin + 0.225)
            #expect(progress(try fill(s), from: from, to: to) > 0.75)
            s.advance(to: begin + 0.3)
            let end = try fill(s)
            #expect(end.isClose(to: to, 1e-9), "the end of cycle \(n): \(end)")
        }
        s.close()
    }

    @Test("reset brings blue back, and the next refresh starts the list again")
    func reset() throws {
        let s = try Session("colorchange")
        var gesture = Gesture()
        gesture.refreshDuration = 1.0
        s.run(gesture)
        #expect(s.controller.state == .idle)
        #expect(try fill(s).isClose(to: Self.palette[0]))
        var again = Gesture()
        again.startTime = s.now
        again.schedule(on: s.controller)
        s.advance(to: again.releaseTime + 0.3)
        #expect(try fill(s).isClose(to: Self.palette[1], 1e-9))
        s.close()
    }
}
