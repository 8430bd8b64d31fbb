import Testing
@testable import RefreshLayers

struct BasicAnimationTests {
    @Test func linearFullTurn() throws {
        let (tree, timeline) = makeTree()
        let log = CompletionLog(timeline)
        let l = try tree.createLayer(kind: .path, parent: nil)
        try tree.set(.rotation, 0.1, on: l)
        try tree.addAnimation(
            BasicAnimation(property: .rotation, from: 0, to: 2 * Double.pi, duration: 0.9), to: l,
            completion: log.callback("spin"))
        #expect(try tree.value(.rotation, of: l) == 0.1)  // never touches the model
        #expect(try tree.presentationValue(.rotation, of: l) == 0)
        timeline.advance(to: 0.45)
        #expect(approx(try tree.presentationValue(.rotation, of: l), Double.pi, 1e-12))
        #expect(tree.animationCount == 1)
        timeline.advance(to: 0.9)
        #expect(try tree.presentationValue(.rotation, of: l) == 0.1)
        #expect(log.calls.map(\.time) == [0.9])
        #expect(log.results == [true])
        #expect(tree.animationCount == 0)
    }

    @Test func delayShowsTheUnderlyingValue() throws {
        let (tree, timeline) = makeTree()
        let l = try tree.createLayer(kind: .rect, parent: nil)
        try tree.set(.opacity, 0.8, on: l)
        try tree.addAnimation(BasicAnimation(property: .opacity, from: 0, to: 1, duration: 1, delay: 0.5), to: l, completion: nil)
        timeline.advance(to: 0.4)
        #expect(try tree.presentationValue(.opacity, of: l) == 0.8)
        #expect(tree.animationCount == 1)
        timeline.advance(to: 1.0)
        #expect(approx(try tree.presentationValue(.opacity, of: l), 0.5))
        timeline.advance(to: 1.5)
        #expect(try tree.presentationValue(.opacity, of: l) == 0.8)
        #expect(tree.animationCount == 0)
    }

    @Test func repeatWithAutoreverse() throws {
        let (tree, timeline) = makeTree()
        let log = CompletionLog(timeline)
        let l = try tree.createLayer(kind: .rect, parent: nil)
        let anim = BasicAnimation(property: .positionX, from: 0, to: 100, duration: 1, repeatCount: 2, autoreverses: true)
        #expect(anim.activeDuration == 4)
        try tree.addAnimation(anim, to: l, completion: log.callback("bounce"))
        let expected: [(Double, Double)] = [(0.25, 25), (1, 100), (1.25, 75), (2, 0), (2.5, 50), (3.5, 50)]
        for (t, x) in expected {
            timeline.advance(to: t)
            #expect(approx(try tree.presentationValue(.positionX, of: l), x))
        }
        timeline.advance(to: 4)
        #expect(try tree.presentationValue(.positionX, of: l) == 0)
        #expect(log.calls.map(\.time) == [4])
    }

    @Test func fractionalAndInfiniteRepeat() throws {
        let (tree, timeline) = makeTree()
        let log = CompletionLog(timeline)
        let l = try tree.createLayer(kind: .rect, parent: nil)
        try tree.addAnimation(
            BasicAnimation(property: .width, from: 0, to: 10, duration: 1, repeatCount: 1.5), to: l,
            completion: log.callback("half"))
        try tree.addAnimation(
            BasicAnimation(property: .rotation, from: 0, to: 1, duration: 1, repeatCount: .infinity), to: l,
            completion: log.callback("forever"))
        timeline.advance(to: 1.25)
        #expect(approx(try tree.presentationValue(.width, of: l), 2.5))
        #expect(approx(try tree.presentationValue(.rotation, of: l), 0.25))
        timeline.advance(to: 1000.5)
        #expect(log.tags == ["half"])
        #expect(approx(try tree.presentationValue(.rotation, of: l), 0.5, 1e-9))
        #expect(tree.animationCount == 1)
    }

    @Test func replacementCompletesTheOldOneWithFalse() throws {
        let (tree, timeline) = makeTree()
        let log = CompletionLog(timeline)
        let l = try tree.createLayer(kind: .rect, parent: nil)
        try tree.addAnimation(BasicAnimation(property: .opacity, from: 0, to: 1, duration: 1), to: l, completion: log.callback("old"))
        timeline.advance(to: 0.5)
        try tree.addAnimation(BasicAnimation(property: .opacity, from: 1, to: 0, duration: 1), to: l, completion: log.callback("new"))
        #expect(log.calls.isEmpty)
        #expect(tree.animationCount == 1)
        timeline.advance(to: 0.5)
        #expect(log.tags == ["old"])
        #expect(log.results == [false])
        timeline.advance(to: 2)
        #expect(log.tags == ["old", "new"])
        #expect(log.results == [false, true])
        #expect(log.calls.last?.time == 1.5)
    }

    @Test func removeAnimationsDefersFalse() throws {
        let (tree, timeline) = makeTree()
        let log = CompletionLog(timeline)
        let l = try tree.createLayer(kind: .rect, parent: nil)
        try tree.addAnimation(BasicAnimation(property: .scaleX, from: 1, to: 2, duration: 1), to: l, completion: log.callback("a"))
        try tree.addAnimation(BasicAnimation(property: .scaleY, from: 1, to: 2, duration: 1, repeatCount: .infinity), to: l, completion: log.callback("b"))
        timeline.advance(to: 0.5)
        try tree.removeAnimations(on: l)
        #expect(log.calls.isEmpty)
        #expect(try tree.presentationValue(.scaleX, of: l) == 1)
        timeline.advance(to: 0.6)
        #expect(log.tags == ["a", "b"])
        #expect(log.results == [false, false])
        #expect(log.calls.allSatisfy { $0.time == 0.5 })
    }

    @Test func overridesABlockTrackWhileActive() throws {
        let (tree, timeline) = makeTree()
        let l = try tree.createLayer(kind: .rect, parent: nil)
        try tree.beginAnimation(Timing(duration: 2, curve: .linear))
        try tree.set(.positionX, 200, on: l)
        try tree.commitAnimation(completion: nil)
        try tree.addAnimation(BasicAnimation(property: .positionX, from: -10, to: -10, duration: 1), to: l, completion: nil)
        timeline.advance(to: 0.5)
        #expect(try tree.presentationValue(.positionX, of: l) == -10)
        timeline.advance(to: 1.5)
        #expect(approx(try tree.presentationValue(.positionX, of: l), 150))
    }

    @Test func validation() throws {
        let (tree, timeline) = makeTree()
        let l = try tree.createLayer(kind: .text, parent: nil)
        let bad: [BasicAnimation] = [
            BasicAnimation(property: .hidden, from: 0, to: 1, duration: 1),
            BasicAnimation(property: .clipsToBounds, from: 0, to: 1, duration: 1),
            BasicAnimation(property: .opacity, from: 0, to: 2, duration: 1),
            BasicAnimation(property: .opacity, from: 0, to: 1, duration: 0),
            BasicAnimation(property: .opacity, from: 0, to: 1, duration: 1, delay: -1),
            BasicAnimation(property: .opacity, from: 0, to: 1, duration: 1, repeatCount: -1),
            BasicAnimation(property: .opacity, from: 0, to: 1, duration: 1, repeatCount: .nan),
            BasicAnimation(property: .opacity, from: 0, to: 1, duration: 1, curve: .spring(damping: 1, initialVelocity: 0)),
            BasicAnimation(property: .opacity, from: 0, to: 1, duration: 1, curve: .keyframes),
        ]
        for animation in bad {
            #expect(throws: LayerError.self) { try tree.addAnimation(animation, to: l, completion: { _ in }) }
        }
        #expect(throws: LayerError.outOfRange(.opacity, 2)) {
            try tree.addAnimation(bad[2], to: l, completion: nil)
        }
        #expect(throws: LayerError.unknownLayer(42)) {
            try tree.addAnimation(BasicAnimation(property: .opacity, from: 0, to: 1, duration: 1), to: 42, completion: nil)
        }
        #expect(tree.animationCount == 0)
        #expect(timeline.pendingCount == 0)
    }

    @Test func fontWeightSnapsToTheNearerEnd() throws {
        let (tree, timeline) = makeTree()
        let l = try tree.createLayer(kind: .text, parent: nil)
        try tree.addAnimation(BasicAnimation(property: .fontWeight, from: 0, to: 1, duration: 1), to: l, completion: nil)
        timeline.advance(to: 0.4)
        #expect(try tree.presentationValue(.fontWeight, of: l) == 0)
        timeline.advance(to: 0.6)
        #expect(try tree.presentationValue(.fontWeight, of: l) == 1)
    }
}
