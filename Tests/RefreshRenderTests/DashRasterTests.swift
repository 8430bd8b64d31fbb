import CCairo
import RefreshLayers
import RefreshRender
import Testing

/// Dashes, dash phase, caps, joins, miter limit, the even-odd rule and
/// counter-clockwise arcs, against the same cairo operations drawn directly:
/// identical operations agree to 2 levels of a channel (rounding only).
@Suite struct DashRasterTests {
    let red = RGBA(1, 0, 0)

    func setRed(_ cr: OpaquePointer) { cairo_set_source_rgb(cr, 1, 0, 0) }

    @Test func aDashPatternAndPhaseAreCairosOwn() throws {
        let s = try RasterScene()
        let path = try s.layer(.path, 0, 0, 100, 100, stroke: red)
        try s.tree.setPath([.moveTo(x: 10, y: 50), .lineTo(x: 90, y: 50), .lineTo(x: 90, y: 90)], on: path)
        try s.tree.set(.lineWidth, 4, on: path)
        try s.tree.setDash([10, 4, 2], on: path)  // odd: repeated twice
        try s.tree.set(.dashPhase, 3, on: path)
        try s.tree.set(.lineCap, 2, on: path)
        try s.tree.set(.lineJoin, 1, on: path)
        let reference = Raster.reference { cr in
            setRed(cr)
            cairo_set_line_width(cr, 4)
            cairo_set_dash(cr, [10, 4, 2], 3, 3)
            cairo_set_line_cap(cr, CAIRO_LINE_CAP_SQUARE)
            cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
            cairo_move_to(cr, 10, 50)
            cairo_line_to(cr, 90, 50)
            cairo_line_to(cr, 90, 90)
            cairo_stroke(cr)
        }
        #expect(Raster.maxDifference(s.render(), reference) <= 2)
    }

    @Test func theDashStartsWhereTheTrimmedStrokeStarts() throws {
        let s = try RasterScene()
        let path = try s.layer(.path, 0, 0, 100, 100, stroke: red)
        try s.tree.setPath([.moveTo(x: 10, y: 50), .lineTo(x: 90, y: 50)], on: path)
        try s.tree.set(.lineWidth, 4, on: path)
        try s.tree.setDash([8, 8], on: path)
        try s.tree.set(.strokeStart, 0.25, on: path)
        let reference = Raster.reference { cr in
            setRed(cr)
            cairo_set_line_width(cr, 4)
            cairo_set_dash(cr, [8, 8], 2, 0)
            cairo_move_to(cr, 30, 50)
            cairo_line_to(cr, 90, 50)
            cairo_stroke(cr)
        }
        #expect(Raster.maxDifference(s.render(), reference) <= 2)
    }

    @Test func aSharpJoinIsMiteredUpToTheMiterLimit() throws {
        func render(limit: Double, join: Double) throws -> Bitmap {
            let s = try RasterScene()
            let path = try s.layer(.path, 0, 0, 100, 100, stroke: red)
            try s.tree.setPath([.moveTo(x: 20, y: 80), .lineTo(x: 50, y: 30), .lineTo(x: 80, y: 80)], on: path)
            try s.tree.set(.lineWidth, 8, on: path)
            try s.tree.set(.lineJoin, join, on: path)
            try s.tree.set(.miterLimit, limit, on: path)
            return s.render()
        }
        func reference(limit: Double, join: cairo_line_join_t) -> Bitmap {
            Raster.reference { cr in
                setRed(cr)
                cairo_set_line_width(cr, 8)
                cairo_set_line_join(cr, join)
                cairo_set_miter_limit(cr, limit)
                cairo_move_to(cr, 20, 80)
                cairo_line_to(cr, 50, 30)
                cairo_line_to(cr, 80, 80)
                cairo_stroke(cr)
            }
        }
        let mitered = try render(limit: 10, join: 0), beveled = try render(limit: 1, join: 0)
        #expect(Raster.maxDifference(mitered, reference(limit: 10, join: CAIRO_LINE_JOIN_MITER)) <= 2)
        #expect(Raster.maxDifference(beveled, reference(limit: 1, join: CAIRO_LINE_JOIN_MITER)) <= 2)
        #expect(Raster.maxDifference(try render(limit: 10, join: 2), reference(limit: 10, join: CAIRO_LINE_JOIN_BEVEL)) <= 2)
        // The miter's tip sticks out above the corner; the limit cuts it off.
        #expect(mitered.colour(atPoint: 50, 24) != .white)
        #expect(beveled.colour(atPoint: 50, 24) == .white)
    }

    @Test func evenOddLeavesTheInnerSquareOpenAndNonZeroFillsIt() throws {
        let s = try RasterScene()
        let path = try s.layer(.path, 0, 0, 100, 100, fill: red)
        let square = { (a: Double, b: Double) -> [PathElement] in
            [.moveTo(x: a, y: a), .lineTo(x: b, y: a), .lineTo(x: b, y: b), .lineTo(x: a, y: b), .close]
        }
        try s.tree.setPath(square(10, 90) + square(30, 70), on: path)
        #expect(s.render().colour(atPoint: 50, 50) == Colour(255, 0, 0), "non-zero: both clockwise, filled")
        try s.tree.set(.fillRule, 1, on: path)
        let reference = Raster.reference { cr in
            setRed(cr)
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
            cairo_rectangle(cr, 10, 10, 80, 80)
            cairo_rectangle(cr, 30, 30, 40, 40)
            cairo_fill(cr)
        }
        let image = s.render()
        #expect(Raster.maxDifference(image, reference) <= 2)
        #expect(image.colour(atPoint: 50, 50) == .white)
    }

    @Test func aNegativeArcSweepsCounterClockwise() throws {
        let s = try RasterScene()
        let path = try s.layer(.path, 0, 0, 100, 100, stroke: red)
        try s.tree.setPath([.arcNegative(cx: 50, cy: 50, radius: 30, startAngle: 0, endAngle: Double.pi / 2)], on: path)
        try s.tree.set(.lineWidth, 4, on: path)
        let reference = Raster.reference { cr in
            setRed(cr)
            cairo_set_line_width(cr, 4)
            cairo_arc_negative(cr, 50, 50, 30, 0, Double.pi / 2)
            cairo_stroke(cr)
        }
        let image = s.render()
        #expect(Raster.maxDifference(image, reference) <= 2)
        // Three quarters, through the top and the left: not the bottom right.
        #expect(image.colour(atPoint: 50, 20).isClose(to: Colour(255, 0, 0), 8))
        #expect(image.colour(atPoint: 71, 71) == .white)
    }

    @Test func aPatternTooFineForTheOutlineIsDrawnSolidAndFaint() throws {
        // A million points of outline in dashes of a thousandth: a billion
        // dashes, which cairo would grind through; drawn as a solid, half-ink line.
        let s = try RasterScene()
        let path = try s.layer(.path, 0, 0, 100, 100, stroke: RGBA(0, 0, 0))
        try s.tree.setPath([.moveTo(x: -500_000, y: 50), .lineTo(x: 500_000, y: 50)], on: path)
        try s.tree.set(.lineWidth, 10, on: path)
        try s.tree.setDash([0.001, 0.001], on: path)
        let grey = s.render().colour(atPoint: 50, 50)
        #expect(grey.isClose(to: Colour(128, 128, 128), 4), "\(grey)")
    }

    @Test func invalidPatternsInASnapshotDrawSolid() throws {
        let s = try RasterScene()
        let path = try s.layer(.path, 0, 0, 100, 100, stroke: red)
        try s.tree.setPath([.moveTo(x: 10, y: 50), .lineTo(x: 90, y: 50)], on: path)
        try s.tree.set(.lineWidth, 4, on: path)
        let solid = s.render()
        var layers = s.snapshot
        let i = layers.firstIndex { $0.id == path }!
        for dash in [[0.0, 0], [-1, 4], [.nan, 2], [.infinity, 1], [Double](repeating: 1, count: 1000)] {
            layers[i].dash = dash
            layers[i].values[Int(LayerProperty.dashPhase.rawValue)] = .nan
            #expect(Raster.maxDifference(Raster.render(layers), solid) == 0, "\(dash.prefix(3))")
        }
    }
}
