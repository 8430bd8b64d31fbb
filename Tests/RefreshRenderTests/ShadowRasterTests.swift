import CCairo
import Foundation
import RefreshLayers
import RefreshRender
import Testing

/// Shadows in device pixels: a hard shadow (radius 0) against the same
/// cairo fills drawn directly (2 levels: rounding only); a blurred one
/// against a true Gaussian (sigma = radius / 2) computed here in doubles, which
/// three box blurs approximate closely: 2 levels measured at a half-alpha
/// shadow, 5 allowed (4% of its 128-level peak).
@Suite struct ShadowRasterTests {
    let blue = RGBA(0, 0, 1)

    func shadowed(_ s: RasterScene, radius: Double, offset: (Double, Double) = (6, 8)) throws -> LayerID {
        let rect = try s.layer(.rect, 30, 30, 40, 30, fill: blue)
        try s.tree.set(.shadowOpacity, 0.5, on: rect)
        try s.tree.set(.shadowRadius, radius, on: rect)
        try s.tree.set(.shadowOffsetX, offset.0, on: rect)
        try s.tree.set(.shadowOffsetY, offset.1, on: rect)
        try s.tree.setColor(.shadow, RGBA(1, 0, 0), on: rect)
        return rect
    }

    @Test func aHardShadowIsTheShapeMovedByTheOffsetUnderTheLayer() throws {
        let s = try RasterScene()
        _ = try shadowed(s, radius: 0)
        let reference = Raster.reference { cr in
            cairo_set_source_rgba(cr, 1, 0, 0, 0.5)
            cairo_rectangle(cr, 36, 38, 40, 30)
            cairo_fill(cr)
            cairo_set_source_rgb(cr, 0, 0, 1)
            cairo_rectangle(cr, 30, 30, 40, 30)
            cairo_fill(cr)
        }
        #expect(Raster.maxDifference(s.render(), reference) <= 2)
    }

    /// Radius 6: sigma 6 pixels, blurred at device pixels; radius 20: sigma
    /// 20 pixels, blurred on a quarter-resolution raster and drawn scaled up.
    @Test(arguments: [6.0, 20.0]) func aBlurredShadowIsAGaussianOfHalfTheRadius(radius: Double) throws {
        let s = try RasterScene()
        _ = try shadowed(s, radius: radius)
        let image = s.render()
        // The reference: the rectangle's alpha at 2 pixels a point, convolved
        // with a Gaussian of sigma radius / 2 points = radius pixels.
        let side = 200, sigma = radius
        var alpha = [Double](repeating: 0, count: side * side)
        for y in 0..<side { for x in 0..<side where x >= 72 && x < 152 && y >= 76 && y < 136 { alpha[y * side + x] = 1 } }
        let reach = Int((4 * sigma).rounded(.up))
        let kernel = (-reach...reach).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let total = kernel.reduce(0, +)
        func pass(_ src: [Double], horizontal: Bool) -> [Double] {
            var out = src
            for y in 0..<side {
                for x in 0..<side {
                    var sum = 0.0
                    for k in -reach...reach {
                        let (sx, sy) = horizontal ? (x + k, y) : (x, y + k)
                        if sx >= 0, sx < side, sy >= 0, sy < side { sum += src[sy * side + sx] * kernel[k + reach] }
                    }
                    out[y * side + x] = sum / total
                }
            }
            return out
        }
        let blurred = pass(pass(alpha, horizontal: true), horizontal: false)
        var worst = 0
        for y in 0..<side {
            for x in 0..<side where !(x >= 60 && x < 140 && y >= 60 && y < 120) {  // outside the blue rectangle
                let a = 0.5 * blurred[y * side + x]
                let expected = Colour(255, Int((255 * (1 - a)).rounded()), Int((255 * (1 - a)).rounded()))
                let p = image.pixel(x: x, y: y)
                worst = max(worst, abs(Int(p.g) - expected.g), abs(Int(p.r) - expected.r), abs(Int(p.b) - expected.b))
            }
        }
        #expect(worst <= 5, "largest difference from the Gaussian: \(worst)")
        #expect(image.colour(atPoint: 50, 45) == Colour(0, 0, 255), "the layer is drawn over its shadow")
    }

    @Test func theOffsetIsInTheParentsSpaceAndTheLayersRotationDoesNotTurnIt() throws {
        let s = try RasterScene()
        let rect = try shadowed(s, radius: 0, offset: (0, 20))
        try s.tree.set(.anchorX, 0.5, on: rect)
        try s.tree.set(.anchorY, 0.5, on: rect)
        try s.tree.set(.positionX, 50, on: rect)
        try s.tree.set(.positionY, 40, on: rect)
        try s.tree.set(.rotation, Double.pi / 2, on: rect)  // now 30 wide, 40 tall: x 35...65, y 20...60
        let image = s.render()
        #expect(image.colour(atPoint: 50, 75).isClose(to: Colour(255, 128, 128), 2), "below, not beside")
        #expect(image.colour(atPoint: 30, 40) == .white)
        #expect(image.colour(atPoint: 70, 40) == .white)
    }

    @Test func childrenCastTheShadowTooAndOpacityZeroCastsNone() throws {
        let s = try RasterScene()
        let group = try s.layer(.group, 10, 10, 40, 40)
        try s.layer(.ellipse, in: group, 0, 0, 20, 20, fill: blue)
        try s.tree.set(.shadowOffsetX, 50, on: group)
        try s.tree.set(.shadowRadius, 0, on: group)
        #expect(s.render().colour(atPoint: 70, 20) == .white, "opacity 0 by default: no shadow")
        try s.tree.set(.shadowOpacity, 1, on: group)
        #expect(s.render().colour(atPoint: 70, 20) == Colour(0, 0, 0), "the child's shape, moved 50 points right")
        #expect(s.render().colour(atPoint: 61, 11) == .white, "an ellipse, not the group's bounds")
    }

    @Test func aTranslucentLayerBlendsItsShadowAndItselfOnce() throws {
        let s = try RasterScene()
        let rect = try shadowed(s, radius: 0, offset: (10, 0))
        try s.tree.set(.opacity, 0.5, on: rect)
        let image = s.render()
        // Where the layer covers its own shadow, only the layer shows (at half strength).
        #expect(image.colour(atPoint: 60, 45).isClose(to: Colour(128, 128, 255), 2), "\(image.colour(atPoint: 60, 45))")
        #expect(image.colour(atPoint: 75, 45).isClose(to: Colour(255, 191, 191), 2), "\(image.colour(atPoint: 75, 45))")
    }

    @Test func hugeLayersAndTheLargestRadiusStayBounded() throws {
        let s = try RasterScene()
        let rect = try s.layer(.rect, -500_000, 40, 1_000_000, 20, fill: blue)
        try s.tree.set(.shadowOpacity, 1, on: rect)
        try s.tree.set(.shadowRadius, LayerProperty.maxShadowRadius, on: rect)
        try s.tree.set(.scaleX, 1e4, on: rect)
        let image = s.render()
        #expect(image.colour(atPoint: 50, 50) == Colour(0, 0, 255))
        #expect(image.colour(atPoint: 50, 25) != .white, "the wide blur reaches above")
        // A snapshot's out-of-range shadow values are bounded, not trusted.
        var layers = s.snapshot
        let i = layers.firstIndex { $0.id == rect }!
        for p in [LayerProperty.shadowRadius, .shadowOffsetX, .shadowOffsetY, .shadowOpacity] {
            for v in [Double.nan, .infinity, -1e300] {
                layers[i].values[Int(p.rawValue)] = v
                _ = Raster.render(layers)
            }
        }
    }
}
