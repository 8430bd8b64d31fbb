import Testing
@testable import RefreshLayers

struct KeyframesTests {
    /// Yahoo-style cycle over 1 s: 0-0.4 move out, 0.4-0.7 back to centre, 0.7-1.0 scale up.
    @Test func piecewiseLinearTrack() throws {
        let (tree, timeline) = makeTree()
        let log = CompletionLog(timeline)
        let dot = try tree.createLayer(kind: .ellipse, parent: nil)
        try tree.set(.positionX, 50, on: dot)
        try tree.beginAnimation(Timing(duration: 1, curve: .keyframes))
        try tree.addKeyframe(relativeStart: 0, relativeDuration: 0.4)
        try tree.set(.positionX, 90, on: dot)
        try tree.addKeyframe(relativeStart: 0.4, relativeDuration: 0.3)
        try tree.set(.positionX, 50, on: dot)
        try tree.addKeyframe(relativeStart: 0.7, relativeDuration: 0.3)
        try tree.set(.scaleX, 2, on: dot)
        try tree.commitAnimation(completion: log.callback("cycle"))

        #expect(try tree.value(.positionX, of: dot) == 50)  // the last keyframe's value
        #expect(try tree.value(.scaleX, of: dot) == 2)
        let expected: [(t: Double, x: Double, s: Double)] = [
            (0.0, 50, 1), (0.2, 70, 1), (0.4, 90, 1), (0.55, 70, 1),
            (0.7, 50, 1), (0.85, 50, 1.5), (1.0, 50, 2),
        ]
        for e in expected {
            timeline.advance(to: e.t)
            #expect(approx(try tree.presentationValue(.positionX, of: dot), e.x, 1e-6))
            #expect(approx(try tree.presentationValue(.scaleX, of: dot), e.s, 1e-6))
        }
        #expect(log.calls.map(\.time) == [1.0])
    }

    @Test func holdsBetweenKeyframesAndBeforeTheFirst() throws {
        let (tree, timeline) = makeTree()
        let l = try tree.createLayer(kind: .rect, parent: nil)
        try tree.beginAnimation(Timing(duration: 2, delay: 1, curve: .keyframes))
        try tree.addKeyframe(relativeStart: 0.5, relativeDuration: 0.25)
        try tree.set(.opacity, 0, on: l)
        try tree.addKeyframe(relativeStart: 0.9, relativeDuration: 0.1)
        try tree.set(.opacity, 0.5, on: l)
        try tree.commitAnimation(completion: nil)
        timeline.advance(to: 1.9)  // delay + 0.45 of the block: before the first keyframe
        #expect(try tree.presentationValue(.opacity, of: l) == 1)
        timeline.advance(to: 2.25)
        #expect(approx(try tree.presentationValue(.opacity, of: l), 0.5))
        timeline.advance(to: 2.6)  // between keyframes
        #expect(try tree.presentationValue(.opacity, of: l) == 0)
        timeline.advance(to: 2.9)
        #expect(approx(try tree.presentationValue(.opacity, of: l), 0.25))
        timeline.advance(to: 3)
        #expect(try tree.presentationValue(.opacity, of: l) == 0.5)
    }

    @Test func setWithoutKeyframeSpansTheWholeBlock() throws {
        let (tree, timeline) = makeTree()
        let l = try tree.createLayer(kind: .rect, parent: nil)
        try tree.beginAnimation(Timing(duration: 1, curve: .keyframes))
        try tree.set(.rotation, 4, on: l)
        try tree.commitAnimation(completion: nil)
        timeline.advance(to: 0.25)
        #expect(approx(try tree.presentationValue(.rotation, of: l), 1))
    }

    @Test func keyframesAddedOutOfOrderAreSorted() throws {
        let (tree, timeline) = makeTree()
        let l = try tree.createLayer(kind: .rect, parent: nil)
        try tree.beginAnimation(Timing(duration: 1, curve: .keyframes))
        try tree.addKeyframe(relativeStart: 0.5, relativeDuration: 0.5)
        try tree.set(.positionX, 0, on: l)
        try tree.addKeyframe(relativeStart: 0, relativeDuration: 0.5)
        try tree.set(.positionX, 100, on: l)
        try tree.commitAnimation(completion: nil)
        #expect(try tree.value(.positionX, of: l) == 0)
        timeline.advance(to: 0.5)
        #expect(approx(try tree.presentationValue(.positionX, of: l), 100))
        timeline.advance(to: 0.75)
        #expect(approx(try tree.presentationValue(.positionX, of: l), 50))
    }

    @Test func keyframeValidation() throws {
        let (tree, _) = makeTree()
        #expect(throws: LayerError.notKeyframes) { try tree.addKeyframe(relativeStart: 0, relativeDuration: 1) }
        try tree.beginAnimation(Timing(duration: 1))
        #expect(throws: LayerError.notKeyframes) { try tree.addKeyframe(relativeStart: 0, relativeDuration: 1) }
        try tree.commitAnimation(completion: nil)
        try tree.beginAnimation(Timing(duration: 1, curve: .keyframes))
        #expect(throws: LayerError.self) { try tree.addKeyframe(relativeStart: 0.6, relativeDuration: 0.5) }
        #expect(throws: LayerError.self) { try tree.addKeyframe(relativeStart: -0.1, relativeDuration: 0.5) }
        #expect(throws: LayerError.self) { try tree.addKeyframe(relativeStart: .nan, relativeDuration: 0.5) }
        try tree.addKeyframe(relativeStart: 0.7, relativeDuration: 0.3 + 1e-12)  // within tolerance
        try tree.commitAnimation(completion: nil)
    }

    @Test func keyframesOnDiscreteAndColour() throws {
        let (tree, timeline) = makeTree()
        let l = try tree.createLayer(kind: .rect, parent: nil)
        try tree.beginAnimation(Timing(duration: 1, curve: .keyframes))
        try tree.addKeyframe(relativeStart: 0, relativeDuration: 0.5)
        try tree.set(.hidden, 1, on: l)
        try tree.setColor(.fill, .white, on: l)
        try tree.commitAnimation(completion: nil)
        timeline.advance(to: 0.25)
        #expect(try tree.presentationValue(.hidden, of: l) == 0)
        #expect(approx(try tree.presentationColor(.fill, of: l).a, 0.5))
        timeline.advance(to: 0.5)
        #expect(try tree.presentationValue(.hidden, of: l) == 1)
        #expect(try tree.presentationColor(.fill, of: l) == .white)
    }
}
