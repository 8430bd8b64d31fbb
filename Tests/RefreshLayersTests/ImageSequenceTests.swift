import RefreshLayers
import Testing

/// Image layers step through frame sequences on the tree's own clock: the
/// frame shown is a function of timeline.now (no call per frame), the last
/// one stays, and the completion reports how the sequence ended.
@Suite struct ImageSequenceTests {
    /// A 1 x 1 image of one grey level; distinct serials.
    static func image(_ level: UInt8) -> RasterImage {
        RasterImage(serial: RasterImage.nextSerial(), width: 1, height: 1, pixels: [level, level, level, 255])
    }

    final class Outcomes { var values: [Bool] = [] }

    func setUp() throws -> (LayerTree, LayerID, [RasterImage]) {
        let tree = LayerTree(timeline: Timeline())
        let layer = try tree.createLayer(kind: .image, parent: nil)
        return (tree, layer, [Self.image(10), Self.image(20), Self.image(30)])
    }

    @Test("frames[i] shows from start + delay + i x duration; repeat passes; the last frame stays; completion true at the end")
    func stepping() throws {
        let (tree, layer, frames) = try setUp()
        let outcomes = Outcomes()
        tree.timeline.advance(to: 1)
        let sequence = ImageSequence(frames: frames, frameDuration: 0.1, delay: 0.05, repeatCount: 2)
        try tree.setImageSequence(sequence, on: layer) { outcomes.values.append($0) }
        // Every 1/100 s from the start to past the end: what shows is frames[step mod 3].
        for k in 0...80 {
            let t = 1 + Double(k) / 100
            tree.timeline.advance(to: t)
            let active = t - 1.05
            let step = active < 0 ? 0 : Int((active / 0.1 + 1e-9).rounded(.down))
            let expected = step >= 6 ? frames[2] : frames[step % 3]
            #expect(try tree.presentedImage(of: layer) === expected, "at \(t)")
            #expect(tree.snapshot().first?.image === expected, "snapshot at \(t)")
        }
        // 3 frames x 0.1 s x 2 passes after a 0.05 s delay: it ended at 1.65 exactly.
        #expect(outcomes.values == [true])
        #expect(tree.animationCount == 0)
    }

    @Test("a fractional pass ends on the frame it reached; an infinite one never completes and counts as an animation")
    func fractionalAndInfinite() throws {
        let (tree, layer, frames) = try setUp()
        try tree.setImageSequence(ImageSequence(frames: frames, frameDuration: 0.1, repeatCount: 0.5), on: layer,
                                  completion: nil)
        tree.timeline.advance(to: 10)
        // Half of a 3-frame pass is 1.5 steps: it ends during frame 1.
        #expect(try tree.presentedImage(of: layer) === frames[1])

        let outcomes = Outcomes()
        try tree.setImageSequence(ImageSequence(frames: frames, frameDuration: 0.25, repeatCount: .infinity),
                                  on: layer) { outcomes.values.append($0) }
        tree.timeline.advance(to: 10 + 3600 * 0.25 * 3 + 0.3)
        #expect(try tree.presentedImage(of: layer) === frames[1])
        #expect(tree.animationCount == 1)
        #expect(outcomes.values.isEmpty)
    }

    @Test("set image, a new sequence, removing animations or the layer end a sequence with false", arguments: 0..<4)
    func replaced(way: Int) throws {
        let (tree, layer, frames) = try setUp()
        let outcomes = Outcomes()
        try tree.setImageSequence(ImageSequence(frames: frames, frameDuration: 0.1, repeatCount: .infinity),
                                  on: layer) { outcomes.values.append($0) }
        tree.timeline.advance(to: 0.15)
        switch way {
        case 0: try tree.setImage(frames[2], on: layer)
        case 1: try tree.setImageSequence(ImageSequence(frames: [frames[2]], frameDuration: 1), on: layer, completion: nil)
        case 2: try tree.removeAnimations(on: layer)
        default: try tree.removeLayer(layer)
        }
        // Completions run from the timeline, never inside the call that replaced it.
        #expect(outcomes.values.isEmpty)
        tree.timeline.advance(to: 0.5)
        #expect(outcomes.values == [false])
        switch way {
        case 0, 1: #expect(try tree.presentedImage(of: layer) === frames[2])
        // Stopped: the frame that was on screen stays.
        case 2: #expect(try tree.presentedImage(of: layer) === frames[1])
        default: #expect(!tree.contains(layer))
        }
    }

    @Test("a nil sequence stops it on the frame shown; a discarded one (destroy) never reports")
    func stopAndDiscard() throws {
        let (tree, layer, frames) = try setUp()
        let outcomes = Outcomes()
        try tree.setImageSequence(ImageSequence(frames: frames, frameDuration: 0.1, repeatCount: .infinity),
                                  on: layer) { outcomes.values.append($0) }
        tree.timeline.advance(to: 0.25)
        try tree.setImageSequence(nil, on: layer, completion: nil)
        tree.timeline.advance(to: 1)
        #expect(try tree.presentedImage(of: layer) === frames[2])
        #expect(outcomes.values == [false])

        try tree.setImageSequence(ImageSequence(frames: frames, frameDuration: 0.1), on: layer) { outcomes.values.append($0) }
        tree.discardAnimations(under: layer)
        tree.timeline.advance(to: 2)
        #expect(outcomes.values == [false])
    }

    @Test("bad sequences and non-image layers are refused and change nothing")
    func refused() throws {
        let (tree, layer, frames) = try setUp()
        try tree.setImage(frames[0], on: layer)
        let bad: [ImageSequence] = [
            ImageSequence(frames: [], frameDuration: 0.1),
            ImageSequence(frames: Array(repeating: frames[0], count: ImageSequence.maxFrames + 1), frameDuration: 0.1),
            ImageSequence(frames: frames, frameDuration: .nan),
            ImageSequence(frames: frames, frameDuration: 0),
            ImageSequence(frames: frames, frameDuration: 3601),
            ImageSequence(frames: frames, frameDuration: 0.1, delay: -1),
            ImageSequence(frames: frames, frameDuration: 0.1, delay: .infinity),
            ImageSequence(frames: frames, frameDuration: 0.1, repeatCount: .nan),
            ImageSequence(frames: frames, frameDuration: 0.1, repeatCount: -1),
        ]
        for sequence in bad {
            #expect(throws: LayerError.self) { try tree.setImageSequence(sequence, on: layer, completion: nil) }
        }
        #expect(try tree.presentedImage(of: layer) === frames[0])
        #expect(tree.animationCount == 0)
        let rect = try tree.createLayer(kind: .rect, parent: nil)
        #expect(throws: LayerError.wrongKind(rect, expected: .image)) { try tree.setImage(frames[0], on: rect) }
        #expect(throws: LayerError.wrongKind(rect, expected: .image)) {
            try tree.setImageSequence(ImageSequence(frames: frames, frameDuration: 0.1), on: rect, completion: nil)
        }
    }

    @Test("imagesShown lists a still image once, every frame of a live sequence, the last frame of an ended one")
    func shown() throws {
        let (tree, layer, frames) = try setUp()
        let other = try tree.createLayer(kind: .image, parent: layer)
        try tree.setImage(frames[0], on: other)
        try tree.setImageSequence(ImageSequence(frames: [frames[0], frames[1], frames[2]], frameDuration: 0.1),
                                  on: layer, completion: nil)
        #expect(tree.imagesShown(under: layer).map(\.serial) == frames.map(\.serial))
        tree.timeline.advance(to: 1)
        #expect(tree.imagesShown(under: layer).map(\.serial) == [frames[2].serial, frames[0].serial])
    }
}
