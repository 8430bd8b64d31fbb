import RefreshLayers
@testable import RefreshRender
import Testing

/// FrameRenderer's ShapeCache: a shape the same two frames in a row is painted
/// from its mask, and a change to anything its coverage depends on (its path,
/// its transform, its stroke) or the layer's removal lets the mask go.
@Suite struct ShapeCacheTests {
    let tree = LayerTree(timeline: Timeline())

    func ring() throws -> (root: LayerID, shape: LayerID) {
        let root = try tree.createLayer(kind: .group, parent: nil)
        try tree.set(.width, 100, on: root)
        try tree.set(.height, 100, on: root)
        let shape = try tree.createLayer(kind: .path, parent: root)
        for (p, v) in [(LayerProperty.anchorX, 0.0), (.anchorY, 0), (.width, 100), (.height, 100), (.lineWidth, 4)] {
            try tree.set(p, v, on: shape)
        }
        try tree.setPath([.arc(cx: 50, cy: 50, radius: 30, startAngle: 0, endAngle: 2 * .pi), .close], on: shape)
        try tree.setColor(.fill, RGBA(0.2, 0.4, 0.9, 0.8), on: shape)
        try tree.setColor(.stroke, RGBA(0.9, 0.1, 0.1), on: shape)
        return (root, shape)
    }

    func frame(_ r: FrameRenderer, _ root: LayerID) -> Bitmap {
        r.render(layers: tree.snapshot(root: root), pull: 100)
    }

    /// The largest difference of one byte between two pictures.
    func largestDifference(_ a: Bitmap, _ b: Bitmap) -> Int {
        zip(a.bytes, b.bytes).reduce(0) { max($0, abs(Int($1.0) - Int($1.1))) }
    }

    @Test func anUnchangedShapeIsPaintedFromItsMaskFromTheSecondFrame() throws {
        let (root, _) = try ring()
        let r = FrameRenderer(viewportWidth: 100, viewportHeight: 100, scale: 2)
        let first = frame(r, root)
        #expect(r.shapes.built == 0 && r.shapes.hits == 0)
        _ = frame(r, root)
        #expect(r.shapes.built == 2 && r.shapes.hits == 2)  // the fill's mask and the stroke's
        let third = frame(r, root)
        #expect(r.shapes.built == 2 && r.shapes.hits == 4)
        // cairo_mask rounds as cairo_fill does not: at most 1 of 255.
        #expect(largestDifference(first, third) <= 1)
        #expect(third.colour(atPoint: 50, 50) == first.colour(atPoint: 50, 50))
    }

    @Test func aNewPathIsDrawnAndCachedAgain() throws {
        let (root, shape) = try ring()
        let r = FrameRenderer(viewportWidth: 100, viewportHeight: 100, scale: 2)
        _ = frame(r, root)
        _ = frame(r, root)
        try tree.setPath([.moveTo(x: 10, y: 10), .lineTo(x: 90, y: 10), .lineTo(x: 50, y: 80), .close], on: shape)
        let changed = frame(r, root)
        #expect(r.shapes.hits == 2 && r.shapes.built == 2)
        let fresh = FrameRenderer(viewportWidth: 100, viewportHeight: 100, scale: 2)
        #expect(changed.bytes == frame(fresh, root).bytes)  // drawn from the path, not an old mask
        _ = frame(r, root)
        #expect(r.shapes.built == 4 && r.shapes.hits == 4)
    }

    @Test func aMovedOrScaledShapeIsANewShape() throws {
        let (root, shape) = try ring()
        let r = FrameRenderer(viewportWidth: 100, viewportHeight: 100, scale: 2)
        _ = frame(r, root)
        _ = frame(r, root)
        try tree.set(.scaleX, 1.5, on: shape)
        _ = frame(r, root)
        #expect(r.shapes.hits == 2)
        try tree.set(.positionX, 0.25, on: shape)
        _ = frame(r, root)
        #expect(r.shapes.hits == 2)
        try tree.set(.lineWidth, 6, on: shape)
        _ = frame(r, root)
        _ = frame(r, root)
        // The fill, unchanged by a line width, is painted from its mask in both
        // frames; the stroke of the new width from the second.
        #expect(r.shapes.hits == 5)
    }

    @Test func aRemovedLayersMasksGoAtTheFramesEnd() throws {
        let (root, shape) = try ring()
        let r = FrameRenderer(viewportWidth: 100, viewportHeight: 100, scale: 2)
        _ = frame(r, root)
        _ = frame(r, root)
        #expect(r.shapes.entries.count == 2)
        try tree.removeLayer(shape)
        _ = frame(r, root)
        #expect(r.shapes.entries.isEmpty)
    }
}
