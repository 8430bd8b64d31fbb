import Testing
@testable import RefreshLayers

struct LayerSnapshotTests {
    @Test func drawOrderSortsSiblingsByZThenCreation() throws {
        let (tree, _) = makeTree()
        let root = try tree.createLayer(kind: .rect, parent: nil)
        let a = try tree.createLayer(kind: .rect, parent: root)
        let a1 = try tree.createLayer(kind: .ellipse, parent: a)
        let b = try tree.createLayer(kind: .rect, parent: root)
        let c = try tree.createLayer(kind: .rect, parent: root)
        try tree.set(.zPosition, 1, on: a)
        try tree.set(.zPosition, -1, on: c)
        let snap = tree.snapshot(root: root)
        #expect(snap.map(\.id) == [root, c, b, a, a1])
        #expect(snap.map(\.depth) == [0, 1, 1, 1, 2])
        #expect(snap.map(\.parent) == [nil, root, root, root, a])
        #expect(tree.snapshot(root: a).map(\.id) == [a, a1])
        #expect(tree.snapshot(root: 77).isEmpty)
    }

    @Test func allRootsAreSortedToo() throws {
        let (tree, _) = makeTree()
        let r1 = try tree.createLayer(kind: .rect, parent: nil)
        let r2 = try tree.createLayer(kind: .rect, parent: nil)
        let child = try tree.createLayer(kind: .rect, parent: r1)
        try tree.set(.zPosition, 5, on: r1)
        #expect(tree.snapshot().map(\.id) == [r2, r1, child])
    }

    @Test func holdsPresentationValues() throws {
        let (tree, timeline) = makeTree()
        let t = try tree.createLayer(kind: .text, parent: nil)
        let p = try tree.createLayer(kind: .path, parent: t)
        try tree.setText("Loading", on: t)
        try tree.setPath([.arc(cx: 0, cy: 0, radius: 5, startAngle: 0, endAngle: 3)], on: p)
        try tree.set(.scaleX, 3, on: t)
        try tree.beginAnimation(Timing(duration: 1, curve: .linear))
        try tree.set(.width, 100, on: t)
        try tree.commitAnimation(completion: nil)
        timeline.advance(to: 0.5)
        let snap = tree.snapshot()
        #expect(snap[0][.width] == 50)
        #expect(snap[0].values.count == LayerProperty.slotCount)
        #expect(snap[0].values[9] == 3)
        #expect(snap[0][.fontSize] == 17)
        #expect(snap[0].fill == .black)
        #expect(snap[0].text == "Loading")
        #expect(snap[1].text == nil)
        #expect(snap[1].path.count == 1)
    }

    @Test func animatedZReordersSiblings() throws {
        let (tree, timeline) = makeTree()
        let root = try tree.createLayer(kind: .group, parent: nil)
        let a = try tree.createLayer(kind: .rect, parent: root)
        let b = try tree.createLayer(kind: .rect, parent: root)
        try tree.addAnimation(BasicAnimation(property: .zPosition, from: 10, to: 10, duration: 1), to: a, completion: nil)
        #expect(tree.snapshot(root: root).map(\.id) == [root, b, a])
        timeline.advance(to: 1)
        #expect(tree.snapshot(root: root).map(\.id) == [root, a, b])
    }

    /// A script touching every kind of animation; run twice it must give the same frames.
    static func script() throws -> [[LayerSnapshot]] {
        let (tree, timeline) = makeTree()
        var frames: [[LayerSnapshot]] = []
        let root = try tree.createLayer(kind: .rect, parent: nil)
        var dots: [LayerID] = []
        for k in 0..<8 {
            let d = try tree.createLayer(kind: k % 2 == 0 ? .ellipse : .text, parent: root)
            try tree.set(.zPosition, Double((k * 5) % 3), on: d)
            dots.append(d)
        }
        var cycles = 0
        func cycle() {
            cycles += 1
            do {
                try tree.beginAnimation(Timing(duration: 0.7, curve: .spring(damping: 0.5, initialVelocity: 1)))
                for (k, d) in dots.enumerated() {
                    try tree.set(.positionY, Double((k + cycles) % 4) * 10, on: d)
                    try tree.setColor(.fill, RGBA(Double(k) / 8, 0.5, 1 - Double(k) / 8), on: d)
                }
                try tree.commitAnimation { _ in if cycles < 4 { cycle() } }
            } catch {}
        }
        cycle()
        try tree.beginAnimation(Timing(duration: 1.2, curve: .keyframes))
        try tree.addKeyframe(relativeStart: 0, relativeDuration: 0.5)
        try tree.set(.rotation, 2, on: root)
        try tree.addKeyframe(relativeStart: 0.5, relativeDuration: 0.5)
        try tree.set(.opacity, 0.2, on: root)
        try tree.commitAnimation(completion: nil)
        try tree.addAnimation(
            BasicAnimation(property: .scaleX, from: 1, to: 1.4, duration: 0.3, curve: .easeInOut, repeatCount: .infinity, autoreverses: true),
            to: dots[3], completion: nil)
        var t = 0.0
        while t < 3.5 {
            t += 1.0 / 60
            timeline.advance(to: t)
            if Int((t * 60).rounded()) % 20 == 0, let last = dots.popLast() { try tree.removeLayer(last) }
            frames.append(tree.snapshot())
        }
        return frames
    }

    @Test func sameScriptGivesTheSameFrames() throws {
        let first = try Self.script()
        let second = try Self.script()
        #expect(first.count == second.count)
        #expect(first == second)
    }
}
