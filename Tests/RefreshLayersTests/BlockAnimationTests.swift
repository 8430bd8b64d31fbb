import Testing
@testable import RefreshLayers

struct BlockAnimationTests {
    @Test func tweensFromTheOnScreenValue() throws {
        let (tree, timeline) = makeTree()
        let l = try tree.createLayer(kind: .rect, parent: nil)
        try tree.set(.positionX, 10, on: l)
        try tree.beginAnimation(Timing(duration: 1, curve: .linear))
        try tree.set(.positionX, 110, on: l)
        try tree.commitAnimation(completion: nil)
        #expect(try tree.value(.positionX, of: l) == 110)  // the model changes at once
        #expect(try tree.presentationValue(.positionX, of: l) == 10)
        timeline.advance(to: 0.25)
        #expect(approx(try tree.presentationValue(.positionX, of: l), 35))
        timeline.advance(to: 1)
        #expect(try tree.presentationValue(.positionX, of: l) == 110)
        #expect(tree.animationCount == 0)
    }

    @Test func easedTweenFollowsTheCurve() throws {
        let (tree, timeline) = makeTree()
        let l = try tree.createLayer(kind: .rect, parent: nil)
        try tree.beginAnimation(Timing(duration: 2, curve: .easeIn))
        try tree.set(.opacity, 0, on: l)
        try tree.commitAnimation(completion: nil)
        timeline.advance(to: 0.5)
        #expect(approx(try tree.presentationValue(.opacity, of: l), 1 - TimingCurve.easeIn.progress(0.25)))
    }

    @Test func interruptionContinuesFromWhereItIs() throws {
        let (tree, timeline) = makeTree()
        let log = CompletionLog(timeline)
        let l = try tree.createLayer(kind: .rect, parent: nil)
        try tree.beginAnimation(Timing(duration: 1, curve: .linear))
        try tree.set(.positionY, 100, on: l)
        try tree.commitAnimation(completion: log.callback("first"))
        timeline.advance(to: 0.5)
        let before = try tree.presentationValue(.positionY, of: l)
        try tree.beginAnimation(Timing(duration: 1, curve: .linear))
        try tree.set(.positionY, 0, on: l)
        try tree.commitAnimation(completion: log.callback("second"))
        #expect(try tree.presentationValue(.positionY, of: l) == before)
        #expect(approx(before, 50))
        timeline.advance(to: 1.0)
        #expect(approx(try tree.presentationValue(.positionY, of: l), 25))
        #expect(tree.animationCount == 1)
        timeline.advance(to: 1.5)
        #expect(try tree.presentationValue(.positionY, of: l) == 0)
        // The replaced block still completes at its own end, with true.
        #expect(log.tags == ["first", "second"])
        #expect(log.results == [true, true])
        #expect(log.calls.map(\.time) == [1.0, 1.5])
    }

    @Test func delayHoldsTheOldValue() throws {
        let (tree, timeline) = makeTree()
        let log = CompletionLog(timeline)
        let l = try tree.createLayer(kind: .rect, parent: nil)
        try tree.setColor(.fill, .black, on: l)
        try tree.beginAnimation(Timing(duration: 1, delay: 0.5, curve: .linear))
        try tree.set(.width, 100, on: l)
        try tree.setColor(.fill, .white, on: l)
        try tree.commitAnimation(completion: log.callback("b"))
        timeline.advance(to: 0.4)
        #expect(try tree.presentationValue(.width, of: l) == 0)
        #expect(try tree.presentationColor(.fill, of: l) == .black)
        timeline.advance(to: 1.0)
        #expect(approx(try tree.presentationValue(.width, of: l), 50))
        let mid = try tree.presentationColor(.fill, of: l)
        #expect(approx(mid.r, 0.5) && approx(mid.g, 0.5) && mid.a == 1)
        timeline.advance(to: 1.49)
        #expect(log.calls.isEmpty)
        timeline.advance(to: 2)
        #expect(log.calls.map(\.time) == [1.5])
    }

    @Test func completionIsDeferredEvenForZeroDuration() throws {
        let (tree, timeline) = makeTree()
        let log = CompletionLog(timeline)
        let l = try tree.createLayer(kind: .rect, parent: nil)
        try tree.beginAnimation(Timing(duration: 0))
        try tree.set(.height, 20, on: l)
        try tree.commitAnimation(completion: log.callback("zero"))
        #expect(try tree.presentationValue(.height, of: l) == 20)
        #expect(tree.animationCount == 0)
        #expect(log.calls.isEmpty)
        timeline.advance(to: 0)
        #expect(log.results == [true])

        // A block that changed nothing still completes after its duration.
        try tree.beginAnimation(Timing(duration: 0.3))
        try tree.commitAnimation(completion: log.callback("empty"))
        timeline.advance(to: 0.3)
        #expect(log.tags == ["zero", "empty"])
    }

    @Test func setOutsideABlockDropsTheTrack() throws {
        let (tree, timeline) = makeTree()
        let l = try tree.createLayer(kind: .rect, parent: nil)
        try tree.beginAnimation(Timing(duration: 1))
        try tree.set(.positionX, 100, on: l)
        try tree.commitAnimation(completion: nil)
        timeline.advance(to: 0.5)
        try tree.set(.positionX, 7, on: l)
        #expect(try tree.presentationValue(.positionX, of: l) == 7)
        #expect(tree.animationCount == 0)
    }

    @Test func nestedBlocksUseTheInnermostTiming() throws {
        let (tree, timeline) = makeTree()
        let log = CompletionLog(timeline)
        let l = try tree.createLayer(kind: .rect, parent: nil)
        try tree.beginAnimation(Timing(duration: 1, curve: .linear))
        try tree.set(.positionX, 100, on: l)
        try tree.beginAnimation(Timing(duration: 0.5, curve: .linear))
        #expect(tree.openAnimationDepth == 2)
        try tree.set(.positionY, 100, on: l)
        try tree.commitAnimation(completion: log.callback("inner"))
        try tree.set(.width, 100, on: l)  // back in the outer block
        try tree.commitAnimation(completion: log.callback("outer"))
        #expect(tree.openAnimationDepth == 0)
        timeline.advance(to: 0.25)
        #expect(approx(try tree.presentationValue(.positionX, of: l), 25))
        #expect(approx(try tree.presentationValue(.positionY, of: l), 50))
        #expect(approx(try tree.presentationValue(.width, of: l), 25))
        timeline.advance(to: 2)
        #expect(log.tags == ["inner", "outer"])
        #expect(log.calls.map(\.time) == [0.5, 1])
        #expect(log.results == [true, true])
    }

    @Test func removeAnimationsCancelsOnceAndDefers() throws {
        let (tree, timeline) = makeTree()
        let log = CompletionLog(timeline)
        let l = try tree.createLayer(kind: .rect, parent: nil)
        try tree.beginAnimation(Timing(duration: 1))
        try tree.set(.positionX, 100, on: l)
        try tree.set(.opacity, 0, on: l)
        try tree.commitAnimation(completion: log.callback("block"))
        timeline.advance(to: 0.5)
        try tree.removeAnimations(on: l)
        #expect(log.calls.isEmpty)
        #expect(try tree.presentationValue(.positionX, of: l) == 100)
        #expect(tree.animationCount == 0)
        timeline.advance(to: 0.5)
        #expect(log.results == [false])
        #expect(log.calls.first?.time == 0.5)
        timeline.advance(to: 3)
        #expect(log.calls.count == 1)
    }

    @Test func cancelledWhileOpenReportsFalseAtCommit() throws {
        let (tree, timeline) = makeTree()
        let log = CompletionLog(timeline)
        let l = try tree.createLayer(kind: .rect, parent: nil)
        try tree.beginAnimation(Timing(duration: 1))
        try tree.set(.positionX, 100, on: l)
        try tree.removeAnimations(on: l)
        try tree.commitAnimation(completion: log.callback("b"))
        timeline.advance(to: 0)
        #expect(log.results == [false])
    }

    @Test func discardNeverCallsCompletions() throws {
        let (tree, timeline) = makeTree()
        let log = CompletionLog(timeline)
        let root = try tree.createLayer(kind: .rect, parent: nil)
        let l = try tree.createLayer(kind: .rect, parent: root)
        try tree.beginAnimation(Timing(duration: 1))
        try tree.set(.positionX, 100, on: l)
        try tree.commitAnimation(completion: log.callback("block"))
        try tree.addAnimation(
            BasicAnimation(property: .rotation, from: 0, to: 1, duration: 1), to: root,
            completion: log.callback("basic"))
        tree.discardAnimations(under: root)
        #expect(tree.animationCount(under: root) == 0)
        #expect(timeline.pendingCount == 0)
        timeline.advance(to: 5)
        #expect(log.calls.isEmpty)
    }

    @Test func discreteFlagsSnapAtTheEnd() throws {
        let (tree, timeline) = makeTree()
        let l = try tree.createLayer(kind: .text, parent: nil)
        try tree.beginAnimation(Timing(duration: 1, curve: .spring(damping: 0.3, initialVelocity: 0)))
        try tree.set(.hidden, 1, on: l)
        try tree.set(.fontWeight, 1, on: l)
        try tree.commitAnimation(completion: nil)
        timeline.advance(to: 0.99)
        #expect(try tree.presentationValue(.hidden, of: l) == 0)
        #expect(try tree.presentationValue(.fontWeight, of: l) == 0)
        timeline.advance(to: 1)
        #expect(try tree.presentationValue(.hidden, of: l) == 1)
        #expect(try tree.presentationValue(.fontWeight, of: l) == 1)
    }

    @Test func springOvershootIsClampedToTheRange() throws {
        let (tree, timeline) = makeTree()
        let l = try tree.createLayer(kind: .rect, parent: nil)
        try tree.set(.opacity, 0, on: l)
        try tree.beginAnimation(Timing(duration: 1, curve: .spring(damping: 0.2, initialVelocity: 0)))
        try tree.set(.opacity, 1, on: l)
        try tree.set(.scaleX, 2, on: l)
        try tree.commitAnimation(completion: nil)
        var maxScale = 0.0
        for k in 1..<100 {
            timeline.advance(to: Double(k) / 100)
            #expect(try tree.presentationValue(.opacity, of: l) <= 1)
            maxScale = max(maxScale, try tree.presentationValue(.scaleX, of: l))
        }
        #expect(maxScale > 2)
    }

    @Test func invalidTimingsAreRefused() throws {
        let (tree, _) = makeTree()
        #expect(throws: LayerError.self) { try tree.beginAnimation(Timing(duration: -1)) }
        #expect(throws: LayerError.self) { try tree.beginAnimation(Timing(duration: 3601)) }
        #expect(throws: LayerError.self) { try tree.beginAnimation(Timing(duration: 1, delay: .nan)) }
        #expect(throws: LayerError.self) {
            try tree.beginAnimation(Timing(duration: 1, curve: .spring(damping: 0, initialVelocity: 0)))
        }
        #expect(throws: LayerError.self) {
            try tree.beginAnimation(Timing(duration: 1, curve: .spring(damping: 0.5, initialVelocity: 101)))
        }
        #expect(tree.openAnimationDepth == 0)
        #expect(throws: LayerError.noOpenAnimation) { try tree.commitAnimation(completion: nil) }
    }
}
