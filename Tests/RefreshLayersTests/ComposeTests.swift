import Testing
@testable import RefreshLayers

/// ABI 1.5's rh.compose/1 flags: additive animations add to what is under them,
/// cumulative ones carry on from pass to pass.
struct ComposeTests {
    @Test("cumulative: a 1.6-turn rotation repeated keeps turning, pass n adds n x 1.6 turns, no jump back")
    func cumulativeRotation() throws {
        let (tree, timeline) = makeTree()
        let l = try tree.createLayer(kind: .rect, parent: nil)
        let turn = 1.6 * 2 * Double.pi
        var a = BasicAnimation(property: .rotation, from: 0, to: turn, duration: 1, repeatCount: .infinity)
        a.cumulative = true
        try tree.addAnimation(a, to: l, completion: nil)
        var previous = -1.0
        for frame in 1...300 {
            timeline.advance(to: Double(frame) / 60)
            let shown = try tree.presentationValue(.rotation, of: l)
            #expect(abs(shown - turn * Double(frame) / 60) < 1e-9, "linear and cumulative: always 1.6 turns a second")
            #expect(shown > previous)
            previous = shown
        }
        // The same animation without the flag jumps back at every pass.
        a.cumulative = false
        try tree.addAnimation(a, to: l, completion: nil)
        timeline.advance(to: 5.5)
        #expect(abs(try tree.presentationValue(.rotation, of: l) - turn * 0.5) < 1e-9)
    }

    @Test("additive: the value adds to the model, and to a running block, and the sum is clamped")
    func additive() throws {
        let (tree, timeline) = makeTree()
        let l = try tree.createLayer(kind: .rect, parent: nil)
        try tree.set(.positionY, 30, on: l)
        var bob = BasicAnimation(property: .positionY, from: 0, to: 10, duration: 1)
        bob.additive = true
        try tree.addAnimation(bob, to: l, completion: nil)
        timeline.advance(to: 0.5)
        #expect(try tree.presentationValue(.positionY, of: l) == 35)
        #expect(try tree.value(.positionY, of: l) == 30, "the model is untouched")
        // A block moves what is under it; the additive animation rides on top.
        try tree.beginAnimation(Timing(duration: 1, curve: .linear))
        try tree.set(.positionY, 130, on: l)
        try tree.commitAnimation(completion: nil)
        timeline.advance(to: 0.75)
        #expect(abs(try tree.presentationValue(.positionY, of: l) - (55 + 7.5)) < 1e-9)
        // Opacity 0.8 + 0.5 is shown as 1, its most.
        try tree.set(.opacity, 0.8, on: l)
        var fade = BasicAnimation(property: .opacity, from: 0.5, to: 0.5, duration: 1)
        fade.additive = true
        try tree.addAnimation(fade, to: l, completion: nil)
        #expect(try tree.presentationValue(.opacity, of: l) == 1)
    }

    @Test("keyframes: cumulative adds last - first per pass; additive adds to the model; both refuse what cannot add")
    func keyframes() throws {
        let (tree, timeline) = makeTree()
        let l = try tree.createLayer(kind: .rect, parent: nil)
        try tree.set(.translationX, 100, on: l)
        var walk = KeyframeAnimation(.numbers(.translationX, [0, 5, 10]), duration: 1, repeatCount: .infinity)
        walk.additive = true
        walk.cumulative = true
        try tree.addKeyframeAnimation(walk, to: l, completion: nil)
        timeline.advance(to: 2.25)
        #expect(abs(try tree.presentationValue(.translationX, of: l) - (100 + 20 + 2.5)) < 1e-9)

        var colours = KeyframeAnimation(.colors(.fill, [RGBA(1, 0, 0), RGBA(0, 0, 1)]), duration: 1)
        colours.additive = true
        #expect(throws: LayerError.self) { try tree.addKeyframeAnimation(colours, to: l, completion: nil) }
        var cap = BasicAnimation(property: .lineCap, from: 0, to: 2, duration: 1)
        cap.cumulative = true
        #expect(cap.validationError != nil)
    }

    @Test("cumulative with autoreverse adds nothing: each pass ends where it began")
    func autoreverse() throws {
        let (tree, timeline) = makeTree()
        let l = try tree.createLayer(kind: .rect, parent: nil)
        var a = BasicAnimation(property: .positionX, from: 0, to: 10, duration: 1, repeatCount: .infinity, autoreverses: true)
        a.cumulative = true
        try tree.addAnimation(a, to: l, completion: nil)
        timeline.advance(to: 4.5)
        #expect(abs(try tree.presentationValue(.positionX, of: l) - 5) < 1e-9)
    }
}
