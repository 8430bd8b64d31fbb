import CCairo
import RefreshLayers
import RefreshRender
import Testing

/// Radial gradients (Gradient.kind == .radial): the first colour at the start
/// point, the last on the ellipse around it with half-axes |end - start| x
/// bounds. Against cairo's radial pattern built directly (2 levels).
@Suite struct RadialGradientRasterTests {
    let yellow = RGBA(1, 1, 0), green = RGBA(0, 0.5, 0)

    @Test func startAtTheCentreEndAtTheCornerFillsTheInscribedCircle() throws {
        let s = try RasterScene()
        let rect = try s.layer(.rect, 10, 10, 80, 80)
        try s.tree.setGradient(Gradient(startX: 0.5, startY: 0.5, endX: 1, endY: 1,
                                        stops: [.init(0, yellow), .init(1, green)], kind: .radial), on: rect)
        let reference = Raster.reference { cr in
            let g = cairo_pattern_create_radial(50, 50, 0, 50, 50, 40)!
            cairo_pattern_add_color_stop_rgba(g, 0, 1, 1, 0, 1)
            cairo_pattern_add_color_stop_rgba(g, 1, 0, 0.5, 0, 1)
            cairo_set_source(cr, g)
            cairo_rectangle(cr, 10, 10, 80, 80)
            cairo_fill(cr)
            cairo_pattern_destroy(g)
        }
        let image = s.render()
        #expect(Raster.maxDifference(image, reference) <= 2)
        #expect(image.colour(atPoint: 50, 50).isClose(to: Colour(255, 255, 0), 4))
        #expect(image.colour(atPoint: 12, 12).isClose(to: Colour(0, 128, 0), 2), "outside the ellipse the last colour holds")
    }

    @Test func unequalHalfAxesMakeAnEllipse() throws {
        let s = try RasterScene()
        let rect = try s.layer(.rect, 0, 0, 100, 100)
        // Half-axes 0.4 x 100 = 40 across, 0.2 x 100 = 20 down, centred at (50, 50).
        try s.tree.setGradient(Gradient(startX: 0.5, startY: 0.5, endX: 0.9, endY: 0.7,
                                        stops: [.init(0, RGBA(0, 0, 0)), .init(1, RGBA(1, 1, 1))], kind: .radial), on: rect)
        let image = s.render()
        let across = image.colour(atPoint: 70, 50), down = image.colour(atPoint: 50, 60)
        #expect(across.isClose(to: Colour(128, 128, 128), 4), "half way across: \(across)")
        #expect(down.isClose(to: Colour(128, 128, 128), 4), "half way down: \(down)")
        #expect(image.colour(atPoint: 50, 75) == .white, "past the short half-axis")
        #expect(image.colour(atPoint: 85, 50).r < 255, "inside the long one")
    }

    @Test func aDegenerateRadialGradientFromASnapshotPaintsTheLastColour() throws {
        let s = try RasterScene()
        let rect = try s.layer(.rect, 10, 10, 80, 80, fill: RGBA(0, 0, 1))
        var layers = s.snapshot
        let i = layers.firstIndex { $0.id == rect }!
        layers[i].gradient = Gradient(startX: 0.5, startY: 0.5, endX: 0.5, endY: 1,
                                      stops: [.init(0, yellow), .init(1, green)], kind: .radial)
        #expect(Raster.render(layers).colour(atPoint: 50, 50).isClose(to: Colour(0, 128, 0), 2))
    }
}
