import RefreshLayers
import RefreshRender
import Testing

/// ABI 1.1 gradients in real cairo pixels: a linear pattern in the layer's
/// local coordinates, through the same shape (rounded rect, ellipse, path)
/// and opacity as a flat fill.
@Suite struct GradientRasterTests {
    let tree = LayerTree(timeline: Timeline())
    let red = RGBA(1, 0, 0), blue = RGBA(0, 0, 1)

    func layer(_ kind: LayerKind, in parent: LayerID?, frame: (x: Double, y: Double, w: Double, h: Double)) throws -> LayerID {
        let id = try tree.createLayer(kind: kind, parent: parent)
        for (p, v) in [(LayerProperty.anchorX, 0.0), (.anchorY, 0), (.positionX, frame.x), (.positionY, frame.y),
                       (.width, frame.w), (.height, frame.h)] {
            try tree.set(p, v, on: id)
        }
        return id
    }

    /// A white 100 x 100 point canvas at 2 pixels per point.
    func render(_ root: LayerID) -> Bitmap {
        FrameRenderer(viewportWidth: 100, viewportHeight: 100, scale: 2).render(layers: tree.snapshot(root: root), pull: 100)
    }

    @Test func aVerticalGradientRunsFromItsFirstColourAtTheTopToItsLastAtTheBottom() throws {
        let root = try layer(.group, in: nil, frame: (0, 0, 100, 100))
        let rect = try layer(.rect, in: root, frame: (10, 10, 80, 80))
        try tree.setColor(.fill, RGBA(0, 1, 0), on: rect)  // hidden by the gradient
        try tree.setGradient(.vertical(red, blue), on: rect)
        let image = render(root)
        #expect(image.colour(atPoint: 50, 10.2).isClose(to: Colour(255, 0, 0), 4), "\(image.colour(atPoint: 50, 10.2))")
        #expect(image.colour(atPoint: 50, 89.8).isClose(to: Colour(0, 0, 255), 4), "\(image.colour(atPoint: 50, 89.8))")
        let middle = image.colour(atPoint: 50, 50)
        #expect(middle.isClose(to: Colour(128, 0, 128), 4), "\(middle)")
        // Monotonic down the layer, the same across it.
        let column = stride(from: 12.0, through: 88, by: 4).map { image.colour(atPoint: 50, $0) }
        #expect(zip(column, column.dropFirst()).allSatisfy { $0.r >= $1.r && $0.b <= $1.b })
        #expect(image.colour(atPoint: 20, 30) == image.colour(atPoint: 80, 30))
        #expect(image.colour(atPoint: 5, 50) == .white, "nothing outside the bounds")

        // Removing it shows the fill colour again.
        try tree.setGradient(nil, on: rect)
        #expect(render(root).colour(atPoint: 50, 50) == Colour(0, 255, 0))
    }

    @Test func aDiagonalGradientAndThreeStopsFollowTheUnitPoints() throws {
        let root = try layer(.group, in: nil, frame: (0, 0, 100, 100))
        let rect = try layer(.rect, in: root, frame: (0, 0, 100, 50))
        // Left to right, red -> blue -> red: the middle column is blue.
        try tree.setGradient(Gradient(startX: 0, startY: 0.5, endX: 1, endY: 0.5,
                                            stops: [.init(0, red), .init(0.5, blue), .init(1, red)]), on: rect)
        let image = render(root)
        #expect(image.colour(atPoint: 50, 25).isClose(to: Colour(0, 0, 255), 6), "\(image.colour(atPoint: 50, 25))")
        #expect(image.colour(atPoint: 1, 25).isClose(to: Colour(255, 0, 0), 8))
        #expect(image.colour(atPoint: 99, 25).isClose(to: Colour(255, 0, 0), 8))
        #expect(image.colour(atPoint: 50, 2) == image.colour(atPoint: 50, 48), "constant along y")
    }

    @Test func theCornerRadiusClipsTheGradientAndOpacityMultiplies() throws {
        let root = try layer(.group, in: nil, frame: (0, 0, 100, 100))
        let rect = try layer(.rect, in: root, frame: (10, 10, 80, 80))
        try tree.set(.cornerRadius, 30, on: rect)
        try tree.setGradient(.vertical(red, blue), on: rect)
        var image = render(root)
        #expect(image.colour(atPoint: 11, 11) == .white, "the rounded corner")
        #expect(image.colour(atPoint: 89, 89) == .white, "the rounded corner")
        #expect(image.colour(atPoint: 50, 11).isClose(to: Colour(255, 0, 0), 8), "the top edge's middle is inside")

        try tree.set(.opacity, 0.5, on: rect)
        image = render(root)
        // Half red over white at the top.
        #expect(image.colour(atPoint: 50, 10.2).isClose(to: Colour(255, 128, 128), 4), "\(image.colour(atPoint: 50, 10.2))")
    }

    @Test func aPathAndAnEllipseAreFilledThroughTheGradient() throws {
        let root = try layer(.group, in: nil, frame: (0, 0, 100, 100))
        // A triangle with its right angle at the top left of a 40 x 40 layer.
        let path = try layer(.path, in: root, frame: (0, 0, 40, 40))
        try tree.setPath([.moveTo(x: 0, y: 0), .lineTo(x: 40, y: 0), .lineTo(x: 0, y: 40), .close], on: path)
        try tree.setGradient(.vertical(red, blue), on: path)
        let ellipse = try layer(.ellipse, in: root, frame: (50, 50, 40, 40))
        try tree.setGradient(.vertical(blue, red), on: ellipse)
        let image = render(root)
        #expect(image.colour(atPoint: 5, 1).isClose(to: Colour(255, 0, 0), 12), "\(image.colour(atPoint: 5, 1))")
        let low = image.colour(atPoint: 2, 36)
        #expect(low.b > 200 && low.r < 60, "near the bottom of the bounds: \(low)")
        #expect(image.colour(atPoint: 35, 35) == .white, "outside the triangle")
        // The ellipse's own bounds, not the canvas, map the unit points.
        #expect(image.colour(atPoint: 70, 52).isClose(to: Colour(0, 0, 255), 20), "\(image.colour(atPoint: 70, 52))")
        #expect(image.colour(atPoint: 70, 88).isClose(to: Colour(255, 0, 0), 20), "\(image.colour(atPoint: 70, 88))")
        #expect(image.colour(atPoint: 51, 51) == .white, "outside the ellipse")
    }
}
