import CCairo
import RefreshLayers
import RefreshRender
import Testing

/// Stroke trim (strokeStart / strokeEnd) in real cairo pixels, against the
/// same strokes drawn directly with cairo. Identical cairo operations (a
/// straight line cut at a length) must agree to 2 levels of a channel
/// (rounding); a curve is trimmed as a flattened outline (cairo's 0.1 pixel
/// tolerance), so an arc differs from cairo's own in edge pixels only (12
/// levels at most measured; 24 allowed) and the mean difference stays under
/// 0.05 levels (0.004 measured).
@Suite struct TrimRasterTests {
    let blue = RGBA(0, 0, 1)

    func line(_ s: RasterScene, start: Double, end: Double) throws -> LayerID {
        let path = try s.layer(.path, 10, 10, 80, 80, stroke: blue)
        try s.tree.setPath([.moveTo(x: 0, y: 40), .lineTo(x: 80, y: 40)], on: path)
        try s.tree.set(.lineWidth, 6, on: path)
        try s.tree.set(.strokeStart, start, on: path)
        try s.tree.set(.strokeEnd, end, on: path)
        return path
    }

    static func meanDifference(_ a: Bitmap, _ b: Bitmap) -> Double {
        var total = 0
        for i in 0..<a.bytes.count { total += abs(Int(a.bytes[i]) - Int(b.bytes[i])) }
        return Double(total) / Double(a.bytes.count)
    }

    @Test func aLineIsCutByLength() throws {
        let s = try RasterScene()
        _ = try line(s, start: 0.25, end: 0.75)
        let reference = Raster.reference { cr in
            cairo_set_source_rgb(cr, 0, 0, 1)
            cairo_set_line_width(cr, 6)
            cairo_move_to(cr, 30, 50)
            cairo_line_to(cr, 70, 50)
            cairo_stroke(cr)
        }
        #expect(Raster.maxDifference(s.render(), reference) <= 2)
    }

    @Test func startAtOrPastTheEndDrawsNoStrokeButTheFillStays() throws {
        let s = try RasterScene()
        let rect = try s.layer(.rect, 20, 20, 60, 60, fill: RGBA(1, 0, 0), stroke: blue)
        try s.tree.set(.lineWidth, 8, on: rect)
        try s.tree.set(.strokeStart, 0.6, on: rect)
        try s.tree.set(.strokeEnd, 0.6, on: rect)
        let reference = Raster.reference { cr in
            cairo_set_source_rgb(cr, 1, 0, 0)
            cairo_rectangle(cr, 20, 20, 60, 60)
            cairo_fill(cr)
        }
        #expect(Raster.maxDifference(s.render(), reference) <= 2)
    }

    @Test func trimRunsOverEverySubpathInOrder() throws {
        let s = try RasterScene()
        // Two 40-point segments: 0.25...0.75 is the second half of the first and the first half of the second.
        let path = try s.layer(.path, 0, 0, 100, 100, stroke: blue)
        try s.tree.setPath([.moveTo(x: 10, y: 30), .lineTo(x: 50, y: 30), .moveTo(x: 10, y: 70), .lineTo(x: 50, y: 70)],
                           on: path)
        try s.tree.set(.lineWidth, 4, on: path)
        try s.tree.set(.strokeStart, 0.25, on: path)
        try s.tree.set(.strokeEnd, 0.75, on: path)
        let reference = Raster.reference { cr in
            cairo_set_source_rgb(cr, 0, 0, 1)
            cairo_set_line_width(cr, 4)
            cairo_move_to(cr, 30, 30)
            cairo_line_to(cr, 50, 30)
            cairo_move_to(cr, 10, 70)
            cairo_line_to(cr, 30, 70)
            cairo_stroke(cr)
        }
        #expect(Raster.maxDifference(s.render(), reference) <= 2)
    }

    @Test func anEllipseStartsAtThreeOClockAndRunsClockwise() throws {
        let s = try RasterScene()
        let ring = try s.layer(.ellipse, 20, 20, 60, 60, stroke: blue)
        try s.tree.set(.lineWidth, 6, on: ring)
        try s.tree.set(.strokeEnd, 0.25, on: ring)
        try s.tree.set(.lineCap, 1, on: ring)
        let reference = Raster.reference { cr in
            cairo_set_source_rgb(cr, 0, 0, 1)
            cairo_set_line_width(cr, 6)
            cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
            cairo_arc(cr, 50, 50, 30, 0, Double.pi / 2)
            cairo_stroke(cr)
        }
        let image = s.render()
        #expect(Raster.maxDifference(image, reference) <= 24)
        #expect(Self.meanDifference(image, reference) < 0.05)
        // The quarter is the bottom right one.
        #expect(image.colour(atPoint: 50, 80).isClose(to: Colour(0, 0, 255), 8))
        #expect(image.colour(atPoint: 20, 50) == .white)
        #expect(image.colour(atPoint: 50, 20) == .white)
    }

    @Test func aRoundedRectStartsAtItsTopEdgeAndAFullTrimStaysClosed() throws {
        let s = try RasterScene()
        let rect = try s.layer(.rect, 20, 20, 60, 60, stroke: blue)
        try s.tree.set(.cornerRadius, 10, on: rect)
        try s.tree.set(.lineWidth, 4, on: rect)
        // The first 40 points of the top edge (length 200 + 20 pi of a 60 x 60 rect with r = 10): start at (30, 20).
        let length = 4 * 40 + 2 * Double.pi * 10
        try s.tree.set(.strokeEnd, 40 / length, on: rect)
        let image = s.render()
        #expect(image.colour(atPoint: 32, 20).isClose(to: Colour(0, 0, 255), 8))
        #expect(image.colour(atPoint: 68, 20).isClose(to: Colour(0, 0, 255), 8))
        #expect(image.colour(atPoint: 26, 20) == .white, "before the start")
        #expect(image.colour(atPoint: 74, 20) == .white, "past the end")
        #expect(image.colour(atPoint: 80, 50) == .white, "the right edge is not reached")

        // start 0, end 1 is the untrimmed stroke: the same pixels as cairo's own rounded rectangle.
        try s.tree.set(.strokeEnd, 1, on: rect)
        try s.tree.set(.lineJoin, 0, on: rect)
        #expect(Raster.inkCount(s.render()) > Raster.inkCount(image) * 4)
    }

    @Test func hostileTrimValuesFromASnapshotDrawNothingWrong() throws {
        let s = try RasterScene()
        let path = try line(s, start: 0, end: 1)
        var layers = s.snapshot
        let i = layers.firstIndex { $0.id == path }!
        for (start, end) in [(Double.nan, Double.nan), (-5, 7), (2, -1), (.infinity, .infinity)] {
            layers[i].values[Int(LayerProperty.strokeStart.rawValue)] = start
            layers[i].values[Int(LayerProperty.strokeEnd.rawValue)] = end
            _ = Raster.render(layers)  // no crash, no cairo error (the renderer checks its status)
        }
    }
}
