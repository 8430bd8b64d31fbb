import Testing
@testable import RefreshLayers

/// ABI 1.2's parameterised curves: CSS cubic-bezier() and steps().
struct TimingFunctionTests {
    /// The Bézier point at parameter t of the curve (0,0) (x1,y1) (x2,y2) (1,1).
    static func point(_ t: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> (x: Double, y: Double) {
        let a = 3 * (1 - t) * (1 - t) * t, b = 3 * (1 - t) * t * t, c = t * t * t
        return (a * x1 + b * x2 + c, a * y1 + b * y2 + c)
    }

    @Test("cubic-bezier matches the CSS keywords' published values")
    func cssReferenceValues() {
        // CSS `ease` is cubic-bezier(0.25, 0.1, 0.25, 1); browsers give 0.8024033877 at 50%
        // (Web Animations tests), within their own solver's 1e-9 or so.
        let ease = TimingCurve.cubicBezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1)
        #expect(approx(ease.progress(0.5), 0.8024033877, 1e-6))
        // The named curves are the same control points as CSS ease-in / ease-out / ease-in-out.
        for (named, x1, y1, x2, y2) in [(TimingCurve.easeIn, 0.42, 0.0, 1.0, 1.0), (.easeOut, 0, 0, 0.58, 1),
                                         (.easeInOut, 0.42, 0, 0.58, 1)] {
            let bezier = TimingCurve.cubicBezier(x1: x1, y1: y1, x2: x2, y2: y2)
            for k in 0...20 {
                let u = Double(k) / 20
                #expect(approx(bezier.progress(u), named.progress(u), 1e-12))
            }
        }
        // cubic-bezier(0, 0, 1, 1) is linear.
        let straight = TimingCurve.cubicBezier(x1: 0, y1: 0, x2: 1, y2: 1)
        #expect(approx(straight.progress(0.3), 0.3, 1e-9))
    }

    @Test("overshooting curves follow the Bézier: progress(x(t)) == y(t), below 0 and above 1")
    func overshoot() {
        for (x1, y1, x2, y2) in [(0.68, -0.55, 0.265, 1.55), (0.1, 2.5, 0.9, -1.5), (0.0, 10.0, 1.0, -10.0), (1.0, 0.0, 0.0, 1.0)] {
            let curve = TimingCurve.cubicBezier(x1: x1, y1: y1, x2: x2, y2: y2)
            for k in 1..<50 {
                let (x, y) = Self.point(Double(k) / 50, x1, y1, x2, y2)
                #expect(approx(curve.progress(x), y, 1e-7), "cubic-bezier(\(x1), \(y1), \(x2), \(y2)) at x \(x)")
            }
            #expect(curve.progress(0) == 0)
            #expect(curve.progress(1) == 1)
        }
        let back = TimingCurve.cubicBezier(x1: 0.68, y1: -0.55, x2: 0.265, y2: 1.55)
        #expect(back.progress(0.2) < 0)
        #expect(back.progress(0.8) > 1)
    }

    @Test("steps(n, jump-end) holds the start for the first step; jump-start has jumped at 0")
    func steps() {
        let end = TimingCurve.steps(4, jumpStart: false)
        let start = TimingCurve.steps(4, jumpStart: true)
        let us = [0, 0.1, 0.2499, 0.25, 0.5, 0.74, 0.75, 0.999, 1]
        #expect(us.map(end.progress) == [0, 0, 0, 0.25, 0.5, 0.5, 0.75, 0.75, 1])
        #expect(us.map(start.progress) == [0.25, 0.25, 0.25, 0.5, 0.75, 0.75, 1, 1, 1])
        // Before the start neither has moved; NaN counts as before.
        #expect(end.progress(-0.1) == 0 && start.progress(-0.1) == 0 && start.progress(.nan) == 0)
        #expect(TimingCurve.steps(1, jumpStart: false).progress(0.99) == 0)
        #expect(TimingCurve.steps(1000, jumpStart: false).progress(0.5) == 0.5)
    }

    @Test("parameters outside the header's ranges are refused, naming the value")
    func validation() {
        let bad: [(TimingCurve, String)] = [
            (.cubicBezier(x1: .nan, y1: 0, x2: 1, y2: 1), "x1 = nan"),
            (.cubicBezier(x1: 0, y1: 0, x2: 1.01, y2: 1), "x2 = 1.01"),
            (.cubicBezier(x1: -0.1, y1: 0, x2: 1, y2: 1), "x1 = -0.1"),
            (.cubicBezier(x1: 0, y1: 10.5, x2: 1, y2: 1), "y1 = 10.5"),
            (.cubicBezier(x1: 0, y1: 0, x2: 1, y2: -.infinity), "y2 = -inf"),
            (.steps(0, jumpStart: false), "steps = 0"),
            (.steps(1001, jumpStart: true), "steps = 1001"),
        ]
        for (curve, text) in bad {
            #expect(curve.problem?.contains(text) == true, "\(curve): \(curve.problem ?? "accepted")")
            #expect(Timing(duration: 1, curve: curve).validationError != nil)
            #expect(BasicAnimation(property: .opacity, from: 0, to: 1, duration: 1, curve: curve).validationError != nil)
        }
        for good in [TimingCurve.cubicBezier(x1: 0, y1: -10, x2: 1, y2: 10), .steps(1, jumpStart: true), .steps(1000, jumpStart: false)] {
            #expect(good.problem == nil)
            #expect(BasicAnimation(property: .opacity, from: 0, to: 1, duration: 1, curve: good).validationError == nil)
        }
        #expect(TimingCurve.cubicBezier(x1: 0, y1: 0, x2: 1, y2: 1).abiValue == 6)
        #expect(TimingCurve.steps(2, jumpStart: false).abiValue == 7)
    }

    @Test("a key-path animation and an animate block follow the new curves; an overshoot is clamped to the range")
    func onTheTree() throws {
        let (tree, timeline) = makeTree()
        let l = try tree.createLayer(kind: .rect, parent: nil)
        try tree.addAnimation(BasicAnimation(property: .positionX, from: 0, to: 100, duration: 1, curve: .steps(4, jumpStart: false)),
                              to: l, completion: nil)
        try tree.beginAnimation(Timing(duration: 1, curve: .cubicBezier(x1: 0.68, y1: -0.55, x2: 0.265, y2: 1.55)))
        try tree.set(.opacity, 0, on: l)
        try tree.set(.positionY, 100, on: l)
        try tree.commitAnimation(completion: nil)
        timeline.advance(to: 0.6)
        #expect(try tree.presentationValue(.positionX, of: l) == 50)
        // The block's curve overshoots past 1 near its end: opacity 1 -> 0 goes below 0, clamped.
        let back = TimingCurve.cubicBezier(x1: 0.68, y1: -0.55, x2: 0.265, y2: 1.55)
        timeline.advance(to: 0.8)
        #expect(try tree.presentationValue(.opacity, of: l) == 0, "1 - \(back.progress(0.8)) < 0 is clamped")
        #expect(approx(try tree.presentationValue(.positionY, of: l), 100 * back.progress(0.8), 1e-9))
    }
}
