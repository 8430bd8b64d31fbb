import Testing
@testable import RefreshLayers

struct LayerTreeTests {
    @Test func createBuildsTheTree() throws {
        let (tree, _) = makeTree()
        let root = try tree.createLayer(kind: .rect, parent: nil)
        let a = try tree.createLayer(kind: .group, parent: root)
        let b = try tree.createLayer(kind: .text, parent: a)
        let c = try tree.createLayer(kind: .ellipse, parent: root)
        #expect([root, a, b, c] == [1, 2, 3, 4])
        #expect(tree.children(of: root) == [a, c])
        #expect(tree.parent(of: b) == a)
        #expect(tree.parent(of: root) == nil)
        #expect(tree.kind(of: b) == .text)
        #expect(tree.roots == [root])
        #expect(tree.isDescendant(b, of: root))
        #expect(tree.isDescendant(root, of: root))
        #expect(!tree.isDescendant(c, of: a))
        #expect(tree.layerCount == 4)
        #expect(tree.layerCount(under: a) == 2)
        #expect(throws: LayerError.unknownLayer(99)) { try tree.createLayer(kind: .rect, parent: 99) }
        #expect(tree.layerCount == 4)
    }

    @Test func defaultsPerKind() throws {
        let (tree, _) = makeTree()
        let text = try tree.createLayer(kind: .text, parent: nil)
        let rect = try tree.createLayer(kind: .rect, parent: nil)
        #expect(try tree.color(.fill, of: text) == .black)
        #expect(try tree.color(.fill, of: rect) == .clear)
        #expect(try tree.color(.stroke, of: text) == .clear)
        #expect(try tree.value(.opacity, of: rect) == 1)
        #expect(try tree.value(.anchorX, of: rect) == 0.5)
        #expect(try tree.text(of: text) == "")
        #expect(try tree.text(of: rect) == nil)
    }

    @Test func setOutsideABlockAppliesAtOnce() throws {
        let (tree, _) = makeTree()
        let l = try tree.createLayer(kind: .rect, parent: nil)
        try tree.set(.positionX, 40, on: l)
        try tree.setColor(.fill, .white, on: l)
        #expect(try tree.value(.positionX, of: l) == 40)
        #expect(try tree.presentationValue(.positionX, of: l) == 40)
        #expect(try tree.presentationColor(.fill, of: l) == .white)
        #expect(tree.animationCount == 0)
    }

    @Test func removeLayerCascadesAndCountsDrop() throws {
        let (tree, timeline) = makeTree()
        let log = CompletionLog(timeline)
        let root = try tree.createLayer(kind: .rect, parent: nil)
        let a = try tree.createLayer(kind: .group, parent: root)
        let b = try tree.createLayer(kind: .rect, parent: a)
        let keep = try tree.createLayer(kind: .rect, parent: root)
        try tree.beginAnimation(Timing(duration: 1))
        try tree.set(.opacity, 0, on: b)
        try tree.set(.opacity, 0, on: keep)
        try tree.commitAnimation(completion: log.callback("block"))
        try tree.addAnimation(
            BasicAnimation(property: .rotation, from: 0, to: 6, duration: 1), to: a,
            completion: log.callback("spin"))
        #expect(tree.animationCount == 3)

        try tree.removeLayer(a)
        #expect(log.calls.isEmpty)  // deferred, never inside removeLayer
        #expect(!tree.contains(a) && !tree.contains(b))
        #expect(tree.layerCount == 2)
        #expect(tree.children(of: root) == [keep])
        #expect(tree.animationCount == 1)
        #expect(throws: LayerError.unknownLayer(b)) { try tree.set(.opacity, 1, on: b) }

        timeline.advance(to: 0)
        #expect(log.tags == ["spin", "block"])  // pre-order: the parent's animations first
        #expect(log.results == [false, false])
        #expect(log.calls.allSatisfy { $0.time == 0 })
        timeline.advance(to: 2)
        #expect(log.calls.count == 2)  // the block reported once only
    }

    @Test func removingARootLayer() throws {
        let (tree, _) = makeTree()
        let r1 = try tree.createLayer(kind: .rect, parent: nil)
        let r2 = try tree.createLayer(kind: .rect, parent: nil)
        try tree.removeLayer(r1)
        #expect(tree.roots == [r2])
        #expect(throws: LayerError.unknownLayer(r1)) { try tree.removeLayer(r1) }
        // Ids are never reused.
        #expect(try tree.createLayer(kind: .rect, parent: nil) == 3)
    }

    @Test func createRemoveCyclesDoNotAccumulate() throws {
        let (tree, timeline) = makeTree()
        let root = try tree.createLayer(kind: .rect, parent: nil)
        for k in 0..<1000 {
            let g = try tree.createLayer(kind: .group, parent: root)
            let t = try tree.createLayer(kind: .text, parent: g)
            try tree.beginAnimation(Timing(duration: 0.5))
            try tree.set(.positionY, Double(k % 100), on: t)
            try tree.commitAnimation { _ in }
            try tree.addAnimation(
                BasicAnimation(property: .opacity, from: 0, to: 1, duration: 1, repeatCount: .infinity),
                to: g, completion: { _ in })
            try tree.removeLayer(g)
            timeline.advance(to: timeline.now + 0.01)
        }
        #expect(tree.layerCount == 1)
        #expect(tree.animationCount == 0)
        #expect(tree.nodes.count == 1)
        #expect(timeline.pendingCount == 0)
    }

    @Test func validationErrorsLeaveStateUnchanged() throws {
        let (tree, timeline) = makeTree()
        let rect = try tree.createLayer(kind: .rect, parent: nil)
        let text = try tree.createLayer(kind: .text, parent: nil)
        let path = try tree.createLayer(kind: .path, parent: nil)
        try tree.set(.opacity, 0.5, on: rect)
        try tree.setText("hi", on: text)
        try tree.setPath([.moveTo(x: 0, y: 0), .lineTo(x: 1, y: 1)], on: path)

        #expect(throws: LayerError.outOfRange(.opacity, 2)) { try tree.set(.opacity, 2, on: rect) }
        #expect(throws: LayerError.self) { try tree.set(.positionX, .nan, on: rect) }
        #expect(throws: LayerError.outOfRange(.hidden, 0.5)) { try tree.set(.hidden, 0.5, on: rect) }
        #expect(throws: LayerError.invalidColor) { try tree.setColor(.fill, RGBA(2, 0, 0), on: rect) }
        #expect(throws: LayerError.wrongKind(rect, expected: .text)) { try tree.setText("x", on: rect) }
        #expect(throws: LayerError.wrongKind(rect, expected: .path)) { try tree.setPath([], on: rect) }
        #expect(throws: LayerError.self) { try tree.setText(String(repeating: "é", count: 513), on: text) }
        #expect(throws: LayerError.self) {
            try tree.setPath(Array(repeating: .close, count: PathElement.maxCount + 1), on: path)
        }
        #expect(throws: LayerError.outOfRange(.positionX, .infinity)) { try tree.setPath([.lineTo(x: .infinity, y: 0)], on: path) }

        // Inside a block: refused sets make no track either.
        try tree.beginAnimation(Timing(duration: 1))
        #expect(throws: LayerError.self) { try tree.set(.width, -1, on: rect) }
        try tree.commitAnimation(completion: nil)

        #expect(try tree.value(.opacity, of: rect) == 0.5)
        #expect(try tree.value(.width, of: rect) == 0)
        #expect(try tree.color(.fill, of: rect) == .clear)
        #expect(try tree.text(of: text) == "hi")
        #expect(try tree.path(of: path).count == 2)
        #expect(tree.animationCount == 0)
        #expect(timeline.pendingCount == 0)
        #expect(tree.layerCount == 3)
    }

    @Test func textLimitIsInBytes() throws {
        let (tree, _) = makeTree()
        let text = try tree.createLayer(kind: .text, parent: nil)
        try tree.setText(String(repeating: "é", count: 512), on: text)  // 1024 bytes
        #expect(try tree.text(of: text)?.utf8.count == 1024)
    }
}
