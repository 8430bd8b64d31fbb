import Testing
@testable import RefreshLayers

/// ABI 1.5's rh.timeline/1 in the engine: animations on a scrubbed time show that
/// time's value whatever the clock says and however the time got there.
struct ScrubTests {
    func scene() throws -> (LayerTree, Timeline, ScrubTime, LayerID) {
        let (tree, timeline) = makeTree()
        let scrub = ScrubTime()
        let l = try tree.createLayer(kind: .path, parent: nil)
        try tree.addAnimation(BasicAnimation(property: .positionX, from: 0, to: 200, duration: 1, curve: .easeIn), to: l,
                              completion: nil, scrub: scrub)
        try tree.addKeyframeAnimation(KeyframeAnimation(.colors(.fill, [RGBA(1, 0, 0), RGBA(0, 1, 0), RGBA(0, 0, 1)]),
                                                        keyTimes: [0, 0.3, 1], duration: 1), to: l, completion: nil, scrub: scrub)
        let square: [PathElement] = [.moveTo(x: 0, y: 0), .lineTo(x: 10, y: 0), .lineTo(x: 10, y: 10), .close]
        let big: [PathElement] = [.moveTo(x: 0, y: 0), .lineTo(x: 40, y: 0), .lineTo(x: 40, y: 40), .close]
        try tree.addKeyframeAnimation(KeyframeAnimation(.paths([square, big]), duration: 1, delay: 0.2), to: l,
                                      completion: nil, scrub: scrub)
        return (tree, timeline, scrub, l)
    }

    @Test("the same time gives the same snapshot whichever way it was reached, and whatever the clock")
    func pathIndependent() throws {
        let (a, clockA, scrubA, _) = try scene()
        let (b, clockB, scrubB, _) = try scene()
        // A: straight to 0.4. B: over the end, back to 0, then up, with the clock running.
        scrubA.time = 0.4
        for (t, s) in [(0.1, 0.9), (0.5, 1.7), (1.0, 0.0), (3.0, 0.25), (9.0, 0.4)] {
            clockB.advance(to: t)
            scrubB.time = s
        }
        clockA.advance(to: 0.016)
        #expect(a.snapshot(root: 1) == b.snapshot(root: 1))
        #expect(a.animationCount == 0 && b.animationCount == 0, "a scrubbed pose is not a running animation")
        _ = clockB
    }

    @Test("before its delay an animation shows its first value, past its end its last (not the model's)")
    func ends() throws {
        let (tree, _, scrub, l) = try scene()
        try tree.set(.positionX, 7, on: l)
        scrub.time = -3
        #expect(try tree.presentationValue(.positionX, of: l) == 0)
        scrub.time = 1
        #expect(try tree.presentationValue(.positionX, of: l) == 200)
        #expect(try tree.presentationColor(.fill, of: l) == RGBA(0, 0, 1))
        scrub.time = 50
        #expect(try tree.presentationValue(.positionX, of: l) == 200)
        scrub.time = 0.5
        #expect(abs(try tree.presentationValue(.positionX, of: l) - 200 * TimingCurve.easeIn.progress(0.5)) < 1e-12)
        // Releasing the timeline takes its animations off: the model shows again.
        #expect(tree.removeAnimations(drivenBy: scrub, under: l) == 3)
        #expect(try tree.presentationValue(.positionX, of: l) == 7)
    }

    @Test("a scrubbed animation has no completion, and a clock-driven one replacing it works as before")
    func replaced() throws {
        let (tree, timeline) = makeTree()
        let log = CompletionLog(timeline)
        let scrub = ScrubTime(0.5)
        let l = try tree.createLayer(kind: .rect, parent: nil)
        try tree.addAnimation(BasicAnimation(property: .opacity, from: 0, to: 1, duration: 1), to: l,
                              completion: log.callback("scrubbed"), scrub: scrub)
        timeline.advance(to: 5)
        #expect(log.calls.isEmpty)
        #expect(try tree.presentationValue(.opacity, of: l) == 0.5)
        try tree.addAnimation(BasicAnimation(property: .opacity, from: 1, to: 0, duration: 1), to: l, completion: log.callback("clock"))
        timeline.advance(to: 5.25)
        #expect(abs(try tree.presentationValue(.opacity, of: l) - 0.75) < 1e-12)
        timeline.advance(to: 6)
        #expect(log.results == [true])
    }
}
