import RefreshLayers
import RefreshRender
import Testing

/// The rasterizer on hand-built layer trees: Core Animation's geometry and compositing rules, in real cairo pixels.
@Suite struct RasterizerTests {
    let tree = LayerTree(timeline: Timeline())

    func layer(_ kind: LayerKind, in parent: LayerID?, frame: (x: Double, y: Double, w: Double, h: Double),
               fill: RGBA = .clear) throws -> LayerID {
        let id = try tree.createLayer(kind: kind, parent: parent)
        try tree.set(.anchorX, 0, on: id)
        try tree.set(.anchorY, 0, on: id)
        try tree.set(.positionX, frame.x, on: id)
        try tree.set(.positionY, frame.y, on: id)
        try tree.set(.width, frame.w, on: id)
        try tree.set(.height, frame.h, on: id)
        try tree.setColor(.fill, fill, on: id)
        return id
    }

    /// Draws the tree on a white 100 x 100 point canvas (the list pushed out of view).
    func render(_ root: LayerID, scale: Double = 2) -> Bitmap {
        let renderer = FrameRenderer(viewportWidth: 100, viewportHeight: 100, scale: scale)
        return renderer.render(layers: tree.snapshot(root: root), pull: 100)
    }

    @Test func positionIsTheAnchorPointInTheParent() throws {
        let root = try layer(.group, in: nil, frame: (0, 0, 100, 100))
        let box = try layer(.rect, in: root, frame: (50, 50, 20, 10), fill: RGBA(1, 0, 0))
        try tree.set(.anchorX, 0.5, on: box)
        try tree.set(.anchorY, 0.5, on: box)
        let image = render(root)
        #expect(image.colour(atPoint: 41, 46) == Colour(255, 0, 0))
        #expect(image.colour(atPoint: 59, 54) == Colour(255, 0, 0))
        #expect(image.colour(atPoint: 39, 50) == .white)
        #expect(image.colour(atPoint: 50, 56) == .white)
    }

    @Test func rotationAndScaleTurnAboutTheAnchorThenTranslationMoves() throws {
        let root = try layer(.group, in: nil, frame: (0, 0, 100, 100))
        let bar = try layer(.rect, in: root, frame: (50, 50, 40, 4), fill: RGBA(0, 0, 1))
        try tree.set(.anchorX, 0.5, on: bar)
        try tree.set(.anchorY, 0.5, on: bar)
        try tree.set(.rotation, Double.pi / 2, on: bar)  // now vertical, 4 wide and 40 tall
        try tree.set(.scaleX, 0.5, on: bar)               // along its own x: 20 tall on screen
        try tree.set(.translationX, 10, on: bar)
        let image = render(root)
        #expect(image.colour(atPoint: 60, 41) == Colour(0, 0, 255))
        #expect(image.colour(atPoint: 60, 59) == Colour(0, 0, 255))
        #expect(image.colour(atPoint: 60, 62) == .white)
        #expect(image.colour(atPoint: 50, 50) == .white)
    }

    @Test func aTranslucentParentBlendsItsOverlappingChildrenOnce() throws {
        let root = try layer(.group, in: nil, frame: (0, 0, 100, 100))
        let group = try layer(.group, in: root, frame: (0, 0, 100, 100))
        try tree.set(.opacity, 0.5, on: group)
        _ = try layer(.rect, in: group, frame: (10, 10, 40, 40), fill: RGBA(0, 0, 0))
        _ = try layer(.rect, in: group, frame: (30, 30, 40, 40), fill: RGBA(0, 0, 0))
        let image = render(root)
        let alone = image.colour(atPoint: 15, 15)
        let overlap = image.colour(atPoint: 40, 40)
        #expect(alone.isClose(to: Colour(128, 128, 128), 2))
        #expect(overlap == alone)
    }

    @Test func opacityMultipliesDownTheTree() throws {
        let root = try layer(.group, in: nil, frame: (0, 0, 100, 100))
        let outer = try layer(.group, in: root, frame: (0, 0, 100, 100))
        try tree.set(.opacity, 0.5, on: outer)
        let inner = try layer(.rect, in: outer, frame: (10, 10, 20, 20), fill: RGBA(0, 0, 0))
        try tree.set(.opacity, 0.5, on: inner)
        // 25% black over white.
        #expect(render(root).colour(atPoint: 20, 20).isClose(to: Colour(191, 191, 191), 2))
    }

    @Test func clipsToBoundsClipsChildrenToTheRoundedBounds() throws {
        let root = try layer(.group, in: nil, frame: (0, 0, 100, 100))
        let clip = try layer(.group, in: root, frame: (20, 20, 40, 40))
        try tree.set(.clipsToBounds, 1, on: clip)
        try tree.set(.cornerRadius, 20, on: clip)  // a circle
        _ = try layer(.rect, in: clip, frame: (-20, -20, 100, 100), fill: RGBA(0, 1, 0))
        let image = render(root)
        #expect(image.colour(atPoint: 40, 40) == Colour(0, 255, 0))
        #expect(image.colour(atPoint: 22, 22) == .white)   // a corner, outside the circle
        #expect(image.colour(atPoint: 70, 40) == .white)   // outside the bounds
    }

    @Test func hiddenHidesTheSubtreeAndZeroScaleDrawsNothing() throws {
        let root = try layer(.group, in: nil, frame: (0, 0, 100, 100))
        let hidden = try layer(.rect, in: root, frame: (0, 0, 50, 50), fill: RGBA(1, 0, 0))
        _ = try layer(.rect, in: hidden, frame: (60, 60, 10, 10), fill: RGBA(1, 0, 0))
        try tree.set(.hidden, 1, on: hidden)
        let flat = try layer(.rect, in: root, frame: (50, 0, 50, 50), fill: RGBA(0, 0, 1))
        try tree.set(.scaleY, 0, on: flat)
        let image = render(root)
        #expect(image.colour(atPoint: 10, 10) == .white)
        #expect(image.colour(atPoint: 65, 65) == .white)
        #expect(image.colour(atPoint: 75, 1) == .white)
    }

    @Test func ellipsePathAndStrokeInLocalUnits() throws {
        let root = try layer(.group, in: nil, frame: (0, 0, 100, 100))
        let circle = try layer(.ellipse, in: root, frame: (0, 0, 40, 40), fill: RGBA(1, 0, 0))
        try tree.setColor(.stroke, RGBA(0, 0, 0), on: circle)
        try tree.set(.lineWidth, 4, on: circle)
        let triangle = try layer(.path, in: root, frame: (50, 50, 40, 40), fill: RGBA(0, 0, 1))
        try tree.setPath([.moveTo(x: 0, y: 0), .lineTo(x: 40, y: 0), .lineTo(x: 0, y: 40), .close], on: triangle)
        let image = render(root)
        #expect(image.colour(atPoint: 20, 20) == Colour(255, 0, 0))
        #expect(image.colour(atPoint: 20, 0.5) == Colour(0, 0, 0))    // the stroke on the outline
        #expect(image.colour(atPoint: 2, 2) == .white)                // outside the circle
        #expect(image.colour(atPoint: 55, 55) == Colour(0, 0, 255))
        #expect(image.colour(atPoint: 85, 85) == .white)              // beyond the hypotenuse
    }

    @Test func textIsCentredInItsBoundsInTheFillColourAndBoldIsHeavier() throws {
        func ink(bold: Bool) throws -> (Bitmap, Int) {
            let root = try layer(.group, in: nil, frame: (0, 0, 100, 100))
            let label = try layer(.text, in: root, frame: (0, 30, 100, 40), fill: RGBA(1, 0, 0))
            try tree.setText("HH", on: label)
            try tree.set(.fontSize, 30, on: label)
            try tree.set(.fontWeight, bold ? 1 : 0, on: label)
            let image = render(root)
            var count = 0
            for y in 0..<image.height { for x in 0..<image.width where image.pixel(x: x, y: y).g < 128 { count += 1 } }
            return (image, count)
        }
        let (regular, regularInk) = try ink(bold: false)
        let (_, boldInk) = try ink(bold: true)
        #expect(regular.contains(Colour(255, 0, 0), x: 30...70, y: 40...60))
        #expect(!regular.contains(Colour(255, 0, 0), x: 0...20, y: 0...100, tolerance: 60))
        #expect(!regular.contains(Colour(255, 0, 0), x: 80...99, y: 0...100, tolerance: 60))
        #expect(!regular.contains(Colour(255, 0, 0), x: 0...99, y: 0...28, tolerance: 60))
        #expect(boldInk > regularInk)
    }

    @Test func fractionalScalesGiveThePixelSizeRoundedUp() throws {
        let renderer = FrameRenderer(viewportWidth: 375, viewportHeight: 300, scale: 0.3)
        let image = renderer.render(layers: [], pull: 0)
        #expect(image.width == 113 && image.height == 90)
        #expect(image.stride >= image.width * 4)
        #expect(image.bytes.count == image.stride * image.height)
    }
}
